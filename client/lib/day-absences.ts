/**
 * The absences recorded for one day (Presenze), for the search dialogs of the calendar and of
 * Anagrafiche → Uscite: a person found is noted "assente: malattia" and can still be added.
 */
import { useQuery } from '@tanstack/react-query';
import type { Absence, AbsenceReason, PersonKind } from '../../common/presenze.ts';
import { api } from './api-client.ts';
import { QUERY_KEYS } from './query-keys.ts';

export const useDayAbsences = (day: string, enabled = true) =>
  useQuery({
    queryKey: [...QUERY_KEYS.presenze, 'assenze', day, day],
    queryFn: () => api.get<Absence[]>(`/presenze/assenze?dal=${encodeURIComponent(day)}&al=${encodeURIComponent(day)}`),
    enabled,
  });

/** The reason a person is absent that day, from the recorded absences, or undefined. */
export const absenceReasonOf = (absences: Absence[] | undefined, kind: PersonKind, id: number): AbsenceReason | undefined =>
  absences?.find((a) => a.tipo === kind && a.persona === id)?.motivo;
