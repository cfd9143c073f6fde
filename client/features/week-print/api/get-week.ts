import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayActivity, DayTransportRun, Room } from '../../../../common/schemas.ts';
import { api } from '../../../lib/api-client.ts';

/** The week answers have the day's shapes (the activities' Pazienti are left empty). */
export type WeekActivity = DayActivity;
export type WeekRun = DayTransportRun;

export const getWeekActivities = (datastart: string, datastop: string) =>
  api.post<WeekActivity[]>('/calendario/getattivitaweek', { datastart, datastop });
export const getWeekRuns = (datastart: string, datastop: string) =>
  api.post<WeekRun[]>('/calendario/getweektrasporto', { datastart, datastop });
export const getRooms = () => api.get<Room[]>('/calendario/getstanze');

export const weekActivitiesQueryOptions = (start: string, stop: string) =>
  queryOptions({ queryKey: ['settimana', 'attivita', start, stop], queryFn: () => getWeekActivities(start, stop) });
export const weekRunsQueryOptions = (start: string, stop: string) =>
  queryOptions({ queryKey: ['settimana', 'trasporti', start, stop], queryFn: () => getWeekRuns(start, stop) });
/** Same key as the calendar's rooms: one cached list (features do not import each other, the cache is shared). */
export const roomsQueryOptions = () => queryOptions({ queryKey: ['stanze'], queryFn: getRooms, staleTime: Infinity });

export const useWeekActivities = (start: string, stop: string) => useQuery(weekActivitiesQueryOptions(start, stop));
export const useWeekRuns = (start: string, stop: string) => useQuery(weekRunsQueryOptions(start, stop));
export const useRooms = () => useQuery(roomsQueryOptions());
