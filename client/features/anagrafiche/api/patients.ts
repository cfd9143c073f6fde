import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PatientRecord } from '../../../../common/anagrafiche.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useRegistryMutation } from './registry-mutation.ts';

export interface PatientFields {
  Nome: string;
  Cognome: string;
  Cellulare: string;
}

export const getPatients = (q: string, pagina: number, archived: boolean) =>
  api.get<Page<PatientRecord>>(`/anagrafiche/pazienti?${new URLSearchParams({ q, pagina: String(pagina), archiviati: archived ? '1' : '0' })}`);

const patientsKey = ['anagrafiche', 'pazienti'] as const;
export const patientsQueryOptions = (q: string, pagina: number, archived: boolean) =>
  queryOptions({
    queryKey: [...patientsKey, { q, pagina, archived }],
    queryFn: () => getPatients(q, pagina, archived),
    placeholderData: keepPreviousData,
  });
export const usePatients = (q: string, pagina: number, archived: boolean) => useQuery(patientsQueryOptions(q, pagina, archived));

const changed = [patientsKey, SHARED_KEYS.search, SHARED_KEYS.day] as const;
export const useCreatePatient = () => useRegistryMutation((p: PatientFields) => api.put<{ insertId: number }>('/anagrafiche/pazienti', p), changed);
export const useUpdatePatient = () => useRegistryMutation((p: PatientFields & { ID: number }) => api.post('/anagrafiche/pazienti/update', p), changed);
export const useSetPatientArchived = () =>
  useRegistryMutation(
    ({ ID, archived }: { ID: number; archived: boolean }) => api.post(`/anagrafiche/pazienti/${archived ? 'archivia' : 'ripristina'}`, { ID }),
    changed,
  );
