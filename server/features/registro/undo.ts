/**
 * Annulla (POST /server/calendario/annulla): puts a day back exactly as it was before an
 * emptied day, a paste or a removed activity, with the same ids (activities, links, runs), so
 * the day's answer is the one it was. Only when the day is still as that operation left it
 * (its fingerprint, docs/decisions/0011-audit-log.md); in one transaction, under the day's lock,
 * and itself recorded in the registro.
 */
import { sql } from 'drizzle-orm';
import { AUDIT_MSG, isUndoable, type AuditAction } from '../../../common/audit.ts';
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
import { lockDays } from '../../db/locks.ts';
import { conflict, notFound } from '../../lib/http-error.ts';

type Rows<T> = { rows: T[] };

/** Tables whose ids come from a sequence: moved past the restored rows if ever needed, never back. */
const SEQUENCED = ['transport_runs', 'activities', 'activity_patients', 'activity_therapists'] as const;

const idList = (rows: Record<string, unknown>[]) => intArray(rows.map((r) => Number(r.id)));

export async function undoOperation(db: Db, by: Actor, operationId: number): Promise<{ ok: true; operazione: number; data: string }> {
  return db.transaction(async (tx) => {
    const [op] = (
      (await tx.execute(sql`
        select id, action, day::text as day, after->>'impronta' as fingerprint, before->'righe' is not null as "hasRows"
        from audit_log where id = ${operationId}`)) as unknown as Rows<{
        id: string;
        action: string;
        day: string | null;
        fingerprint: string | null;
        hasRows: boolean;
      }>
    ).rows;
    if (!op) throw notFound(AUDIT_MSG.operationNotFound);
    if (!isUndoable(op.action) || op.day === null || !op.hasRows || !op.fingerprint) throw conflict(AUDIT_MSG.notUndoable);
    const day = op.day;
    await lockDays(tx, [day]);
    // The day's activities and runs locked too: a person being added to one of them waits for the undo.
    await tx.execute(sql`select id from activities where day = ${day}::date order by id for update`);
    await tx.execute(sql`select id from transport_runs where day = ${day}::date order by id for update`);
    const now = await readDaySnapshot(tx, day);
    const [undone] = (
      (await tx.execute(sql`
        select 1 as undone from audit_log
        where day = ${day}::date and action = 'giornata.annulla' and after->>'operazione' = ${String(operationId)} limit 1`)) as unknown as Rows<unknown>
    ).rows;
    if (now.fingerprint !== op.fingerprint || undone) throw conflict(AUDIT_MSG.dayChanged);

    // Out with the day's rows as they are now (their links go with them), in with the rows as they were.
    await tx.execute(sql`delete from transport_runs where id = any(${idList(now.snapshot.transport_runs)})`);
    await tx.execute(sql`delete from activities where id = any(${idList(now.snapshot.activities)})`);
    for (const table of SNAPSHOT_TABLES) {
      await tx.execute(sql`
        insert into ${sql.identifier(table)}
        select * from jsonb_populate_recordset(null::${sql.identifier(table)},
          (select before->'righe'->${table} from audit_log where id = ${operationId}))`);
    }
    for (const table of SEQUENCED) {
      await tx.execute(sql`
        select setval(s.seq, m.id) from (select pg_get_serial_sequence(${table}, 'id')::regclass as seq) s,
          (select max(id) as id from ${sql.identifier(table)}) m
        where m.id > coalesce(pg_sequence_last_value(s.seq), 0)`);
    }
    const [restored] = (
      (await tx.execute(sql`select before->'righe' as rows from audit_log where id = ${operationId}`)) as unknown as Rows<{
        rows: DaySnapshot | string;
      }>
    ).rows;
    const back = snapshotPeople(typeof restored.rows === 'string' ? (JSON.parse(restored.rows) as DaySnapshot) : restored.rows);
    const gone = snapshotPeople(now.snapshot);
    const operazione = await appendAudit(tx, by, {
      action: 'giornata.annulla',
      entity: 'giornata',
      day,
      patients: [...back.patients, ...gone.patients],
      therapists: [...back.therapists, ...gone.therapists],
      before: sql`json_build_object('righe', ${now.text}::json)`,
      after: sql`jsonb_build_object('operazione', ${operationId}::bigint, 'azione', ${op.action as AuditAction}::text,
        'impronta', ${dayFingerprintSql(day)})`,
    });
    return { ok: true as const, operazione, data: day };
  });
}
