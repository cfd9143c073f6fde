import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '../../../../common/schemas.ts';
import { api } from '../../../lib/api-client.ts';

export const getRooms = () => api.get<Room[]>('/calendario/getstanze');

/** Rooms change rarely (the registry of issue 5): fetched once per session. */
export const roomsQueryOptions = () => queryOptions({ queryKey: ['stanze'], queryFn: getRooms, staleTime: Infinity });

export const useRooms = () => useQuery(roomsQueryOptions());
