/**
 * The one client API of absences (GET/PUT /server/presenze/assenze, update, elimina, togli): Presenze lists, records,
 * edits and deletes them; the calendar's and Anagrafiche → Uscite's search dialogs read one day's to mark absent people; Presenze
 * and the calendar's conflict banner take an absent person out of the plan. One cache key for every reader, and every
 * write reloads what an absence changes (lib/presenze-mutation.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Absence,
  absenceCreateSchema,
  AbsenceReason,
  AbsenceRemoveInput,
  AbsentRemoval,
  absenceUpdateSchema,
  PersonKind,
} from '../../common/presenze.ts';
import { api } from './api-client.ts';
import { usePresenzeMutation } from './presenze-mutation.ts';
import { QUERY_KEYS } from './query-keys.ts';

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

/** One day's absences: a person found in a search dialog is noted "assente: malattia" and can still be added. */
export const useDayAbsences = (day: string, enabled = true) => useAbsences(day, day, enabled);

/** The reason a person is absent that day, from the recorded absences, or undefined. */
export const absenceReasonOf = (absences: Absence[] | undefined, kind: PersonKind, id: number): AbsenceReason | undefined =>
  absences?.find((a) => a.tipo === kind && a.persona === id)?.motivo;

export const useCreateAbsence = () => usePresenzeMutation((a: AbsenceFields) => api.put<{ insertId: number }>('/presenze/assenze', a));
/** Modifica: the absence's dates, reason, giustificata and note (the person stays). */
export const useUpdateAbsence = () =>
  usePresenzeMutation((body: z.output<typeof absenceUpdateSchema>) => api.post<{ ok: true }>('/presenze/assenze/update', body));
export const useDeleteAbsence = () =>
  usePresenzeMutation((body: { ID: number; correzione?: string }) => api.post<{ ok: true }>('/presenze/assenze/elimina', body));

/**
 * Takes an absent person out of every activity and minibus run: of an absence's days (`{ID}`, Presenze → Assenze) or of
 * one day (`{tipo, persona, data}`, the calendar's conflict banner).
 */
export const useRemoveAbsent = () =>
  usePresenzeMutation((body: AbsenceRemoveInput) => api.post<AbsentRemoval>('/presenze/assenze/togli', body));

/** "1 attività o uscita", "3 attività e uscite": how many the server took the person out of. */
export const removedCount = (rimossi: number) => (rimossi === 1 ? '1 attività o uscita' : `${rimossi} attività e uscite`);
