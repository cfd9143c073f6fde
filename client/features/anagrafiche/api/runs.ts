import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { runFormSchema } from '../../../../common/anagrafiche.ts';
import type { DayTransportRun } from '../../../../common/schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useAnagraficheMutation } from './anagrafiche-mutation.ts';

/** A minibus run as the shared form schema gives it once checked. */
export type RunFields = z.output<typeof runFormSchema>;

export const getRuns = (data: string) => api.post<DayTransportRun[]>('/anagrafiche/uscite/giorno', { data });

const runsKey = ['anagrafiche', 'uscite'] as const;
export const runsQueryOptions = (data: string) => queryOptions({ queryKey: [...runsKey, data], queryFn: () => getRuns(data) });
export const useRuns = (data: string) => useQuery(runsQueryOptions(data));

// Runs show on the calendar (TRASPORTO) and their staff in the week print.
const changed = [runsKey, SHARED_KEYS.day, SHARED_KEYS.week] as const;
export const useCreateRun = () =>
  useAnagraficheMutation((r: RunFields) => api.put<{ insertId: number }>('/anagrafiche/uscite', r), changed);
export const useUpdateRun = () =>
  useAnagraficheMutation((r: RunFields & { ID: number }) => api.post('/anagrafiche/uscite/update', r), changed);
export const useDeleteRun = () => useAnagraficheMutation((ID: number) => api.post('/anagrafiche/uscite/elimina', { ID }), changed);

export type RunPersonKind = 'paziente' | 'terapista';
export interface RunPerson {
  kind: RunPersonKind;
  uscita: number;
  personId: number;
}
const personPath = (kind: RunPersonKind) => (kind === 'paziente' ? '/anagrafiche/uscite/passeggeri' : '/anagrafiche/uscite/operatori');
const personBody = ({ kind, uscita, personId }: RunPerson) =>
  kind === 'paziente' ? { uscita, paziente: personId } : { uscita, terapista: personId };

export const useAddRunPerson = () => useAnagraficheMutation((p: RunPerson) => api.put(personPath(p.kind), personBody(p)), changed);
export const useRemoveRunPerson = () =>
  useAnagraficheMutation((p: RunPerson) => api.post(`${personPath(p.kind)}/rimuovi`, personBody(p)), changed);

/** The passengers in their new order (every one of the run once). */
export const useRunOrder = () =>
  useAnagraficheMutation((o: { uscita: number; pazienti: number[] }) => api.post('/anagrafiche/uscite/ordine', o), changed);
/** A stop's time, null to clear. */
export const useRunStop = () =>
  useAnagraficheMutation(
    (f: { uscita: number; paziente: number; ora: string | null }) => api.post('/anagrafiche/uscite/fermata', f),
    changed,
  );
/** The run's autista, null to clear. */
export const useRunDriver = () =>
  useAnagraficheMutation((a: { uscita: number; terapista: number | null }) => api.post('/anagrafiche/uscite/autista', a), changed);
