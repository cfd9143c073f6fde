import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountRecord } from '../../../../common/anagrafiche.ts';
import { api } from '../../../lib/api-client.ts';
import { useRegistryMutation } from './registry-mutation.ts';

export const getAccounts = () => api.get<AccountRecord[]>('/anagrafiche/utenti');

const accountsKey = ['anagrafiche', 'utenti'] as const;
export const accountsQueryOptions = () => queryOptions({ queryKey: accountsKey, queryFn: getAccounts });
export const useAccounts = () => useQuery(accountsQueryOptions());

const changed = [accountsKey] as const;
export const useCreateAccount = () =>
  useRegistryMutation((a: { username: string; password: string; Admin: 0 | 1 }) => api.put<{ insertId: number }>('/anagrafiche/utenti', a), changed);
export const useResetPassword = () => useRegistryMutation((p: { ID: number; password: string }) => api.post('/anagrafiche/utenti/password', p), changed);
export const useSetAdmin = () => useRegistryMutation((p: { ID: number; Admin: 0 | 1 }) => api.post('/anagrafiche/utenti/admin', p), changed);
export const useSetDisabled = () =>
  useRegistryMutation((p: { ID: number; disattivato: boolean }) => api.post('/anagrafiche/utenti/disattiva', p), changed);
