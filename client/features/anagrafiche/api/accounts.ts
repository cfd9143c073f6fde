import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AccountRecord,
  accountAdminSchema,
  accountCreateSchema,
  accountDisableSchema,
  accountPasswordSchema,
} from '../../../../common/anagrafiche.ts';
import { api } from '../../../lib/api-client.ts';
import { useAnagraficheMutation } from './anagrafiche-mutation.ts';

export const getAccounts = () => api.get<AccountRecord[]>('/anagrafiche/utenti');

const accountsKey = ['anagrafiche', 'utenti'] as const;
export const accountsQueryOptions = () => queryOptions({ queryKey: accountsKey, queryFn: getAccounts });
export const useAccounts = () => useQuery(accountsQueryOptions());

const changed = [accountsKey] as const;
export const useCreateAccount = () =>
  useAnagraficheMutation((a: z.output<typeof accountCreateSchema>) => api.put<{ insertId: number }>('/anagrafiche/utenti', a), changed);
export const useResetPassword = () =>
  useAnagraficheMutation((p: z.output<typeof accountPasswordSchema>) => api.post('/anagrafiche/utenti/password', p), changed);
export const useSetAdmin = () =>
  useAnagraficheMutation((p: z.output<typeof accountAdminSchema>) => api.post('/anagrafiche/utenti/admin', p), changed);
export const useSetDisabled = () =>
  useAnagraficheMutation((p: z.output<typeof accountDisableSchema>) => api.post('/anagrafiche/utenti/disattiva', p), changed);
