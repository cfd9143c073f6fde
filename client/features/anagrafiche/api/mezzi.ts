import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MezzoRecord, mezzoFormSchema } from '../../../../common/trasporti.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useAnagraficheMutation, useArchiveMutation } from './anagrafiche-mutation.ts';

export type MezzoFields = z.output<typeof mezzoFormSchema>;

export const getMezzi = (archived: boolean) => api.get<MezzoRecord[]>(`/anagrafiche/mezzi?archiviati=${archived ? '1' : '0'}`);

const mezziKey = ['anagrafiche', 'mezzi'] as const;
export const mezziQueryOptions = (archived: boolean) =>
  queryOptions({ queryKey: [...mezziKey, { archived }], queryFn: () => getMezzi(archived) });
export const useMezzi = (archived: boolean) => useQuery(mezziQueryOptions(archived));

// A mezzo's name, seats and colour show on the runs (Uscite, the calendar, the week print).
const changed = [mezziKey, ['anagrafiche', 'uscite'], SHARED_KEYS.day, SHARED_KEYS.week] as const;
export const useCreateMezzo = () =>
  useAnagraficheMutation((m: MezzoFields) => api.put<{ insertId: number }>('/anagrafiche/mezzi', m), changed);
export const useUpdateMezzo = () =>
  useAnagraficheMutation((m: MezzoFields & { ID: number }) => api.post('/anagrafiche/mezzi/update', m), changed);
export const useSetMezzoArchived = () => useArchiveMutation('/anagrafiche/mezzi', changed);
