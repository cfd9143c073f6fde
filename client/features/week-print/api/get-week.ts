import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayActivity, DayTransportRun } from '../../../../common/schemas.ts';
import type { Settimana } from '../../../../common/calendario.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** The week answers have the day's shapes (the activities' Pazienti are left empty). */
export type WeekActivity = DayActivity;
export type WeekRun = DayTransportRun;

export type { Settimana } from '../../../../common/calendario.ts';

/** The whole week in one request: activities with their therapists, and the minibus runs. */
export const getWeek = (datastart: string, datastop: string) => api.post<Settimana>('/calendario/settimana', { datastart, datastop });

export const weekQueryOptions = (start: string, stop: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.week, start, stop], queryFn: () => getWeek(start, stop) });

export const useWeek = (start: string, stop: string) => useQuery(weekQueryOptions(start, stop));
