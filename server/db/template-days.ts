/**
 * Template days (common/modelli.ts): the calendar's calls take a date of the reserved years only
 * when it falls in the week of a template that exists; a write only on its working days
 * (Monday to Friday, Saturday too when the centre's setting says so).
 */
import { sql } from 'drizzle-orm';
import { mondayOf, weekdayOf } from '../../common/dates.ts';
import { isTemplateDay } from '../../common/modelli.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/** Working weekdays of the templates (getDay numbers): Monday to Friday, and Saturday when the centre works then. */
export const workingWeekdays = (saturday: boolean) => (saturday ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5]);

/**
 * False when a template day among `dates` belongs to no template that exists, or (`working`) is not
 * a working day of it, or when real and template days are mixed (a range with one end of each).
 * Real dates cost nothing: no query unless a template day is asked for.
 */
export async function templateDaysExist(db: Db, dates: readonly string[], working: boolean): Promise<boolean> {
  const template = dates.filter(isTemplateDay);
  if (template.length === 0) return true;
  if (template.length !== dates.length) return false;
  const mondays = [...new Set(template.map(mondayOf))];
  const result = await rowsOf<{ found: number; saturday: boolean }>(
    db,
    sql`
    select (select count(*)::int from templates t where t.week::text = any(${`{${mondays.join(',')}}`}::text[])) as found,
      coalesce((select s.saturday from centre_settings s where s.id = 1), false) as saturday`,
  );
  const [row] = result;
  if (Number(row.found) !== mondays.length) return false;
  return !working || template.every((day) => workingWeekdays(row.saturday).includes(weekdayOf(day)));
}
