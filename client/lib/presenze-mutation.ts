import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from './query-keys.ts';

/**
 * A write of Presenze: afterwards everything of Presenze is reloaded (an absence changes the roll call,
 * the register and the list at once), and so are the calendar's day and week and the search dialogs,
 * which mark absent people.
 */
const CHANGED = [QUERY_KEYS.presenze, QUERY_KEYS.day, QUERY_KEYS.week, QUERY_KEYS.search] as const;

export function usePresenzeMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(CHANGED.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
