import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { api } from '../../../lib/api-client.ts';

/** Cache keys the calendar and the week print read, reloaded after a change in Anagrafiche. */
export const SHARED_KEYS = QUERY_KEYS;

/** A write of Anagrafiche: afterwards every list it may change is reloaded. */
export function useAnagraficheMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  invalidate: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Archivia / Ripristina of a list under `path` (`${path}/archivia`, `${path}/ripristina`). */
export const useArchiveMutation = (path: string, invalidate: readonly QueryKey[]) =>
  useAnagraficheMutation(
    ({ ID, archived }: { ID: number; archived: boolean }) => api.post(`${path}/${archived ? 'archivia' : 'ripristina'}`, { ID }),
    invalidate,
  );
