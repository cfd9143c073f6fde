import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Cache keys the calendar and the week print own. Features do not import each
 * other, so the keys are written here too: a change in Anagrafiche reloads what
 * the other screens show (rooms, the day, the week, the people search).
 */
export const SHARED_KEYS = {
  rooms: ['stanze'],
  day: ['giornata'],
  week: ['settimana'],
  search: ['cerca'],
} as const satisfies Record<string, QueryKey>;

/** A write of Anagrafiche: afterwards every list it may change is reloaded. */
export function useRegistryMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>, invalidate: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
