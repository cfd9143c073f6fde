import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TherapistRecord } from '../../../../common/anagrafiche.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useRegistryMutation } from './registry-mutation.ts';

export interface TherapistFields {
  username: string;
  /** The linked sign-in account, or -1 for none. */
  RifUtente: number;
}

export const getTherapists = (archived: boolean) => api.get<TherapistRecord[]>(`/anagrafiche/terapisti?archiviati=${archived ? '1' : '0'}`);

const therapistsKey = ['anagrafiche', 'terapisti'] as const;
export const therapistsQueryOptions = (archived: boolean) =>
  queryOptions({ queryKey: [...therapistsKey, { archived }], queryFn: () => getTherapists(archived) });
export const useTherapists = (archived: boolean) => useQuery(therapistsQueryOptions(archived));

const changed = [therapistsKey, SHARED_KEYS.search, SHARED_KEYS.day, SHARED_KEYS.week] as const;
export const useCreateTherapist = () => useRegistryMutation((t: TherapistFields) => api.put<{ insertId: number }>('/anagrafiche/terapisti', t), changed);
export const useUpdateTherapist = () => useRegistryMutation((t: TherapistFields & { ID: number }) => api.post('/anagrafiche/terapisti/update', t), changed);
export const useSetTherapistArchived = () =>
  useRegistryMutation(
    ({ ID, archived }: { ID: number; archived: boolean }) => api.post(`/anagrafiche/terapisti/${archived ? 'archivia' : 'ripristina'}`, { ID }),
    changed,
  );
