/**
 * The types of activity (docs/product.md, Tipi di attività), read by Anagrafiche, the activity form and the progetto
 * form: one fetcher and one cache key for all three.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipoRecord } from '../../common/progetti.ts';
import { api } from './api-client.ts';
import { QUERY_KEYS } from './query-keys.ts';

export const getActivityTypes = (archived: boolean) => api.get<TipoRecord[]>(`/anagrafiche/tipi?archiviati=${archived ? '1' : '0'}`);

export const activityTypesQueryOptions = (archived: boolean) =>
  queryOptions({ queryKey: [...QUERY_KEYS.tipi, { archived }], queryFn: () => getActivityTypes(archived) });

/** The active types (archived ones cannot be chosen for a new activity or riga). */
export const useActivityTypes = (enabled = true) => useQuery({ ...activityTypesQueryOptions(false), enabled });

/** "Logopedia individuale" for a type's ID, "tipo n. 7" for one not in the list (archived, or not yet read). */
export function typeName(types: readonly TipoRecord[] | undefined, id: number): string {
  return types?.find((t) => t.ID === id)?.Nome ?? `tipo n. ${id}`;
}
