/**
 * Annulla (POST /server/calendario/annulla): puts a day back exactly as it was before an
 * emptied day, a paste or a removed activity, with the same ids (activities, links, runs), so
 * the day's answer is the one it was. Only when the day is still as that operation left it
 * (its fingerprint, docs/decisions/0011-audit-log.md) and no change of the day's plan came after
 * it in the registro, and never to put back a person archived since (409 naming them); in one
 * transaction, under the day's lock, and itself recorded in the registro. A multi-day operation
 * (a template applied, a week pasted: docs/decisions/0027-multi-day-operations.md) is taken back
 * whole, every day by the same rules, in one transaction, or not at all.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_MSG,
  PLAN_ACTIONS,
  UNDOABLE_ACTIONS,
  isMultiDay,
  isUndoable,
  undoArchivedMessage,
  undoDaysChangedMessage,
  type AuditAction,
  type UndoAnswer,
} from '../../../common/audit.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import {
  SNAPSHOT_TABLES,
  appendAudit,
  dayFingerprintSql,
  intArray,
  readDaySnapshot,
  snapshotPeople,
  type Actor,
  type DaySnapshot,
} from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { dateArray } from '../../db/date-array.ts';
import { lockDays } from '../../db/locks.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/rows.ts';

/** Tables whose ids come from a sequence: moved past the restored rows if ever needed, never back. */
const SEQUENCED = ['transport_runs', 'activities', 'activity_patients', 'activity_therapists'] as const;

const idList = (rows: Record<string, unknown>[]) => intArray(rows.map((r) => Number(r.id)));

/**
 * Whether the day's plan changed after operation `operationId`, as the registro tells it: a row of
 * a plan-changing action on that day after it, other than a later operation taken back by Annulla
 * and that Annulla itself (so operations are taken back newest first, each onto the day it left).
 * The operation's own Annulla counts: it cannot be taken back twice.
 */
export const planChangedAfter = (day: SQL, operationId: SQL): SQL => sql`exists (
  select 1 from audit_log l
  where l.day = ${day} and l.id > ${operationId} and l.action = any(${`{${PLAN_ACTIONS.join(',')}}`}::text[])
    and not (l.action = 'giornata.annulla' and (l.after->>'operazione')::bigint > ${operationId})
    and not exists (
      select 1 from audit_log u where u.day = l.day and u.action = 'giornata.annulla' and u.after->>'operazione' = l.id::text))`;

/** The people of the operation's saved rows who have been archived since, by name (patients first). */
async function archivedPeopleIn(tx: Db, operationIds: readonly number[]): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    tx,
    sql`
    with saved as (select before->'righe' as rows from audit_log where id = any(${`{${operationIds.join(',')}}`}::bigint[])),
    patient_ids as (
      select (r->>'patient_id')::int as id from saved, jsonb_array_elements(coalesce(saved.rows->'activity_patients', '[]'::jsonb)) r
      union select (r->>'patient_id')::int from saved, jsonb_array_elements(coalesce(saved.rows->'transport_patients', '[]'::jsonb)) r),
    therapist_ids as (
      select (r->>'therapist_id')::int as id from saved, jsonb_array_elements(coalesce(saved.rows->'activity_therapists', '[]'::jsonb)) r
      union select (r->>'therapist_id')::int from saved, jsonb_array_elements(coalesce(saved.rows->'transport_therapists', '[]'::jsonb)) r)
    select name from (
      select 0 as kind, p.first_name || ' ' || p.last_name as name from patients p join patient_ids i on i.id = p.id where p.archived
      union all
      select 1, t.username from therapists t join therapist_ids i on i.id = t.id where t.archived) people
    order by kind, name`,
  );
  return rows.map((r) => r.name);
}

interface DayOperation {
  id: number;
  action: string;
  day: string;
  fingerprint: string;
}

/** Whether the day is still as the operation left it: same rows, not undone, no change of its plan recorded after it. */
async function dayStillAsLeft(tx: Db, op: DayOperation): Promise<boolean> {
  const [row] = await rowsOf<{ same: boolean }>(
    tx,
    sql`
      select ${dayFingerprintSql(op.day)} = ${op.fingerprint}
        and not exists (select 1 from audit_log u
          where u.day = ${op.day}::date and u.action = 'giornata.annulla' and u.after->>'operazione' = ${String(op.id)})
        and not ${planChangedAfter(sql`${op.day}::date`, sql`${op.id}::bigint`)} as same`,
  );
  return row.same;
}

/** The day's activities and runs locked (a person being added to one of them waits for the undo). */
async function lockDayRows(tx: Db, days: readonly string[]): Promise<void> {
  const list = dateArray(days);
  await tx.execute(sql`select id from activities where day = any(${list}) order by id for update`);
  await tx.execute(sql`select id from transport_runs where day = any(${list}) order by id for update`);
}

/** The day put back as the operation's saved rows hold it, and its own `giornata.annulla` row. */
async function restoreDay(tx: Db, by: Actor, op: DayOperation, group: number | null): Promise<number> {
  const day = op.day;
  const now = await readDaySnapshot(tx, day);
  // Out with the day's rows as they are now (their links go with them), in with the rows as they were.
  await tx.execute(sql`delete from transport_runs where id = any(${idList(now.snapshot.transport_runs)})`);
  await tx.execute(sql`delete from activities where id = any(${idList(now.snapshot.activities)})`);
  for (const table of SNAPSHOT_TABLES) {
    await tx.execute(sql`
      insert into ${sql.identifier(table)}
      select * from jsonb_populate_recordset(null::${sql.identifier(table)},
        (select before->'righe'->${table} from audit_log where id = ${op.id}))`);
  }
  for (const table of SEQUENCED) {
    await tx.execute(sql`
      select setval(s.seq, m.id) from (select pg_get_serial_sequence(${table}, 'id')::regclass as seq) s,
        (select max(id) as id from ${sql.identifier(table)}) m
      where m.id > coalesce(pg_sequence_last_value(s.seq), 0)`);
  }
  const [restored] = await rowsOf<{
    rows: DaySnapshot | string;
  }>(tx, sql`select before->'righe' as rows from audit_log where id = ${op.id}`);
  const back = snapshotPeople(typeof restored.rows === 'string' ? (JSON.parse(restored.rows) as DaySnapshot) : restored.rows);
  const gone = snapshotPeople(now.snapshot);
  return appendAudit(tx, by, {
    action: 'giornata.annulla',
    entity: 'giornata',
    day,
    patients: [...back.patients, ...gone.patients],
    therapists: [...back.therapists, ...gone.therapists],
    before: sql`json_build_object('righe', ${now.text}::json)`,
    after: sql`jsonb_build_object('operazione', ${op.id}::bigint, 'azione', ${op.action as AuditAction}::text,
      'impronta', ${dayFingerprintSql(day)})${group === null ? sql`` : sql` || jsonb_build_object('gruppo', ${group}::bigint)`}`,
  });
}

/** The days' undoable rows of a multi-day operation, in date order (they name it as `gruppo`, between its first and last day). */
async function groupDays(tx: Db, group: { id: number; day: string; dayTo: string }): Promise<DayOperation[]> {
  const rows = await rowsOf<{ id: string; action: string; day: string; fingerprint: string }>(
    tx,
    sql`
    select id, action, day::text as day, after->>'impronta' as fingerprint from audit_log
    where day between ${group.day}::date and ${group.dayTo}::date and action = any(${`{${UNDOABLE_ACTIONS.join(',')}}`}::text[])
      and after->>'gruppo' = ${String(group.id)} and before ? 'righe' and after ? 'impronta'
    order by day, id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Annulla: a day operation (svuota, incolla, elimina) puts its day back; a multi-day operation
 * (modello.applica, settimana.incolla) puts back every day it wrote, or none: refused naming the
 * days changed since. One day's row of a multi-day operation is not taken back alone.
 */
export async function undoOperation(db: Db, by: Actor, operationId: number): Promise<UndoAnswer> {
  return db.transaction(async (tx) => {
    const [op] = await rowsOf<{
      id: string;
      action: string;
      day: string | null;
      dayTo: string | null;
      fingerprint: string | null;
      group: string | null;
      hasRows: boolean;
    }>(
      tx,
      sql`
        select id, action, day::text as day, day_to::text as "dayTo", after->>'impronta' as fingerprint,
          after->>'gruppo' as "group", before->'righe' is not null as "hasRows"
        from audit_log where id = ${operationId}`,
    );
    if (!op) throw notFound(AUDIT_MSG.operationNotFound);
    if (isMultiDay(op.action) && op.day !== null) {
      const days = await groupDays(tx, { id: operationId, day: op.day, dayTo: op.dayTo ?? op.day });
      if (days.length === 0) throw conflict(AUDIT_MSG.notUndoable);
      await lockDays(
        tx,
        days.map((d) => d.day),
      );
      await lockDayRows(
        tx,
        days.map((d) => d.day),
      );
      const changed: string[] = [];
      for (const day of days) if (!(await dayStillAsLeft(tx, day))) changed.push(day.day);
      if (changed.length > 0) throw new HttpError(409, undoDaysChangedMessage(changed), ERROR_CODES.daysChanged);
      const archived = await archivedPeopleIn(
        tx,
        days.map((d) => d.id),
      );
      if (archived.length > 0) throw conflict(undoArchivedMessage(archived));
      const rows: number[] = [];
      for (const day of days) rows.push(await restoreDay(tx, by, day, operationId));
      return { ok: true as const, operazione: rows[0], data: days[0].day, giorni: days.map((d) => d.day) };
    }
    if (op.group !== null) throw conflict(AUDIT_MSG.partOfOperation);
    if (!isUndoable(op.action) || op.day === null || !op.hasRows || !op.fingerprint) throw conflict(AUDIT_MSG.notUndoable);
    const dayOp: DayOperation = { id: operationId, action: op.action, day: op.day, fingerprint: op.fingerprint };
    await lockDays(tx, [dayOp.day]);
    await lockDayRows(tx, [dayOp.day]);
    // A change made and then reverted by hand leaves the same fingerprint: the registro still knows it came after.
    if (!(await dayStillAsLeft(tx, dayOp))) throw conflict(AUDIT_MSG.dayChanged);
    const archived = await archivedPeopleIn(tx, [operationId]);
    if (archived.length > 0) throw conflict(undoArchivedMessage(archived));
    const operazione = await restoreDay(tx, by, dayOp, null);
    return { ok: true as const, operazione, data: dayOp.day, giorni: [dayOp.day] };
  });
}
