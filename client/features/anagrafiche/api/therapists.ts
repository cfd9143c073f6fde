import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TherapistRecord, therapistFormSchema } from '../../../../common/anagrafiche.ts';
import type { Finestra, Profilo } from '../../../../common/progetti.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useAnagraficheMutation } from './anagrafiche-mutation.ts';

/** A therapist as sent: the username and the linked sign-in account (RifUtente), -1 for none. */
export type TherapistFields = z.input<typeof therapistFormSchema> & {
  RifUtente: number;
  profilo?: Profilo | null;
  oreSettimanali?: number | null;
  disponibilita?: Finestra[];
};

export const getTherapists = (archived: boolean) => api.get<TherapistRecord[]>(`/anagrafiche/terapisti?archiviati=${archived ? '1' : '0'}`);

const therapistsKey = ['anagrafiche', 'terapisti'] as const;
export const therapistsQueryOptions = (archived: boolean) =>
  queryOptions({ queryKey: [...therapistsKey, { archived }], queryFn: () => getTherapists(archived) });
export const useTherapists = (archived: boolean) => useQuery(therapistsQueryOptions(archived));

const changed = [therapistsKey, SHARED_KEYS.search, SHARED_KEYS.day, SHARED_KEYS.week, SHARED_KEYS.progetti] as const;
export const useCreateTherapist = () =>
  useAnagraficheMutation((t: TherapistFields) => api.put<{ insertId: number }>('/anagrafiche/terapisti', t), changed);
export const useUpdateTherapist = () =>
  useAnagraficheMutation((t: TherapistFields & { ID: number }) => api.post('/anagrafiche/terapisti/update', t), changed);
export const useSetTherapistArchived = () =>
  useAnagraficheMutation(
    ({ ID, archived }: { ID: number; archived: boolean }) =>
      api.post(`/anagrafiche/terapisti/${archived ? 'archivia' : 'ripristina'}`, { ID }),
    changed,
  );
