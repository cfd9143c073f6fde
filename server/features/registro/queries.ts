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
import { badRequest } from '../../lib/http-error.ts';
import { planChangedAfter } from './undo.ts';

type Rows<T> = { rows: T[] };

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
  const result = (await db.execute(sql`
    select l.id, ${isoAt} as quando, l.username, l.action, l.entity, l.entity_id, l.day::text as day, l.day_to::text as day_to,
           ${small(sql`l.before`)} as before, ${small(sql`l.after`)} as after, l.after->>'impronta' as fingerprint,
           l.patients
    from audit_log l
    where ${sql.join(where, sql` and `)}
    -- As the indexes are ordered (drizzle writes DESC NULLS LAST; at and id are never null).
    order by l.at desc nulls last, l.id desc nulls last
    limit ${AUDIT_PAGE_SIZE + 1} offset ${offset}`)) as unknown as Rows<AuditDbRow>;
  const rows = result.rows.slice(0, AUDIT_PAGE_SIZE);
  const undoableNow = await undoableOperations(
    db,
    rows.filter((r) => isUndoable(r.action) && r.day !== null).map((r) => ({ id: Number(r.id), day: r.day! })),
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
      annullabile: undo !== undefined && undo.id === id && undo.fingerprint === r.fingerprint,
    };
  });
  const patients = [...new Set(rows.flatMap((r) => (r.patients ?? []).map(Number)))];
  return {
    page: { items, pagina: query.pagina, pageSize: AUDIT_PAGE_SIZE, altre: result.rows.length > AUDIT_PAGE_SIZE, dal, al },
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
  const newest = (await db.execute(sql`
    select d.day::text as day, n.id, n.fingerprint,
           case when n.id = any(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[])
             and not ${planChangedAfter(sql`d.day`, sql`n.id`)} then ${dayFingerprintSql(sql`d.day`)} end as now
    from unnest(${`{${days.join(',')}}`}::date[]) as d(day)
    cross join lateral (
      select o.id, o.after->>'impronta' as fingerprint from audit_log o
      where o.day = d.day and o.action in (${undoable}) and ${notUndone(sql`o`)}
      order by o.id desc limit 1) n`)) as unknown as Rows<{
    day: string;
    id: string | number;
    fingerprint: string | null;
    now: string | null;
  }>;
  return new Map(
    newest.rows
      .filter((r) => r.fingerprint !== null && r.fingerprint === r.now)
      .map((r) => [r.day, { id: Number(r.id), fingerprint: r.fingerprint! }]),
  );
}

interface AccessDbRow {
  id: string | number;
  quando: string;
  username: string;
  kind: AccessRow['tipo'];
  day: string | null;
  day_to: string | null;
  direct: boolean;
}

/**
 * "Accessi a <paziente>": the reads that named the patient, and the reads of days (a day, a week,
 * the roll call or register, an export) on which the patient was planned — in the calendar now,
 * in a change the registro recorded for that day (the calendar's history), marked at the roll
 * call or absent. A read of every day at once (an unfiltered list) counts for every patient.
 */
export async function listAccesses(db: Db, query: AccessQuery, today: string): Promise<AccessPage> {
  const { dal, al } = periodOf(query, today);
  const patient = query.paziente;
  const offset = (query.pagina - 1) * AUDIT_PAGE_SIZE;
  const result = (await db.execute(sql`
    with planned as (
      select a.day from activity_patients ap join activities a on a.id = ap.activity_id where ap.patient_id = ${patient}
      union select r.day from transport_patients tp join transport_runs r on r.id = tp.run_id where tp.patient_id = ${patient}
      union select day from audit_log where patients @> array[${patient}::int] and day is not null
      union select day_to from audit_log where patients @> array[${patient}::int] and day_to is not null
      union select day from roll_call where patient_id = ${patient}
      union select generate_series(start_day, end_day, interval '1 day')::date from absences where patient_id = ${patient}
    )
    select l.id, ${isoAt} as quando, l.username, l.kind, l.day::text as day, l.day_to::text as day_to,
           coalesce(l.patient_id = ${patient}, false) as direct
    from access_log l
    where ${atWithin(sql`l.at`, dal, al)} and (
      l.patient_id = ${patient}
      or (l.patient_id is null and l.kind in ('giornata', 'settimana', 'presenze', 'esportazione', 'calendario') and (
        l.day is null or exists (select 1 from planned p where p.day between l.day and coalesce(l.day_to, l.day)))))
    order by l.at desc, l.id desc
    limit ${AUDIT_PAGE_SIZE + 1} offset ${offset}`)) as unknown as Rows<AccessDbRow>;
  const items: AccessRow[] = result.rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    ID: Number(r.id),
    quando: r.quando,
    utente: r.username,
    tipo: r.kind,
    giorno: r.day,
    giornoFine: r.day_to,
    motivo: r.direct ? 'diretto' : 'giornata',
  }));
  return { items, pagina: query.pagina, pageSize: AUDIT_PAGE_SIZE, altre: result.rows.length > AUDIT_PAGE_SIZE, dal, al };
}
