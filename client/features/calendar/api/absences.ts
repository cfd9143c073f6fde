import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonKind } from '../../../../common/presenze.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { dayQueryOptions } from './get-day.ts';

/** "Togli dalle attività del giorno": an absent person out of every activity and run of the day, in one transaction. */
export function useRemoveAbsentFromDay(day: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: { tipo: PersonKind; persona: number }) =>
      api.post<{ rimossi: number }>('/presenze/assenze/togli', { ...person, data: day }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dayQueryOptions(day).queryKey }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.presenze }),
      ]),
  });
}

/** "paola.neri: tolto da 2 attività e uscite del giorno". */
export const removedFromDay = (nome: string, rimossi: number) =>
  `${nome}: tolto da ${rimossi === 1 ? '1 attività o uscita' : `${rimossi} attività e uscite`} del giorno`;
