/**
 * The registro's writer, shared by every feature that writes (docs/decisions/0011-audit-log.md):
 * one row appended in the write's own transaction. The values a sentence needs (names, an
 * activity's day and times) are read by the insert itself, as SQL, so a write pays one
 * statement for its row and nothing travels to the server and back. Here too the day's
 * snapshot and fingerprint of the undoable operations. The day lock every calendar write takes
 * first, so that one day's writes (and their rows) follow each other in commit order, is in
 * server/db/locks.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AuditAction } from '../../common/audit.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/** Who writes: an account's id and username as they are now (none for a refused sign-in). */
export interface Actor {
  ID: number | null;
  username: string;
}

type Ids = readonly number[] | SQL;
type Value = unknown;

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId?: number | null;
  day?: string | null;
  dayTo?: string | null;
  /** Every patient and therapist the change touched: ids, or SQL that yields an int[]. */
  patients?: Ids;
  therapists?: Ids;
  /** JSON values, or SQL that yields json or jsonb (read by the insert itself). */
  before?: Value | SQL;
  after?: Value | SQL;
}

const isSql = (value: unknown): value is SQL => typeof value === 'object' && value !== null && 'queryChunks' in value;

/** A PostgreSQL int[] literal of distinct ids, as one parameter. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${[...new Set(ids)].sort((a, b) => a - b).join(',')}}`}::int[]`;

const idsOf = (ids: Ids | undefined): SQL =>
  ids === undefined
    ? sql`'{}'::int[]`
    : isSql(ids)
      ? sql`array(select distinct x from unnest((${ids})::int[]) x where x is not null order by 1)`
      : intArray(ids);

const jsonOf = (value: Value | SQL | undefined): SQL =>
  value === undefined || value === null ? sql`null` : isSql(value) ? sql`(${value})::jsonb` : sql`${JSON.stringify(value)}::jsonb`;

/**
 * The registro row of one record created, changed, archived or restored: its state `before` (none for a new one) and
 * after, each under the entity's name (`{"stanza": {...}}`), the after read by `json` in the same statement.
 */
export const auditRecord = (
  tx: Db,
  by: Actor,
  {
    id,
    json,
    before,
    ...entry
  }: Omit<AuditEntry, 'entityId' | 'before' | 'after'> & { id: number; json: (id: number) => SQL; before?: Value },
) =>
  appendAudit(tx, by, {
    ...entry,
    entityId: id,
    ...(before === undefined ? {} : { before: { [entry.entity]: before } }),
    after: sql`json_build_object(${entry.entity}::text, ${json(id)})`,
  });

/** Appends one row to the registro and answers its id. Call it inside the write's transaction. */
export async function appendAudit(tx: Db, by: Actor, entry: AuditEntry): Promise<number> {
  const result = await rowsOf<{ id: number | string }>(
    tx,
    sql`
    insert into audit_log (user_id, username, action, entity, entity_id, day, day_to, patients, therapists, before, after)
    values (${by.ID}, ${by.username.slice(0, 100)}, ${entry.action}, ${entry.entity}, ${entry.entityId ?? null},
            ${entry.day ?? null}::date, ${entry.dayTo ?? null}::date, ${idsOf(entry.patients)}, ${idsOf(entry.therapists)},
            ${jsonOf(entry.before)}, ${jsonOf(entry.after)})
    returning id`,
  );
  return Number(result[0].id);
}

// ---- What the sentences need, as SQL the audit insert evaluates ----

/** `{ID, nome, data, inizio, fine, stanza}` of an activity (null when it is gone). */
export const activityJson = (id: number | SQL): SQL => sql`(
  select json_build_object('ID', a.id, 'nome', a.name, 'data', a.day::text, 'inizio', left(a.start::text, 5),
                           'fine', left(a."end"::text, 5), 'stanza', r.name, 'versione', a.version)
  from activities a left join rooms r on r.id = a.room_id where a.id = ${id})`;

/** `{ID, nome}` of a patient: "Nome Cognome". */
export const patientJson = (id: number | SQL): SQL =>
  sql`(select json_build_object('ID', p.id, 'nome', p.first_name || ' ' || p.last_name, 'cellulare', p.mobile, 'archiviato', p.archived,
    'indirizzo', p.address, 'carrozzina', p.wheelchair, 'note_trasporto', p.transport_notes) from patients p where p.id = ${id})`;

/** `{ID, nome}` of a therapist: the username; `account` the linked account's username. */
export const therapistJson = (id: number | SQL): SQL => sql`(
  select json_build_object('ID', t.id, 'nome', t.username, 'Nome', t.first_name, 'Cognome', t.last_name,
    'account', u.username, 'archiviato', t.archived, 'profilo', t.profile, 'minutiSettimanali', t.weekly_minutes,
    'disponibilita', t.availability)
  from therapists t left join users u on u.id = t.user_id where t.id = ${id})`;

/** `{ID, tratta, data, partenza, arrivo, pulmino}` of a minibus run. */
export const runJson = (id: number | SQL): SQL => sql`(
  select json_build_object('ID', r.id, 'tratta', r.route, 'data', r.day::text, 'partenza', left(r.departure::text, 5),
                           'arrivo', left(r.arrival::text, 5), 'pulmino', r.minibus)
  from transport_runs r where r.id = ${id})`;

/** `{ID, nome, posizione, archiviata}` of a room. */
export const roomJson = (id: number | SQL): SQL =>
  sql`(select json_build_object('ID', r.id, 'nome', r.name, 'posizione', r.position, 'archiviata', r.archived) from rooms r where r.id = ${id})`;

/** `{ID, nome, admin, disattivato}` of an account: never its password or hash. */
export const accountJson = (id: number | SQL): SQL =>
  sql`(select json_build_object('ID', u.id, 'nome', u.username, 'admin', u.admin, 'disattivato', u.disabled) from users u where u.id = ${id})`;

/** The value of a JSON expression now (null when it names nothing): a `before` read ahead of a change. */
export async function readJson<T = Record<string, unknown>>(tx: Db, expression: SQL): Promise<T | null> {
  const result = await rowsOf<{ value: T | string | null }>(tx, sql`select ${expression} as value`);
  const value = result[0]?.value ?? null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The patients (int[]) of an activity, now. */
export const activityPatientIds = (id: number | SQL): SQL =>
  sql`array(select patient_id from activity_patients where activity_id = ${id} order by 1)`;
export const activityTherapistIds = (id: number | SQL): SQL =>
  sql`array(select therapist_id from activity_therapists where activity_id = ${id} order by 1)`;
export const runPatientIds = (id: number | SQL): SQL =>
  sql`array(select patient_id from transport_patients where run_id = ${id} order by 1)`;
export const runTherapistIds = (id: number | SQL): SQL =>
  sql`array(select therapist_id from transport_therapists where run_id = ${id} order by 1)`;

// ---- The day's rows, for the undoable operations ----

/** The rows of a day as stored: what Annulla puts back, ids, versions and links included. */
export interface DaySnapshot {
  activities: Record<string, unknown>[];
  activity_patients: Record<string, unknown>[];
  activity_therapists: Record<string, unknown>[];
  transport_runs: Record<string, unknown>[];
  transport_patients: Record<string, unknown>[];
  transport_therapists: Record<string, unknown>[];
}

/** Tables of a snapshot in the order they are inserted (parents first). */
export const SNAPSHOT_TABLES = [
  'transport_runs',
  'activities',
  'activity_patients',
  'activity_therapists',
  'transport_patients',
  'transport_therapists',
] as const satisfies (keyof DaySnapshot)[];

/**
 * The day's rows as one JSON text, in a fixed order: its md5 is the day's fingerprint. Only the
 * day's own rows count, so a patient renamed or an absence recorded since does not stop an undo.
 */
const snapshotSql = (day: string | SQL): SQL => sql`json_build_object(
  'transport_runs', coalesce((select json_agg(r order by r.id) from transport_runs r where r.day = ${day}::date), '[]'),
  'activities', coalesce((select json_agg(a order by a.id) from activities a where a.day = ${day}::date), '[]'),
  'activity_patients', coalesce((select json_agg(ap order by ap.id)
     from activity_patients ap join activities a on a.id = ap.activity_id where a.day = ${day}::date), '[]'),
  'activity_therapists', coalesce((select json_agg(at order by at.id)
     from activity_therapists at join activities a on a.id = at.activity_id where a.day = ${day}::date), '[]'),
  'transport_patients', coalesce((select json_agg(tp order by tp.run_id, tp.patient_id)
     from transport_patients tp join transport_runs r on r.id = tp.run_id where r.day = ${day}::date), '[]'),
  'transport_therapists', coalesce((select json_agg(tt order by tt.run_id, tt.therapist_id)
     from transport_therapists tt join transport_runs r on r.id = tt.run_id where r.day = ${day}::date), '[]')
)::text`;

/**
 * The day's fingerprint as SQL, for an insert to evaluate after the change: the md5 of the day's
 * rows as PostgreSQL writes them as text, table by table in id order (cheaper than their JSON,
 * and as exact: ids, versions, times, links).
 */
export const dayFingerprintSql = (day: string | SQL): SQL => sql`md5(concat_ws('|',
  coalesce((select string_agg(r::text, ',' order by r.id) from transport_runs r where r.day = ${day}::date), ''),
  coalesce((select string_agg(a::text, ',' order by a.id) from activities a where a.day = ${day}::date), ''),
  coalesce((select string_agg(ap::text, ',' order by ap.id)
     from activity_patients ap join activities a on a.id = ap.activity_id where a.day = ${day}::date), ''),
  coalesce((select string_agg(at::text, ',' order by at.id)
     from activity_therapists at join activities a on a.id = at.activity_id where a.day = ${day}::date), ''),
  coalesce((select string_agg(tp::text, ',' order by tp.run_id, tp.patient_id)
     from transport_patients tp join transport_runs r on r.id = tp.run_id where r.day = ${day}::date), ''),
  coalesce((select string_agg(tt::text, ',' order by tt.run_id, tt.therapist_id)
     from transport_therapists tt join transport_runs r on r.id = tt.run_id where r.day = ${day}::date), '')))`;

/**
 * The day's snapshot and fingerprint queries are named statements: their SQL is long and takes
 * longer to plan (about 1.5 ms each) than to run, and a paste runs two of them. On PostgreSQL each
 * pooled connection plans them once (as the day read, server/db/day-read.ts); PGlite sends the text.
 */
const dialect = new PgDialect();
const DAY = sql`${sql.placeholder('day')}::text`;
const STATEMENTS = {
  giornata_registro_impronta: dialect.sqlToQuery(sql`select ${dayFingerprintSql(DAY)} as fingerprint`),
  giornata_registro_righe: dialect.sqlToQuery(sql`select ${snapshotSql(DAY)} as doc, ${dayFingerprintSql(DAY)} as fingerprint`),
  giornata_registro_tieni: dialect.sqlToQuery(sql`
    select set_config('giornata.righe_prima', ${snapshotSql(DAY)}, true) is not null as held,
      array_to_json(array(select ap.patient_id from activity_patients ap join activities a on a.id = ap.activity_id where a.day = ${DAY}::date)) as "activityPatients",
      array_to_json(array(select at.therapist_id from activity_therapists at join activities a on a.id = at.activity_id where a.day = ${DAY}::date)) as "activityTherapists",
      array_to_json(array(select tp.patient_id from transport_patients tp join transport_runs r on r.id = tp.run_id where r.day = ${DAY}::date)) as "runPatients",
      array_to_json(array(select tt.therapist_id from transport_therapists tt join transport_runs r on r.id = tt.run_id where r.day = ${DAY}::date)) as "runTherapists"`),
};

/**
 * The registro's row of a whole-day operation, as one named statement: the rows `holdDayRows` kept
 * as `before.righe` (with `$before`'s own keys), `$after` with the day's fingerprint computed here,
 * after the change.
 */
const dayRow = (fingerprint: SQL) =>
  dialect.sqlToQuery(sql`
  insert into audit_log (user_id, username, action, entity, entity_id, day, patients, therapists, before, after)
  values (${sql.placeholder('userId')}::int, ${sql.placeholder('username')}::text, ${sql.placeholder('action')}::text,
          ${sql.placeholder('entity')}::text, ${sql.placeholder('entityId')}::int, ${DAY}::date,
          ${sql.placeholder('patients')}::int[], ${sql.placeholder('therapists')}::int[],
          ${sql.placeholder('before')}::jsonb || jsonb_build_object('righe', current_setting('giornata.righe_prima')::jsonb),
          ${sql.placeholder('after')}::jsonb || jsonb_build_object('impronta', ${fingerprint}))
  returning id`);
const DAY_ROW = {
  giornata_registro_giorno: dayRow(dayFingerprintSql(DAY)),
  /** The fingerprint already known (the paste computes it from the rows it wrote). */
  giornata_registro_giorno_impronta: dayRow(sql`${sql.placeholder('fingerprint')}::text`),
};

export interface DayAuditEntry {
  action: AuditAction;
  entity: 'giornata' | 'attivita';
  entityId?: number | null;
  day: string;
  patients: readonly number[];
  therapists: readonly number[];
  /** Keys of `before` beside the day's rows. */
  before?: Record<string, unknown>;
  /** Keys of `after` beside the fingerprint. */
  after?: Record<string, unknown>;
  /** The day's fingerprint after the change, when the change computed it; else read here. */
  fingerprint?: string;
}

/** Appends the row of an undoable whole-day operation, after `holdDayRows` and the change; answers its id. */
export async function appendDayAudit(tx: Db, by: Actor, entry: DayAuditEntry): Promise<number> {
  const name = entry.fingerprint === undefined ? 'giornata_registro_giorno' : 'giornata_registro_giorno_impronta';
  const statement = tx._.session.prepareQuery(DAY_ROW[name], undefined, name, false);
  const pgArray = (ids: readonly number[]) => `{${[...new Set(ids)].sort((a, b) => a - b).join(',')}}`;
  const result = (await statement.execute({
    userId: by.ID,
    username: by.username.slice(0, 100),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    day: entry.day,
    patients: pgArray(entry.patients),
    therapists: pgArray(entry.therapists),
    before: JSON.stringify(entry.before ?? {}),
    after: JSON.stringify(entry.after ?? {}),
    ...(entry.fingerprint === undefined ? {} : { fingerprint: entry.fingerprint }),
  })) as { rows: { id: number | string }[] };
  return Number(result.rows[0].id);
}

async function runNamed<T>(tx: Db, name: keyof typeof STATEMENTS, day: string): Promise<T> {
  const statement = tx._.session.prepareQuery(STATEMENTS[name], undefined, name, false);
  const result = (await statement.execute({ day })) as { rows: T[] };
  return result.rows[0];
}

/** The day's rows as JSON text (what Annulla restores) and their fingerprint. */
export async function readDaySnapshot(tx: Db, day: string): Promise<{ text: string; snapshot: DaySnapshot; fingerprint: string }> {
  const { doc, fingerprint } = await runNamed<{ doc: string; fingerprint: string }>(tx, 'giornata_registro_righe', day);
  return { text: doc, snapshot: JSON.parse(doc) as DaySnapshot, fingerprint };
}

/** The day's fingerprint now (after a change, for the registro's `after`). */
export async function readDayFingerprint(tx: Db, day: string): Promise<string> {
  return (await runNamed<{ fingerprint: string }>(tx, 'giornata_registro_impronta', day)).fingerprint;
}

/**
 * The whole-day writes keep the day's rows as they were in a setting of their own transaction
 * (`giornata.righe_prima`), read back by the registro's insert (`appendDayAudit`): the rows, tens of
 * kilobytes on a full day, never travel to the server and back. Answers the people of those rows.
 */
export async function holdDayRows(
  tx: Db,
  day: string,
): Promise<{ patients: number[]; therapists: number[]; activityPatients: number[]; activityTherapists: number[] }> {
  const row = await runNamed<Record<'activityPatients' | 'activityTherapists' | 'runPatients' | 'runTherapists', number[] | string>>(
    tx,
    'giornata_registro_tieni',
    day,
  );
  const ids = (value: number[] | string) => (typeof value === 'string' ? (JSON.parse(value) as number[]) : value).map(Number);
  return {
    patients: [...ids(row.activityPatients), ...ids(row.runPatients)],
    therapists: [...ids(row.activityTherapists), ...ids(row.runTherapists)],
    activityPatients: ids(row.activityPatients),
    activityTherapists: ids(row.activityTherapists),
  };
}

/** Patients and therapists of a snapshot, for the row's person filter. */
export function snapshotPeople(snapshot: DaySnapshot): { patients: number[]; therapists: number[] } {
  const ids = (rows: Record<string, unknown>[], key: string) => rows.map((r) => Number(r[key]));
  return {
    patients: [...ids(snapshot.activity_patients, 'patient_id'), ...ids(snapshot.transport_patients, 'patient_id')],
    therapists: [...ids(snapshot.activity_therapists, 'therapist_id'), ...ids(snapshot.transport_therapists, 'therapist_id')],
  };
}

/** Counts of a snapshot: what the registro's screen shows of a bulk row instead of the rows. */
export function snapshotCounts(snapshot: DaySnapshot) {
  return {
    attivita: snapshot.activities.filter((a) => a.transport_run_id === null).length,
    trasporti: snapshot.activities.filter((a) => a.transport_run_id !== null).length,
    uscite: snapshot.transport_runs.length,
    utenti: new Set(snapshotPeople(snapshot).patients).size,
    operatori: new Set(snapshotPeople(snapshot).therapists).size,
  };
}
