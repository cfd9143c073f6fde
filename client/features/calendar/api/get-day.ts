import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { markDayDataArrived } from '../paint-timing.ts';
import type { Giornata } from '../types.ts';

/** The whole day in one request: activities with their people, and the transport runs. */
export const getDay = async (data: string) => {
  const day = await api.post<Giornata>('/calendario/giornata', { data });
  markDayDataArrived();
  return day;
};

export const dayQueryOptions = (data: string) => queryOptions({ queryKey: [...QUERY_KEYS.day, data], queryFn: () => getDay(data) });

/** While the day cannot be read, it is tried again this often, besides when the browser is back online. */
export const DAY_RETRY_MS = 5_000;

export const useDay = (data: string) =>
  useQuery({ ...dayQueryOptions(data), refetchInterval: (query) => (query.state.status === 'error' ? DAY_RETRY_MS : false) });
