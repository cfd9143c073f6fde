import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Page, PatientRecord, patientFormSchema } from '../../../../common/anagrafiche.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useAnagraficheMutation } from './anagrafiche-mutation.ts';

/** A patient as the shared form schema gives it once checked (the mobile normalised to +39…). */
export type PatientFields = z.output<typeof patientFormSchema>;

export const getPatients = (q: string, pagina: number, archived: boolean) =>
  api.get<Page<PatientRecord>>(
    `/anagrafiche/pazienti?${new URLSearchParams({ q, pagina: String(pagina), archiviati: archived ? '1' : '0' })}`,
  );

const patientsKey = ['anagrafiche', 'pazienti'] as const;
export const patientsQueryOptions = (q: string, pagina: number, archived: boolean) =>
  queryOptions({
    queryKey: [...patientsKey, { q, pagina, archived }],
    queryFn: () => getPatients(q, pagina, archived),
    placeholderData: keepPreviousData,
  });
export const usePatients = (q: string, pagina: number, archived: boolean) => useQuery(patientsQueryOptions(q, pagina, archived));

const changed = [patientsKey, SHARED_KEYS.search, SHARED_KEYS.day] as const;
export const useCreatePatient = () =>
  useAnagraficheMutation((p: PatientFields) => api.put<{ insertId: number }>('/anagrafiche/pazienti', p), changed);
export const useUpdatePatient = () =>
  useAnagraficheMutation((p: PatientFields & { ID: number }) => api.post('/anagrafiche/pazienti/update', p), changed);
export const useSetPatientArchived = () =>
  useAnagraficheMutation(
    ({ ID, archived }: { ID: number; archived: boolean }) =>
      api.post(`/anagrafiche/pazienti/${archived ? 'archivia' : 'ripristina'}`, { ID }),
    changed,
  );
