import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conflict } from '../../../../common/conflicts.ts';
import type { WeekConflict } from '../../../../common/progetti.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** Only the days of the range that have conflicts are listed. */
export interface ConflittiRange {
  giorni: { data: string; conflitti: Conflict[] }[];
  /** Issue 29: the weeks touching the range with operatori planned beyond their contracted hours. */
  settimane: { settimana: string; conflitti: WeekConflict[] }[];
}

/** The conflicts of each day of the week, in one request (the days with none are left out). */
export const getWeekConflicts = (datastart: string, datastop: string) =>
  api.post<ConflittiRange>('/calendario/conflitti', { datastart, datastop });

export const weekConflictsQueryOptions = (start: string, stop: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.week, 'conflitti', start, stop], queryFn: () => getWeekConflicts(start, stop) });

export const useWeekConflicts = (start: string, stop: string) => useQuery(weekConflictsQueryOptions(start, stop));
