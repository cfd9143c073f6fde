import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClosingDay, closingDaySchema } from '../../../../common/presenze.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { usePresenzeMutation } from '../../../lib/presenze-mutation.ts';

export const getClosingDays = (anno: number) => api.get<ClosingDay[]>(`/presenze/chiusure?${new URLSearchParams({ anno: String(anno) })}`);

export const closingDaysQueryOptions = (anno: number) =>
  queryOptions({ queryKey: [...QUERY_KEYS.presenze, 'chiusure', anno], queryFn: () => getClosingDays(anno) });
export const useClosingDays = (anno: number) => useQuery(closingDaysQueryOptions(anno));

/** One day, or with `al` every day up to it: `aggiunti` says how many were new. */
export const useAddClosingDay = () =>
  usePresenzeMutation((closing: z.output<typeof closingDaySchema>) =>
    api.put<{ ok: true; aggiunti: number }>('/presenze/chiusure', closing),
  );
export const useDeleteClosingDay = () =>
  usePresenzeMutation((data: string) => api.post<{ ok: true }>('/presenze/chiusure/elimina', { data }));
