import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayTransportRun } from '../../../../common/schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useRegistryMutation } from './registry-mutation.ts';

export interface RunFields {
  Tratta: string;
  Ora: string;
  OraArrivo: string;
  RifPulmino: 1 | 2;
  Data: string;
}

export const getRuns = (data: string) => api.post<DayTransportRun[]>('/anagrafiche/uscite/giorno', { data });

const runsKey = ['anagrafiche', 'uscite'] as const;
export const runsQueryOptions = (data: string) => queryOptions({ queryKey: [...runsKey, data], queryFn: () => getRuns(data) });
export const useRuns = (data: string) => useQuery(runsQueryOptions(data));

// Runs show on the calendar (TRASPORTO) and their staff in the week print.
const changed = [runsKey, SHARED_KEYS.day, SHARED_KEYS.week] as const;
export const useCreateRun = () => useRegistryMutation((r: RunFields) => api.put<{ insertId: number }>('/anagrafiche/uscite', r), changed);
export const useUpdateRun = () => useRegistryMutation((r: RunFields & { ID: number }) => api.post('/anagrafiche/uscite/update', r), changed);
export const useDeleteRun = () => useRegistryMutation((ID: number) => api.post('/anagrafiche/uscite/elimina', { ID }), changed);

export type RunPersonKind = 'paziente' | 'terapista';
export interface RunPerson {
  kind: RunPersonKind;
  uscita: number;
  personId: number;
}
const personPath = (kind: RunPersonKind) => (kind === 'paziente' ? '/anagrafiche/uscite/passeggeri' : '/anagrafiche/uscite/operatori');
const personBody = ({ kind, uscita, personId }: RunPerson) => (kind === 'paziente' ? { uscita, paziente: personId } : { uscita, terapista: personId });

export const useAddRunPerson = () => useRegistryMutation((p: RunPerson) => api.put(personPath(p.kind), personBody(p)), changed);
export const useRemoveRunPerson = () => useRegistryMutation((p: RunPerson) => api.post(`${personPath(p.kind)}/rimuovi`, personBody(p)), changed);
