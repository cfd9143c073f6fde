/**
 * Reading the registro and the access log (administrators): pages of 50, newest first, over a
 * period of at most 366 days. Pages are not counted: `altre` says whether one more exists
 * (a count over a million rows would cost more than the page).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_MSG,
  AUDIT_PAGE_SIZE,
  MAX_AUDIT_RANGE_DAYS,
  UNDOABLE_ACTIONS,
  auditSentence,
  isMultiDay,
  isUndoable,
  type AccessPage,
  type AccessQuery,
  type AccessRow,
  type AuditPage,
  type AuditQuery,
  type AuditRow,
} from '../../../common/audit.ts';
import { addDays } from '../../../common/dates.ts';
import { dayFingerprintSql } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { dateArray } from '../../db/date-array.ts';
import { ACCESS_DAY_KINDS } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-error.ts';
import { planChangedAfter } from './undo.ts';
import { rowsOf } from '../../db/rows.ts';

/** The period asked for: `al` defaults to today, `dal` to 29 days before `al` (the last 30 days); at most 366 days. */
export function periodOf(query: { dal?: string; al?: string }, today: string): { dal: string; al: string } {
  const al = query.al ?? today;
  const dal = query.dal ?? addDays(al, -29);
  if (al < dal) throw badRequest(AUDIT_MSG.rangeInvalid);
  if (addDays(dal, MAX_AUDIT_RANGE_DAYS - 1) < al) throw badRequest(AUDIT_MSG.rangeTooLong);
  return { dal, al };
}

/** From the start of `dal` to the end of `al`, days as the centre lives them (Europe/Rome). */
const atWithin = (column: SQL, dal: string, al: string) =>
  sql`${column} >= (${dal}::date)::timestamp at time zone 'Europe/Rome' and ${column} < (${al}::date + 1)::timestamp at time zone 'Europe/Rome'`;

const isoAt = sql`to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const undoable = sql.join(
  UNDOABLE_ACTIONS.map((a) => sql`${a}`),
  sql`, `,
);

/**
 * A bulk row's values as the screen shows them: the day's rows replaced by their counts, the
 * fingerprint left out. Computed by the query, so a page never carries whole days.
 */
const small = (
  column: SQL,
) => sql`case when ${column} ? 'righe' then (${column} - 'righe' - 'impronta') || jsonb_build_object('righe', jsonb_build_object(
    'attivita', jsonb_array_length(${column}->'righe'->'activities'),
    'uscite', jsonb_array_length(${column}->'righe'->'transport_runs'),
    'utenti', jsonb_array_length(${column}->'righe'->'activity_patients') + jsonb_array_length(${column}->'righe'->'transport_patients'),
    'operatori', jsonb_array_length(${column}->'righe'->'activity_therapists') + jsonb_array_length(${column}->'righe'->'transport_therapists')))
  else ${column} - 'impronta' end`;

/** Not yet undone: no `giornata.annulla` of the same day names it. */
const notUndone = (row: SQL) => sql`not exists (
  select 1 from audit_log u where u.day = ${row}.day and u.action = 'giornata.annulla' and u.after->>'operazione' = ${row}.id::text)`;

interface AuditDbRow {
  id: string | number;
  quando: string;
  user_id: number | null;
  username: string;
  action: string;
  entity: string;
  entity_id: number | null;
  day: string | null;
  day_to: string | null;
  /** The row's before/after with their sentences' values; whole days already reduced to counts. */
  before: unknown;
  after: unknown;
  fingerprint: string | null;
  /** The patients the row is about (audit_log.patients), for the access log of the read. */
  patients: number[] | null;
}

/** A page of the registro, and the patients its rows are about (the read is logged under each). */
export async function listAudit(db: Db, query: AuditQuery, today: string): Promise<{ page: AuditPage; patients: number[] }> {
  const { dal, al } = periodOf(query, today);
  const where: SQL[] = [atWithin(sql`l.at`, dal, al)];
  if (query.utente !== undefined) where.push(sql`l.user_id = ${query.utente}`);
  if (query.azione !== undefined) where.push(sql`l.action = ${query.azione}`);
  if (query.tipo === 'paziente') where.push(sql`l.patients @> array[${query.persona}::int]`);
  if (query.tipo === 'terapista') where.push(sql`l.therapists @> array[${query.persona}::int]`);
  if (query.attivita !== undefined) {
    // An activity's history: the rows about it, its copies, and the day operations whose rows held it.
    const id = query.attivita;
    where.push(sql`((l.entity = 'attivita' and l.entity_id = ${id})
      or (l.action = 'attivita.copia' and (l.after->>'da')::int = ${id})
      or (l.action in ('giornata.svuota', 'giornata.incolla', 'giornata.annulla')
          and l.before->'righe'->'activities' @> jsonb_build_array(jsonb_build_object('id', ${id}::int))))`);
  }
  const offset = (query.pagina - 1) * AUDIT_PAGE_SIZE;
  // The sentence reads only small values: for a bulk row, `before`'s whole day is not fetched.
  const result = await rowsOf<AuditDbRow>(
    db,
    sql`
    select l.id, ${isoAt} as quando, l.user_id, l.username, l.action, l.entity, l.entity_id, l.day::text as day, l.day_to::text as day_to,
           ${small(sql`l.before`)} as before, ${small(sql`l.after`)} as after, l.after->>'impronta' as fingerprint,
           l.patients
    from audit_log l
    where ${sql.join(where, sql` and `)}
    -- As the indexes are ordered (drizzle writes DESC NULLS LAST; at and id are never null).
    order by l.at desc nulls last, l.id desc nulls last
    limit ${AUDIT_PAGE_SIZE + 1} offset ${offset}`,
  );
  const rows = result.slice(0, AUDIT_PAGE_SIZE);
  const marked = await markedUntil(db, rows);
  const undoableNow = await undoableOperations(
    db,
    rows.filter((r) => isUndoable(r.action) && r.day !== null).map((r) => ({ id: Number(r.id), day: r.day! })),
  );
  const groupsNow = await undoableGroups(
    db,
    rows.filter((r) => isMultiDay(r.action)).map((r) => Number(r.id)),
  );
  const items: AuditRow[] = rows.map((r) => {
    const id = Number(r.id);
    const undo = r.day ? undoableNow.get(r.day) : undefined;
    return {
      ID: id,
      quando: r.quando,
      utente: r.username,
      azione: r.action,
      tipo: r.entity,
      entita: r.entity_id,
      giorno: r.day,
      giornoFine: r.day_to,
      frase: auditSentence({ action: r.action, entityId: r.entity_id, day: r.day, dayTo: r.day_to, before: r.before, after: r.after }),
      prima: r.before,
      dopo: r.after,
      // A day of a multi-day operation is taken back with the whole operation, from the operation's own row.
      annullabile: isMultiDay(r.action)
        ? groupsNow.has(id)
        : undo !== undefined && undo.id === id && undo.fingerprint === r.fingerprint && !inGroup(r.after),
      segnalata: isMarked(marked, r),
    };
  });
  const patients = [...new Set(rows.flatMap((r) => (r.patients ?? []).map(Number)))];
  return {
    page: { items, pagina: query.pagina, pageSize: AUDIT_PAGE_SIZE, altre: result.length > AUDIT_PAGE_SIZE, dal, al },
    patients,
  };
}

/**
 * For each day, the newest undoable operation not yet undone, found off (day, action, id); it can
 * be undone when the day's fingerprint now is still the one it left and its plan did not change
 * since (planChangedAfter, as Annulla itself checks). One query for the page: the fingerprint is
 * computed only for the days whose newest operation is on it.
 */
async function undoableOperations(db: Db, rows: { id: number; day: string }[]): Promise<Map<string, { id: number; fingerprint: string }>> {
  const days = [...new Set(rows.map((r) => r.day))];
  if (days.length === 0) return new Map();
  const newest = await rowsOf<{
    day: string;
    id: string | number;
    fingerprint: string | null;
    now: string | null;
  }>(
    db,
    sql`
    select d.day::text as day, n.id, n.fingerprint,
           case when n.id = any(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[])
             and not ${planChangedAfter(sql`d.day`, sql`n.id`)} then ${dayFingerprintSql(sql`d.day`)} end as now
    from unnest(${dateArray(days)}) as d(day)
    cross join lateral (
      select o.id, o.after->>'impronta' as fingerprint from audit_log o
      where o.day = d.day and o.action in (${undoable}) and ${notUndone(sql`o`)}
      order by o.id desc limit 1) n`,
  );
  return new Map(
    newest
      .filter((r) => r.fingerprint !== null && r.fingerprint === r.now)
      .map((r) => [r.day, { id: Number(r.id), fingerprint: r.fingerprint! }]),
  );
}

const inGroup = (after: unknown) => typeof after === 'object' && after !== null && 'gruppo' in after;

/**
 * The multi-day operations of the page that Annulla can still take back: each of their days (the
 * undoable rows naming them as `gruppo`) still as the operation left it, by Annulla's own checks.
 */
async function undoableGroups(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // The days as a CTE of their own columns only: the fingerprint's `at` (activity_therapists) would
  // otherwise name audit_log's column `at`, a column winning over a table alias in PostgreSQL.
  const result = await rowsOf<{ id: string | number }>(
    db,
    sql`
    with days as (
      select g.id as operation, c.id, c.day, c.after->>'impronta' as fingerprint
      from audit_log g join audit_log c on c.day between g.day and g.day_to and c.action in (${undoable})
        and c.after->>'gruppo' = g.id::text
      where g.id = any(${`{${ids.join(',')}}`}::bigint[]))
    select d.operation as id from days d group by d.operation
    having bool_and(d.fingerprint = ${dayFingerprintSql(sql`d.day`)} and ${notUndone(sql`d`)}
      and not ${planChangedAfter(sql`d.day`, sql`d.id`)})`,
  );
  return new Set(result.map((r) => Number(r.id)));
}

/**
 * For each account of the page, the time of the last `account.segnala` naming it: its rows up to
 * then are marked as abusive (docs/decisions/0022-coalesced-access-log.md). One query, off the
 * registro's (entity, entity_id, at) index.
 */
async function markedUntil(db: Db, rows: { user_id: number | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const result = await rowsOf<{ user_id: number; until: string }>(
    db,
    sql`
    select f.entity_id as user_id, to_char(max(f.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as until
    from audit_log f
    where f.entity = 'account' and f.entity_id = any(${`{${ids.join(',')}}`}::int[]) and f.action = 'account.segnala'
    group by f.entity_id`,
  );
  return new Map(result.map((r) => [Number(r.user_id), r.until]));
}

const isMarked = (marked: Map<number, string>, row: { user_id: number | null; quando: string }) => {
  const until = row.user_id === null ? undefined : marked.get(Number(row.user_id));
  return until !== undefined && row.quando <= until;
};

interface AccessDbRow {
  id: string | number;
  quando: string;
  ultima: string | null;
  conteggio: number;
  user_id: number | null;
  username: string;
  kind: AccessRow['tipo'];
  day: string | null;
  day_to: string | null;
  direct: boolean;
}

/** The kinds of read that show whole days (the patient's when they were planned), as the partial indexes name them. */
const DAY_KINDS = ACCESS_DAY_KINDS;

/**
 * "Accessi a <paziente>": the reads that named the patient, and the reads of days (a day, a week,
 * the roll call or register, an export) on which the patient was planned — in the calendar now,
 * in a change the registro recorded for that day (the calendar's history), marked at the roll
 * call or absent. A read of every day at once (an unfiltered list) counts for every patient.
 *
 * Fast at millions of rows (docs/performance.md, Accessi a): four disjoint parts, each read newest
 * first off its own index and cut at the page's end — the reads naming the patient; the one-day
 * reads, one index probe per day the patient was planned; the reads of a period, checked against
 * the planned days as one multirange; the reads of every day — then merged.
 */
export async function listAccesses(db: Db, query: AccessQuery, today: string): Promise<AccessPage> {
  const { dal, al } = periodOf(query, today);
  const patient = query.paziente;
  const offset = (query.pagina - 1) * AUDIT_PAGE_SIZE;
  const enough = offset + AUDIT_PAGE_SIZE + 1;
  const within = atWithin(sql`l.at`, dal, al);
  const newest = sql`order by l.at desc nulls last, l.id desc nulls last limit ${enough}`;
  // JIT off for this one query: the planner sizes the probes by its guess of the planned days (200),
  // passes PostgreSQL's jit_above_cost at millions of rows, and compiling took 215 ms of a 320 ms execution.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<AccessDbRow>(
      tx,
      sql`
    with planned as materialized (
      select distinct day from (
        select a.day from activity_patients ap join activities a on a.id = ap.activity_id where ap.patient_id = ${patient}
        union select r.day from transport_patients tp join transport_runs r on r.id = tp.run_id where tp.patient_id = ${patient}
        union select day from audit_log where patients @> array[${patient}::int] and day is not null
        union select day_to from audit_log where patients @> array[${patient}::int] and day_to is not null
        union select day from roll_call where patient_id = ${patient}
        union select generate_series(start_day, end_day, interval '1 day')::date from absences where patient_id = ${patient}
      ) d where day is not null
    ),
    spans as materialized (select range_agg(daterange(day, day, '[]')) as days from planned),
    found as (
      (select l.id, l.at from access_log l where l.patient_id = ${patient} and ${within} ${newest})
      union all
      (select x.id, x.at from planned p cross join lateral (
        select l.id, l.at from access_log l
        where l.day = p.day and l.patient_id is null and (l.day_to is null or l.day_to = l.day) and l.kind in ${DAY_KINDS} and ${within}
        ${newest}) x)
      union all
      (select x.id, x.at from spans s cross join lateral (
        select l.id, l.at from access_log l
        where l.patient_id is null and l.day_to > l.day and l.kind in ${DAY_KINDS} and ${within}
          and s.days && daterange(l.day, l.day_to, '[]') ${newest}) x
       -- A utente never planned has no days: the period reads are not walked at all (they were, every one of the period, to find none).
       where s.days is not null)
      union all
      (select l.id, l.at from access_log l where l.patient_id is null and l.day is null and l.kind in ${DAY_KINDS} and ${within} ${newest})
    ),
    page as (select id, at from found order by at desc, id desc limit ${AUDIT_PAGE_SIZE + 1} offset ${offset})
    select l.id, ${isoAt} as quando, to_char(l.ultima at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ultima,
           l.conteggio, l.user_id, l.username, l.kind, l.day::text as day, l.day_to::text as day_to,
           coalesce(l.patient_id = ${patient}, false) as direct
    from page join access_log l on l.id = page.id
    order by page.at desc, page.id desc`,
    );
  });
  const rows = result.slice(0, AUDIT_PAGE_SIZE);
  const marked = await markedUntil(db, rows);
  const items: AccessRow[] = rows.map((r) => ({
    ID: Number(r.id),
    quando: r.quando,
    utente: r.username,
    tipo: r.kind,
    giorno: r.day,
    giornoFine: r.day_to,
    motivo: r.direct ? 'diretto' : 'giornata',
    conteggio: Number(r.conteggio),
    ultima: r.ultima,
    segnalata: isMarked(marked, r),
  }));
  return { items, pagina: query.pagina, pageSize: AUDIT_PAGE_SIZE, altre: result.length > AUDIT_PAGE_SIZE, dal, al };
}
