import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Absence, absenceCreateSchema, AbsenceRemoveInput, AbsentRemoval } from '../../../../common/presenze.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { usePresenzeMutation } from './presenze-mutation.ts';

/** An absence as the shared schema gives it once checked. */
export type AbsenceFields = z.output<typeof absenceCreateSchema>;

export const getAbsences = (dal: string, al: string) => api.get<Absence[]>(`/presenze/assenze?${new URLSearchParams({ dal, al })}`);

export const absencesQueryOptions = (dal: string, al: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.presenze, 'assenze', { dal, al }],
    queryFn: () => getAbsences(dal, al),
    placeholderData: keepPreviousData,
  });
export const useAbsences = (dal: string, al: string, enabled = true) => useQuery({ ...absencesQueryOptions(dal, al), enabled });

export const useCreateAbsence = () => usePresenzeMutation((a: AbsenceFields) => api.put<{ insertId: number }>('/presenze/assenze', a));
export const useDeleteAbsence = () =>
  usePresenzeMutation((body: { ID: number; correzione?: string }) => api.post<{ ok: true }>('/presenze/assenze/elimina', body));
/** Takes an absent person out of every activity and minibus run of the absence's days. */
export const useRemoveAbsent = () =>
  usePresenzeMutation((body: AbsenceRemoveInput) => api.post<AbsentRemoval>('/presenze/assenze/togli', body));
