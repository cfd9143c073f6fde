import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayActivity, DayTransportRun, Room } from '../../../../common/schemas.ts';
import { api } from '../../../lib/api-client.ts';

/** The week answers have the day's shapes (the activities' Pazienti are left empty). */
export type WeekActivity = DayActivity;
export type WeekRun = DayTransportRun;

export interface Settimana {
  datastart: string;
  datastop: string;
  attivita: WeekActivity[];
  uscite: WeekRun[];
}

/** The whole week in one request: activities with their therapists, and the minibus runs. */
export const getWeek = (datastart: string, datastop: string) => api.post<Settimana>('/calendario/settimana', { datastart, datastop });
export const getRooms = () => api.get<Room[]>('/calendario/getstanze');

export const weekQueryOptions = (start: string, stop: string) =>
  queryOptions({ queryKey: ['settimana', start, stop], queryFn: () => getWeek(start, stop) });
/** Same key as the calendar's rooms: one cached list (features do not import each other, the cache is shared). */
export const roomsQueryOptions = () => queryOptions({ queryKey: ['stanze'], queryFn: getRooms, staleTime: Infinity });

export const useWeek = (start: string, stop: string) => useQuery(weekQueryOptions(start, stop));
export const useRooms = () => useQuery(roomsQueryOptions());
