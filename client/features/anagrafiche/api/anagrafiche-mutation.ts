import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

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
