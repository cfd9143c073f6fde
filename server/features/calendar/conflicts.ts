/**
 * POST /server/calendario/conflitti: the conflicts of each day of a range of
 * at most 31 days, for the week's overview. Only the days that have
 * conflicts are listed, in date order; a day not listed is clean.
 * `settimane` (issue 29): each week (Monday to Sunday) touching the range whose operatori are planned beyond their
 * contracted hours (`ore_settimanali`), counted over the whole week even when the range holds part of it.
 */
import type { Conflict } from '../../../common/conflicts.ts';
import { addDays, mondayOf } from '../../../common/dates.ts';
import { findWeekConflicts } from '../../../common/plan-conflicts.ts';
import type { WeekConflict } from '../../../common/progetti.ts';
import type { Db } from '../../db/client.ts';
import { conflictsOfDay, readActivitiesWithPeople, readRunsWithPeople } from '../../db/day-read.ts';
import { readPlanContext } from '../../db/plan-context.ts';

export interface RangeConflicts {
  giorni: { data: string; conflitti: Conflict[] }[];
  settimane: { settimana: string; conflitti: WeekConflict[] }[];
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
  return { giorni, settimane: await weekConflicts(db, start, stop) };
}

/** `ore_settimanali` of every week touching start–stop (at most 6 weeks for 31 days). */
export async function weekConflicts(db: Db, start: string, stop: string): Promise<RangeConflicts['settimane']> {
  const first = mondayOf(start);
  const last = addDays(mondayOf(stop), 6);
  const activities = await readActivitiesWithPeople(db, first, last, false);
  if (activities.length === 0) return [];
  const context = await readPlanContext(
    db,
    activities.map((a) => ({ ...a, RifTipo: -1 })),
    first,
    last,
  );
  const settimane: RangeConflicts['settimane'] = [];
  for (let monday = first; monday <= last; monday = addDays(monday, 7)) {
    const sunday = addDays(monday, 6);
    const conflitti = findWeekConflicts(
      monday,
      activities.filter((a) => a.Data >= monday && a.Data <= sunday),
      context.terapisti,
    );
    if (conflitti.length > 0) settimane.push({ settimana: monday, conflitti });
  }
  return settimane;
}
