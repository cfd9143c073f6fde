import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosingDay } from '../../../../common/presenze.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { usePresenzeMutation } from '../../../lib/presenze-mutation.ts';

export const getClosingDays = (anno: number) => api.get<ClosingDay[]>(`/presenze/chiusure?${new URLSearchParams({ anno: String(anno) })}`);

export const closingDaysQueryOptions = (anno: number) =>
  queryOptions({ queryKey: [...QUERY_KEYS.presenze, 'chiusure', anno], queryFn: () => getClosingDays(anno) });
export const useClosingDays = (anno: number) => useQuery(closingDaysQueryOptions(anno));

export const useAddClosingDay = () => usePresenzeMutation((day: ClosingDay) => api.put<{ ok: true }>('/presenze/chiusure', day));
export const useDeleteClosingDay = () =>
  usePresenzeMutation((data: string) => api.post<{ ok: true }>('/presenze/chiusure/elimina', { data }));
