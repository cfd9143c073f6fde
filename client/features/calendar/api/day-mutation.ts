import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayQueryOptions } from './get-day.ts';

/** Section 4: after any change the calendar data is reloaded. */
export function useDayMutation<TVariables, TResult>(day: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dayQueryOptions(day).queryKey }),
  });
}
