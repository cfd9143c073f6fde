/**
 * POST /server/calendario/conflitti: the conflicts of each day of a range of
 * at most 31 days, for the week's overview. Only the days that have
 * conflicts are listed, in date order; a day not listed is clean.
 */
import type { Conflict } from '../../../common/conflicts.ts';
import type { Db } from '../../db/client.ts';
import { conflictsOfDay, readActivitiesWithPeople, readRunsWithPeople } from '../../db/day-read.ts';

export interface RangeConflicts {
  giorni: { data: string; conflitti: Conflict[] }[];
}

export async function rangeConflicts(db: Db, start: string, stop: string): Promise<RangeConflicts> {
  const [activities, runs] = await Promise.all([readActivitiesWithPeople(db, start, stop, true), readRunsWithPeople(db, start, stop)]);
  const days = new Map<string, Parameters<typeof conflictsOfDay>[1]>();
  const dayOf = (data: string) => {
    let day = days.get(data);
    if (!day) days.set(data, (day = { attivita: [], uscite: [] }));
    return day;
  };
  activities.forEach((a) => dayOf(a.Data).attivita.push(a));
  runs.forEach((r) => dayOf(r.Data).uscite.push(r));
  const giorni: RangeConflicts['giorni'] = [];
  for (const data of [...days.keys()].sort()) {
    const conflitti = await conflictsOfDay(db, days.get(data)!);
    if (conflitti.length > 0) giorni.push({ data, conflitti });
  }
  return { giorni };
}
