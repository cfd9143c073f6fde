import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conflict } from '../../../../common/conflicts.ts';
import { dayQueryOptions } from './get-day.ts';

const conflictsOf = (result: unknown): Conflict[] | undefined => {
  const conflitti = (result as { conflitti?: unknown } | null)?.conflitti;
  return Array.isArray(conflitti) ? (conflitti as Conflict[]) : undefined;
};

/**
 * After any change the calendar data is reloaded (the server is the only truth about the day). A write
 * that answers the day's conflicts shows them at once, while the day is read again.
 */
export function useDayMutation<TVariables, TResult>(day: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  const { queryKey } = dayQueryOptions(day);
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      const conflitti = conflictsOf(result);
      if (conflitti) queryClient.setQueryData(queryKey, (old) => (old ? { ...old, conflitti } : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
