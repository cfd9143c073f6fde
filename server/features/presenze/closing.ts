/**
 * Closing a checked month (its marks and absences then change only by an
 * administrator with a reason), reopening it, the list of changes made to
 * closed months, and the centre's own closing days.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, daysInRange, todayInRome } from '../../../common/dates.ts';
import { PRESENZE_MSG as M, type AttendanceCorrection, type ClosingDay } from '../../../common/presenze.ts';
import { appendAudit, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { readClosingDaysDescribed } from '../../db/closing-days.ts';
import { lockMonths } from '../../db/locks.ts';
import { attendanceCorrections, closedMonths, closingDays } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { isoTime } from './roll-call.ts';
import { daysOfMonth } from './rules.ts';
import { rowsOf } from '../../db/rows.ts';

export async function closeMonth(db: Db, by: Actor & { ID: number }, month: string, today: string = todayInRome()) {
  const days = daysOfMonth(month);
  if (days[days.length - 1] >= today) throw conflict(M.monthNotOver);
  await db.transaction(async (tx) => {
    await lockMonths(tx, [month], 'exclusive');
    const inserted = await tx
      .insert(closedMonths)
      .values({ month, closedBy: by.ID })
      .onConflictDoNothing()
      .returning({ month: closedMonths.month });
    if (inserted.length === 0) throw conflict(M.monthAlreadyClosed);
    await appendAudit(tx, by, {
      action: 'mese.chiudi',
      entity: 'mese',
      day: days[0],
      dayTo: days[days.length - 1],
      after: { mese: month },
    });
  });
  return { ok: true };
}

export async function reopenMonth(db: Db, by: Actor & { ID: number }, month: string, correction: string) {
  const days = daysOfMonth(month);
  await db.transaction(async (tx) => {
    await lockMonths(tx, [month], 'exclusive');
    const deleted = await tx.delete(closedMonths).where(eq(closedMonths.month, month)).returning({ month: closedMonths.month });
    if (deleted.length === 0) throw conflict(M.monthNotClosed);
    await tx.insert(attendanceCorrections).values({ month, change: `mese ${month} riaperto`, reason: correction, userId: by.ID });
    await appendAudit(tx, by, {
      action: 'mese.riapri',
      entity: 'mese',
      day: days[0],
      dayTo: days[days.length - 1],
      after: { mese: month, correzione: correction },
    });
  });
  return { ok: true };
}

/** The changes made to a closed month, newest first. */
export async function listCorrections(db: Db, month: string): Promise<AttendanceCorrection[]> {
  const result = await rowsOf<AttendanceCorrection>(
    db,
    sql`
    select c.id as "ID", c.change as cambio, c.reason as motivo, coalesce(u.username, '') as da, ${isoTime('c.at')} as il
    from attendance_corrections c left join users u on u.id = c.user_id
    where c.month = ${month}
    order by c.at desc, c.id desc
  `,
  );
  return result.map((r) => ({ ...r, ID: Number(r.ID) }));
}

export async function listClosingDays(db: Db, year: number): Promise<ClosingDay[]> {
  return readClosingDaysDescribed(db, `${year}-01-01`, `${year}-12-31`);
}

/** One closing day, or every day from `day` to `until` not already closed; refused when none is new. */
export async function addClosingDay(db: Db, by: Actor, day: string, until: string | undefined, description: string) {
  const days = Array.from({ length: until === undefined ? 1 : daysInRange(day, until) }, (_, i) => addDays(day, i));
  const added = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(closingDays)
      .values(days.map((d) => ({ day: d, description })))
      .onConflictDoNothing()
      .returning({ day: closingDays.day });
    if (rows.length === 0) throw conflict(M.closingDayDuplicate);
    for (const row of rows)
      await appendAudit(tx, by, { action: 'chiusura.aggiungi', entity: 'chiusura', day: row.day, after: { descrizione: description } });
    return rows.length;
  });
  return { ok: true, aggiunti: added };
}

export async function deleteClosingDay(db: Db, by: Actor, day: string) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(closingDays)
      .where(eq(closingDays.day, day))
      .returning({ day: closingDays.day, description: closingDays.description });
    if (deleted.length === 0) throw notFound(M.closingDayNotFound);
    await appendAudit(tx, by, { action: 'chiusura.elimina', entity: 'chiusura', day, before: { descrizione: deleted[0].description } });
  });
  return { ok: true };
}
