/**
 * The calendar of a day or a week, people included, built by PostgreSQL as
 * one JSON document in one round trip. Every sub-select walks an index
 * (activities by day, links by activity, runs by day, riders and staff by
 * run), so the cost follows the size of the day, not of the history.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DayActivity, DayTransportRun } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';

/**
 * Links are aggregated once per query (one join over the day's links), not
 * once per activity: a join per activity made the planner scan the people
 * tables again for every activity of the day.
 */
const activitiesJson = (start: string, stop: string, withPatients: boolean): SQL => sql`
  coalesce((
    with acts as (
      select * from activities where day between ${start}::date and ${stop}::date
    ),
    pats as (
      select ap.activity_id,
             json_agg(json_build_object('ID', ap.id, 'RifPaziente', p.id, 'Nome', p.first_name, 'Cognome', p.last_name)
                      order by p.last_name, p.first_name, p.id) as list
      from activity_patients ap join patients p on p.id = ap.patient_id
      where ${withPatients ? sql`ap.activity_id in (select id from acts)` : sql`false`}
      group by ap.activity_id
    ),
    ters as (
      select at.activity_id,
             json_agg(json_build_object('ID', at.id, 'RifTerapista', t.id, 'username', t.username) order by t.username) as list
      from activity_therapists at join therapists t on t.id = at.therapist_id
      where at.activity_id in (select id from acts)
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
      'Pazienti', coalesce(pats.list, '[]'::json),
      'Terapisti', coalesce(ters.list, '[]'::json)
    ) order by a.day, a.start, a.id)
    from acts a
    left join pats on pats.activity_id = a.id
    left join ters on ters.activity_id = a.id
  ), '[]'::json)`;

const runsJson = (start: string, stop: string): SQL => sql`
  coalesce((
    with runs as (
      select * from transport_runs where day between ${start}::date and ${stop}::date
    ),
    riders as (
      select tp.run_id,
             json_agg(json_build_object('RifPaziente', p.id, 'Nome', p.first_name, 'Cognome', p.last_name)
                      order by p.last_name, p.first_name, p.id) as list
      from transport_patients tp join patients p on p.id = tp.patient_id
      where tp.run_id in (select id from runs)
      group by tp.run_id
    ),
    staff as (
      select tt.run_id, json_agg(json_build_object('RifTerapista', t.id, 'username', t.username) order by t.username) as list
      from transport_therapists tt join therapists t on t.id = tt.therapist_id
      where tt.run_id in (select id from runs)
      group by tt.run_id
    )
    select json_agg(json_build_object(
      'ID', r.id,
      'Tratta', r.route,
      'Ora', left(r.departure::text, 5),
      'OraArrivo', left(r.arrival::text, 5),
      'RifPulmino', r.minibus,
      'Data', r.day::text,
      'Pazienti', coalesce(riders.list, '[]'::json),
      'Terapisti', coalesce(staff.list, '[]'::json)
    ) order by r.day, r.departure, r.id)
    from runs r
    left join riders on riders.run_id = r.id
    left join staff on staff.run_id = r.id
  ), '[]'::json)`;

async function queryText(db: Db, query: SQL): Promise<string> {
  // Both drivers answer { rows }; PgDatabase's generic result type does not say so.
  const result = (await db.execute(query)) as unknown as { rows: { doc: string }[] };
  return result.rows[0].doc;
}

export const dayQuery = (day: string): SQL =>
  sql`select json_build_object('data', ${day}::text, 'attivita', ${activitiesJson(day, day, true)}, 'uscite', ${runsJson(day, day)})::text as doc`;

export const weekQuery = (start: string, stop: string): SQL =>
  sql`select json_build_object('datastart', ${start}::text, 'datastop', ${stop}::text, 'attivita', ${activitiesJson(start, stop, false)}, 'uscite', ${runsJson(start, stop)})::text as doc`;

export async function readActivitiesWithPeople(db: Db, start: string, stop: string, withPatients: boolean): Promise<DayActivity[]> {
  return JSON.parse(await queryText(db, sql`select ${activitiesJson(start, stop, withPatients)}::text as doc`));
}

export async function readRunsWithPeople(db: Db, start: string, stop: string): Promise<DayTransportRun[]> {
  return JSON.parse(await queryText(db, sql`select ${runsJson(start, stop)}::text as doc`));
}
