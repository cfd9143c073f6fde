import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '../../common/schemas.ts';
import { api } from './api-client.ts';
import { QUERY_KEYS } from './query-keys.ts';

export const getRooms = () => api.get<Room[]>('/calendario/getstanze');

/** Rooms change rarely: fetched once per session, shared by the calendar and the weekly print. */
export const roomsQueryOptions = () => queryOptions({ queryKey: QUERY_KEYS.rooms, queryFn: getRooms, staleTime: Infinity });

/** Rooms that could not be read are tried again every few seconds (the calendar waits for them). */
export const useRooms = () =>
  useQuery({ ...roomsQueryOptions(), refetchInterval: (query) => (query.state.status === 'error' ? 5_000 : false) });
