import type { z } from 'zod';
import type { tipoFormSchema, tipoUpdateSchema } from '../../../../common/progetti.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useAnagraficheMutation, useArchiveMutation } from './anagrafiche-mutation.ts';

// The list is read through client/lib/activity-types.ts (the activity form and the progetto form read it too).
const changed = [SHARED_KEYS.tipi, SHARED_KEYS.progetti] as const;
export const useCreateType = () =>
  useAnagraficheMutation((t: z.output<typeof tipoFormSchema>) => api.put<{ insertId: number }>('/anagrafiche/tipi', t), changed);
export const useUpdateType = () =>
  useAnagraficheMutation((t: z.output<typeof tipoUpdateSchema>) => api.post('/anagrafiche/tipi/update', t), changed);
export const useSetTypeArchived = () => useArchiveMutation('/anagrafiche/tipi', changed);
