/**
 * The calendar of a day or a week, people included, built by PostgreSQL as
 * one JSON document in one round trip. Every sub-select walks an index
 * (activities by day, links by activity, runs by day, riders and staff by
 * run), so the cost follows the size of the day, not of the history.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { findConflicts, type Conflict, type ConflictDay } from '../../common/conflicts.ts';
import type { DayActivity, DayTransportRun } from '../../common/schemas.ts';
import { findPlanConflicts } from '../../common/plan-conflicts.ts';
import { findTransportConflicts } from '../../common/transport-conflicts.ts';
import { patientAbsenceReason, therapistAbsenceReason } from './absence-sql.ts';
import { readPlanContext } from './plan-context.ts';
import type { Db } from './client.ts';
import { rooms } from './schema.ts';
import { rowsOf } from './rows.ts';

/**
 * Links are aggregated once per query (one join over the day's links), not
 * once per activity: a join per activity made the planner scan the people
 * tables again for every activity of the day.
 */
/**
 * One day is `day = $1`, not a range of one: a prepared statement's generic
 * plan estimates an equality from the column's statistics (a day's rows), but a
 * range of unknown bounds as a fixed share of the whole table, which grows with
 * the history and turned the plan's index scans into hash joins at 10 years.
 */
const onDays = (start: string | SQL, stop: string | SQL): SQL =>
  start === stop ? sql`day = ${start}::date` : sql`day between ${start}::date and ${stop}::date`;

/**
 * A person of an activity or run as JSON, with `"Assente": true, "Motivo"` on a
 * day they are absent (server/db/absence-sql.ts; the query names it `absent.reason`).
 */
const personJson = (fields: SQL): SQL => sql`case when absent.reason is null then json_build_object(${fields})
  else json_build_object(${fields}, 'Assente', true, 'Motivo', absent.reason) end`;

const activitiesJson = (start: string | SQL, stop: string | SQL, withPatients: boolean): SQL => sql`
  coalesce((
    with acts as (
      select * from activities where ${onDays(start, stop)}
    ),
    pats as (
      select ap.activity_id,
             json_agg(${personJson(sql`'ID', ap.id, 'RifPaziente', p.id, 'Nome', p.first_name, 'Cognome', p.last_name`)}
                      order by p.last_name, p.first_name, p.id) as list
      from activity_patients ap join acts on acts.id = ap.activity_id join patients p on p.id = ap.patient_id
      cross join lateral (select ${patientAbsenceReason(sql`p.id`, sql`acts.day`)} as reason) absent
      where ${withPatients ? sql`true` : sql`false`}
      group by ap.activity_id
    ),
    ters as (
      select at.activity_id,
             json_agg(${personJson(sql`'ID', at.id, 'RifTerapista', t.id, 'username', t.username, 'Nome', t.first_name, 'Cognome', t.last_name`)} order by t.username) as list
      from activity_therapists at join acts on acts.id = at.activity_id join therapists t on t.id = at.therapist_id
      cross join lateral (select ${therapistAbsenceReason(sql`t.id`, sql`acts.day`)} as reason) absent
      group by at.activity_id
    )
    select json_agg(json_build_object(
      'ID', a.id,
      'NomeAttivita', a.name,
      'RifStanza', coalesce(a.room_id, -1),
      'Data', a.day::text,
      'Giorno', a.weekday,
      'OraInizio', left(a.start::text, 5),
      'OraFine', left(a."end"::text, 5),
      'RifTrasporto', coalesce(a.transport_run_id, -1),
      'RifTipo', coalesce(a.type_id, -1),
      'Versione', a.version,
      'Pazienti', coalesce(pats.list, '[]'::json),
      'Terapisti', coalesce(ters.list, '[]'::json)
    ) order by a.day, a.start, a.id)
    from acts a
    left join pats on pats.activity_id = a.id
    left join ters on ters.activity_id = a.id
  ), '[]'::json)`;

const runsJson = (start: string | SQL, stop: string | SQL): SQL => sql`
  coalesce((
    with runs as (
      select * from transport_runs where ${onDays(start, stop)}
    ),
    riders as (
      select tp.run_id,
             json_agg(${personJson(
               sql`'RifPaziente', p.id, 'Nome', p.first_name, 'Cognome', p.last_name, 'Ordine', tp.ordine,
                   'OraFermata', left(tp.stop_time::text, 5), 'Indirizzo', p.address, 'Carrozzina', p.wheelchair`,
             )}
                      order by tp.ordine) as list
      from (
        -- Ordine counts 1, 2, … whatever gaps the stored places have (a paste that left someone out).
        select tp.*, runs.day, row_number() over (partition by tp.run_id order by tp.position, tp.patient_id)::int as ordine
        from transport_patients tp join runs on runs.id = tp.run_id
      ) tp join patients p on p.id = tp.patient_id
      cross join lateral (select ${patientAbsenceReason(sql`p.id`, sql`tp.day`)} as reason) absent
      group by tp.run_id
    ),
    staff as (
      select tt.run_id, json_agg(${personJson(sql`'RifTerapista', t.id, 'username', t.username, 'Nome', t.first_name, 'Cognome', t.last_name`)} order by t.username) as list,
             max(tt.therapist_id) filter (where tt.driver) as driver
      from transport_therapists tt join runs on runs.id = tt.run_id join therapists t on t.id = tt.therapist_id
      cross join lateral (select ${therapistAbsenceReason(sql`t.id`, sql`runs.day`)} as reason) absent
      group by tt.run_id
    )
    select json_agg(json_build_object(
      'ID', r.id,
      'Tratta', r.route,
      'Ora', left(r.departure::text, 5),
      'OraArrivo', left(r.arrival::text, 5),
      'RifPulmino', r.minibus,
      'Mezzo', json_build_object('ID', m.id, 'Nome', m.name, 'posti', m.seats, 'postiCarrozzina', m.wheelchair_seats,
                                 'colore', m.colour, 'Targa', m.plate),
      'RifAutista', staff.driver,
      'Data', r.day::text,
      'Pazienti', coalesce(riders.list, '[]'::json),
      'Terapisti', coalesce(staff.list, '[]'::json)
    ) order by r.day, r.departure, r.id)
    from runs r
    join mezzi m on m.id = r.minibus
    left join riders on riders.run_id = r.id
    left join staff on staff.run_id = r.id
  ), '[]'::json)`;

async function queryText(db: Db, query: SQL): Promise<string> {
  // Both drivers answer { rows }; PgDatabase's generic result type does not say so.
  const result = await rowsOf<{ doc: string }>(db, query);
  return result[0].doc;
}

export const dayQuery = (day: string | SQL): SQL =>
  sql`select json_build_object('data', ${day}::text, 'attivita', ${activitiesJson(day, day, true)}, 'uscite', ${runsJson(day, day)})::text as doc`;

export const weekQuery = (start: string, stop: string): SQL =>
  sql`select json_build_object('datastart', ${start}::text, 'datastop', ${stop}::text, 'attivita', ${activitiesJson(start, stop, false)}, 'uscite', ${runsJson(start, stop)})::text as doc`;

export async function readActivitiesWithPeople(db: Db, start: string, stop: string, withPatients: boolean): Promise<DayActivity[]> {
  return JSON.parse(await queryText(db, sql`select ${activitiesJson(start, stop, withPatients)}::text as doc`));
}

export async function readRunsWithPeople(db: Db, start: string, stop: string): Promise<DayTransportRun[]> {
  return JSON.parse(await queryText(db, sql`select ${runsJson(start, stop)}::text as doc`));
}

/**
 * The day read, built once per database and, on PostgreSQL, named: each
 * pooled connection parses and plans it once and then reuses the plan (about
 * 1 ms of a 3 ms cold read at 10 years). PGlite has no named statements; the
 * same text is sent each time (its planning is about 0.5 ms of 5 ms there).
 */
const dayStatements = new WeakMap<Db, ReturnType<typeof prepareDayStatement>>();

function prepareDayStatement(db: Db) {
  const query = new PgDialect().sqlToQuery(dayQuery(sql`${sql.placeholder('day')}::text`));
  return db._.session.prepareQuery(query, undefined, 'giornata_day', false);
}

async function readDayDocument(db: Db, day: string): Promise<string> {
  let statement = dayStatements.get(db);
  if (!statement) dayStatements.set(db, (statement = prepareDayStatement(db)));
  const result = (await statement.execute({ day })) as { rows: { doc: string }[] };
  return result.rows[0].doc;
}

/**
 * The conflicts of a day's answer (common/conflicts.ts), rooms named as in
 * Anagrafiche (archived rooms included): the names are read only when a room
 * has a conflict, which a clean day never has.
 */
export async function conflictsOfDay(db: Db, day: ConflictDay): Promise<Conflict[]> {
  // Issue 30: the fleet's (posti, carrozzina, autista, mezzo) come from the runs as read, after the others.
  const plan = [...(await planConflictsOfDay(db, day)), ...findTransportConflicts(day.uscite)];
  const found = findConflicts(day);
  const roomIds = found.filter((c) => c.tipo === 'stanza').map((c) => c.ID);
  if (roomIds.length === 0) return [...found, ...plan];
  const rows = await db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(inArray(rooms.id, roomIds));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return [...findConflicts(day, (id) => names.get(id) ?? `Stanza ${id}`), ...plan];
}

/** The conflicts of issue 29 (profilo, disponibilita, fuori_progetto, capienza): after the others, in their order. */
async function planConflictsOfDay(db: Db, day: ConflictDay): Promise<Conflict[]> {
  const data = day.attivita[0]?.Data;
  if (data === undefined) return [];
  const context = await readPlanContext(db, day.attivita, data, data);
  return findPlanConflicts({ data, attivita: day.attivita, uscite: day.uscite }, context);
}

/**
 * POST /server/calendario/giornata's answer, as JSON text: the day with its
 * people and its `conflitti`, computed here once per build (the answer is then
 * cached, see server/features/calendar/day-cache.ts).
 */
export async function readDay(db: Db, day: string): Promise<string> {
  const doc = await readDayDocument(db, day);
  const conflicts = await conflictsOfDay(db, JSON.parse(doc) as ConflictDay);
  // The document is one JSON object: its closing brace makes room for one more field.
  return `${doc.slice(0, doc.lastIndexOf('}'))}, "conflitti" : ${JSON.stringify(conflicts)}}`;
}

/** The conflicts of one day, for the answers of the writes that change it. */
export async function readDayConflicts(db: Db, day: string): Promise<Conflict[]> {
  return conflictsOfDay(db, JSON.parse(await readDayDocument(db, day)) as ConflictDay);
}
