/**
 * The rules every Presenze write shares: what "today" is at the centre, which
 * months a range of days touches, and the closed-month guard that refuses a
 * change or keeps it in attendance_corrections with its reason.
 */
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../common/errors.ts';
import { PRESENZE_MSG as M } from '../../../common/presenze.ts';
import type { Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { lockMonths } from '../../db/locks.ts';
import { attendanceCorrections } from '../../db/schema.ts';
import { conflict, forbidden } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/rows.ts';

/** The yyyy-mm months of the days from `start` to `end`, both included, in order. */
export function monthsOfRange(start: string, end: string): string[] {
  const months: string[] = [];
  let [year, month] = start.slice(0, 7).split('-').map(Number);
  const last = end.slice(0, 7);
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** The days of a yyyy-mm month, as yyyy-mm-dd. */
export function daysOfMonth(month: string): string[] {
  const [year, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** Who writes, as the closed-month guard and the registro need it. */
export interface Writer extends Actor {
  ID: number;
  Admin: number;
}

/**
 * In a write's transaction: takes the months' shared lock, and when some are
 * closed refuses the change (a non-administrator with 403, an administrator
 * without a reason with 409) or records one correction row per closed month.
 * `change` says what changes, in Italian and without names ("assenza … di paziente 12 registrata (malattia)").
 */
export async function guardClosedMonths(tx: Db, by: Writer, months: string[], change: string, correction: string | undefined) {
  await lockMonths(tx, months, 'shared');
  const closed = (
    await rowsOf<{ month: string }>(
      tx,
      sql`select month from closed_months where month in (${sql.join(
        months.map((m) => sql`${m}`),
        sql`, `,
      )}) order by month`,
    )
  ).map((r) => r.month);
  if (closed.length === 0) return;
  if (by.Admin <= 0) throw forbidden(M.monthClosed, ERROR_CODES.adminOnly);
  if (!correction) throw conflict(M.monthClosed, ERROR_CODES.correctionRequired);
  await tx.insert(attendanceCorrections).values(closed.map((month) => ({ month, change, reason: correction, userId: by.ID })));
}
