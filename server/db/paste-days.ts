/**
 * The one paste path of the calendar (docs/decisions/0013-weekly-templates.md): "Incolla giornata",
 * "Incolla settimana", a template applied to weeks, and a template saved from or copied to a week
 * all copy day by day here. A day's copy holds its activities (name, room, times, patients,
 * therapists) and its minibus runs (route, times, minibus, passengers, staff and their TRASPORTO
 * placements); archived patients, therapists and rooms (an activity in an archived room is left out
 * whole) and the people absent on the target day stay out and are named. Every caller runs inside
 * one transaction that holds the target days' locks (server/db/locks.ts, lockDays), and each day
 * written appends its undoable row to the registro, as the paste always did.
 */
import { sql, type SQL } from 'drizzle-orm';
import { holidayName } from '../../common/holidays.ts';
import type { DayApplied, ExistingChoice, LeftOut } from '../../common/modelli.ts';
import type { AbsenceReason } from '../../common/presenze.ts';
import { patientAbsenceReason, therapistAbsenceReason } from './absence-sql.ts';
import type { MultiDayAction } from '../../common/audit.ts';
import { appendAudit, type Actor } from './audit.ts';
import { lockDays } from './locks.ts';
import type { Db } from './client.ts';
import { readClosingDays } from './closing-days.ts';
import { dateArray } from './date-array.ts';
import { readCentreSettings } from './settings.ts';
import { rowsOf } from './rows.ts';

/** Someone or a room a day's copy left out: archived, or absent on the target day (with the absence's reason). */
export interface DayLeftOut {
  tipo: LeftOut['tipo'];
  ID: number;
  nome: string;
  motivo: AbsenceReason | 'archiviato';
}

export interface DayCopied {
  /** Ordinary activities written (TRASPORTO placements not counted). */
  attivita: number;
  uscite: number;
  esclusi: DayLeftOut[];
  /** The registro row of the copy. */
  operazione: number;
}

/** The pairs of days as a relation (from_day, to_day), from two date arrays sent as two parameters. */
const pairsSql = (copies: readonly { from: string; to: string }[]): SQL =>
  sql`select f as from_day, t as to_day from unnest(${dateArray(copies.map((c) => c.from))}, ${dateArray(copies.map((c) => c.to))}) as u(f, t)`;

/** The distinct source days of the copies, as one date-array parameter (a template's five days serve 26 weeks). */
const sourceDaysSql = (copies: readonly { from: string; to: string }[]): SQL => dateArray([...new Set(copies.map((c) => c.from))]);

/**
 * Who and which rooms of each source day may not come to its target day, and why, in one statement. The people
 * of each source day are gathered once (not once per target: 26 weeks of a template are 5 source days), and the
 * absence probe runs only for the people who have an absence or a roll-call mark within the targets' range:
 * nobody else can be absent on a target day.
 */
async function readLeftOut(tx: Db, copies: readonly { from: string; to: string }[]): Promise<Map<string, DayLeftOut[]>> {
  const sources = sourceDaysSql(copies);
  const result = await rowsOf<DayLeftOut & { day: string }>(
    tx,
    sql`
    with pairs as (${pairsSql(copies)}),
    span as (select min(to_day) as first_day, max(to_day) as last_day from pairs),
    src_patients as (
      select a.day, ap.patient_id as id from activities a join activity_patients ap on ap.activity_id = a.id where a.day = any(${sources})
      union select r.day, tp.patient_id from transport_runs r join transport_patients tp on tp.run_id = r.id where r.day = any(${sources})
    ), src_therapists as (
      select a.day, at.therapist_id as id from activities a join activity_therapists at on at.activity_id = a.id where a.day = any(${sources})
      union select r.day, tt.therapist_id from transport_runs r join transport_therapists tt on tt.run_id = r.id where r.day = any(${sources})
    ),
    patients_marked as (
      select rc.patient_id as id from roll_call rc, span where rc.day between span.first_day and span.last_day
      union select ab.patient_id from absences ab, span
      where ab.patient_id is not null and ab.end_day >= span.first_day and ab.start_day <= span.last_day
    ),
    therapists_marked as (
      select ab.therapist_id as id from absences ab, span
      where ab.therapist_id is not null and ab.end_day >= span.first_day and ab.start_day <= span.last_day
    )
    select * from (
      select pr.to_day::text as day, 'paziente' as tipo, p.id as "ID", p.first_name || ' ' || p.last_name as nome,
        case when p.archived then 'archiviato' else absent.reason end as motivo
      from pairs pr join src_patients s on s.day = pr.from_day join patients p on p.id = s.id
      cross join lateral (select case when p.id in (select id from patients_marked)
        then ${patientAbsenceReason(sql`p.id`, sql`pr.to_day`)} end as reason) absent
      where p.archived or absent.reason is not null
      union all
      select pr.to_day::text, 'terapista', t.id, t.username, case when t.archived then 'archiviato' else absent.reason end
      from pairs pr join src_therapists s on s.day = pr.from_day join therapists t on t.id = s.id
      cross join lateral (select case when t.id in (select id from therapists_marked)
        then ${therapistAbsenceReason(sql`t.id`, sql`pr.to_day`)} end as reason) absent
      where t.archived or absent.reason is not null
      union all
      select distinct p.to_day::text, 'stanza', rm.id, rm.name, 'archiviato'
      from pairs p join activities a on a.day = p.from_day join rooms rm on rm.id = a.room_id
      where a.day = any(${sources}) and rm.archived
    ) left_out order by 1, 2, 4
  `,
  );
  const byDay = new Map<string, DayLeftOut[]>();
  for (const r of result) {
    const list = byDay.get(r.day) ?? [];
    list.push({ tipo: r.tipo, ID: Number(r.ID), nome: r.nome, motivo: r.motivo });
    byDay.set(r.day, list);
  }
  return byDay;
}

/**
 * Each source day copied onto its target day, which is emptied first (activities and runs), in the
 * caller's transaction with the targets already locked: two statements whatever the number of days
 * (who is left out; then the copy of every day with its registro rows), so 26 weeks cost about
 * what one day does. Each target day gets its own undoable row (`giornata.incolla`), with the
 * day's rows before (for Annulla) and its fingerprint after, as server/db/audit.ts writes them.
 * `audit` adds keys to each row's `after`.
 */
export async function copyDayList(
  tx: Db,
  by: Actor,
  copies: readonly { from: string; to: string }[],
  audit: Record<string, unknown> = {},
): Promise<Map<string, DayCopied>> {
  const copied = new Map<string, DayCopied>();
  if (copies.length === 0) return copied;
  const leftOut = await readLeftOut(tx, copies);
  const leftRows = [...leftOut].flatMap(([day, rows]) => rows.map((r) => ({ to_day: day, tipo: r.tipo, id: r.ID, motivo: r.motivo })));
  const targets = dateArray(copies.map((c) => c.to));
  // What the targets held is read through the links' (activity_id, …) index by an array of the days' activity ids:
  // joined to activities by day, PostgreSQL hashed every link of the history (383,000 at ten years) to keep 30,000.
  const targetActivities = sql`array(select id from activities where day = any(${targets}))`;
  // The source days by their index too (the copies' join to pairs was planned as a scan of every activity and run).
  const sources = sourceDaysSql(copies);
  const sourceActivities = sql`array(select id from activities where day = any(${sources}))`;
  const sourceRuns = sql`array(select id from transport_runs where day = any(${sources}))`;
  const isLeftOut = (tipo: DayLeftOut['tipo'], day: SQL, id: SQL) =>
    sql`exists (select 1 from left_out lo where lo.to_day = ${day} and lo.tipo = ${tipo} and lo.id = ${id})`;
  const result = await rowsOf<{ day: string; attivita: number; uscite: number; operazione: number | string }>(
    tx,
    sql`
    with pairs as (${pairsSql(copies)}),
    left_out as (
      select (x->>'to_day')::date as to_day, x->>'tipo' as tipo, (x->>'id')::int as id, x->>'motivo' as motivo
      from jsonb_array_elements(${JSON.stringify(leftRows)}::jsonb) x
    ),
    -- What each target held, read before this statement's changes (for Annulla and the person filter):
    -- the rows of server/db/audit.ts snapshotSql, read for all targets at once and grouped by day.
    h_runs as (select r.day, json_agg(r order by r.id) as j from transport_runs r where r.day = any(${targets}) group by r.day),
    h_activities as (select a.day, json_agg(a order by a.id) as j from activities a where a.day = any(${targets}) group by a.day),
    h_people as (
      select a.day, json_agg(ap order by ap.id) as j, array_agg(ap.patient_id) as ids
      from activity_patients ap join activities a on a.id = ap.activity_id
      where a.day = any(${targets}) and ap.activity_id = any(${targetActivities}) group by a.day
    ),
    h_therapists as (
      select a.day, json_agg(at order by at.id) as j, array_agg(at.therapist_id) as ids
      from activity_therapists at join activities a on a.id = at.activity_id
      where a.day = any(${targets}) and at.activity_id = any(${targetActivities}) group by a.day
    ),
    h_riders as (
      select r.day, json_agg(tp order by tp.run_id, tp.patient_id) as j, array_agg(tp.patient_id) as ids
      from transport_patients tp join transport_runs r on r.id = tp.run_id where r.day = any(${targets}) group by r.day
    ),
    h_staff as (
      select r.day, json_agg(tt order by tt.run_id, tt.therapist_id) as j, array_agg(tt.therapist_id) as ids
      from transport_therapists tt join transport_runs r on r.id = tt.run_id where r.day = any(${targets}) group by r.day
    ),
    held as (
      select p.to_day,
        jsonb_build_object('transport_runs', coalesce(hr.j, '[]'::json), 'activities', coalesce(ha.j, '[]'::json),
          'activity_patients', coalesce(hp.j, '[]'::json), 'activity_therapists', coalesce(ht.j, '[]'::json),
          'transport_patients', coalesce(hri.j, '[]'::json), 'transport_therapists', coalesce(hs.j, '[]'::json)) as righe,
        coalesce(hp.ids, '{}') || coalesce(hri.ids, '{}') as patients, coalesce(ht.ids, '{}') || coalesce(hs.ids, '{}') as therapists
      from pairs p
      left join h_runs hr on hr.day = p.to_day left join h_activities ha on ha.day = p.to_day
      left join h_people hp on hp.day = p.to_day left join h_therapists ht on ht.day = p.to_day
      left join h_riders hri on hri.day = p.to_day left join h_staff hs on hs.day = p.to_day
    ),
    gone_activities as (delete from activities where day = any(${targets}) returning id),
    gone_runs as (delete from transport_runs where day = any(${targets}) returning id),
    -- Each source row draws its new id from the sequence first, so links are remapped by a join.
    run_map as (
      select r.*, p.to_day, nextval(pg_get_serial_sequence('transport_runs', 'id')) as new_id
      from transport_runs r join pairs p on r.day = p.from_day where r.day = any(${sources})
    ),
    new_runs as (
      insert into transport_runs (id, route, departure, arrival, minibus, day)
      select new_id, route, departure, arrival, minibus, to_day from run_map
      returning *
    ),
    new_riders as (
      insert into transport_patients (run_id, patient_id, position, stop_time)
      select m.new_id, tp.patient_id, tp.position, tp.stop_time from transport_patients tp join run_map m on m.id = tp.run_id
      where tp.run_id = any(${sourceRuns}) and not ${isLeftOut('paziente', sql`m.to_day`, sql`tp.patient_id`)}
      returning *
    ),
    new_staff as (
      insert into transport_therapists (run_id, therapist_id, driver)
      select m.new_id, tt.therapist_id, tt.driver from transport_therapists tt join run_map m on m.id = tt.run_id
      where tt.run_id = any(${sourceRuns}) and not ${isLeftOut('terapista', sql`m.to_day`, sql`tt.therapist_id`)}
      returning *
    ),
    activity_map as (
      select a.*, p.to_day, nextval(pg_get_serial_sequence('activities', 'id')) as new_id
      from activities a join pairs p on a.day = p.from_day
      where a.day = any(${sources}) and (a.room_id is null or not ${isLeftOut('stanza', sql`p.to_day`, sql`a.room_id`)})
    ),
    new_activities as (
      insert into activities (id, name, room_id, day, weekday, start, "end", transport_run_id, type_id)
      select a.new_id, a.name, a.room_id, a.to_day, extract(dow from a.to_day)::int, a.start, a."end", m.new_id, a.type_id
      from activity_map a left join run_map m on m.id = a.transport_run_id and m.to_day = a.to_day
      returning *
    ),
    new_people as (
      insert into activity_patients (activity_id, patient_id)
      select a.new_id, ap.patient_id from activity_patients ap join activity_map a on a.id = ap.activity_id
      where ap.activity_id = any(${sourceActivities}) and not ${isLeftOut('paziente', sql`a.to_day`, sql`ap.patient_id`)}
      returning *
    ),
    new_therapists as (
      insert into activity_therapists (activity_id, therapist_id)
      select a.new_id, at.therapist_id from activity_therapists at join activity_map a on a.id = at.activity_id
      where at.activity_id = any(${sourceActivities}) and not ${isLeftOut('terapista', sql`a.to_day`, sql`at.therapist_id`)}
      returning *
    ),
    -- Per target day, grouped once (a correlated look-up per day would scan every new row again).
    activity_day as (select id, day from new_activities),
    run_day as (select id, day from new_runs),
    counts as (
      select to_day, count(*) filter (where transport_run_id is null)::int as attivita from activity_map group by to_day
    ),
    run_counts as (select to_day, count(*)::int as uscite from run_map group by to_day),
    runs_text as (select day, string_agg(r::text, ',' order by r.id) as t from new_runs r group by day),
    activities_text as (select day, string_agg(a::text, ',' order by a.id) as t from new_activities a group by day),
    people_text as (
      select d.day, string_agg(ap::text, ',' order by ap.id) as t, array_agg(ap.patient_id) as ids
      from new_people ap join activity_day d on d.id = ap.activity_id group by d.day
    ),
    therapists_text as (
      select d.day, string_agg(at::text, ',' order by at.id) as t, array_agg(at.therapist_id) as ids
      from new_therapists at join activity_day d on d.id = at.activity_id group by d.day
    ),
    riders_text as (
      select d.day, string_agg(tp::text, ',' order by tp.run_id, tp.patient_id) as t, array_agg(tp.patient_id) as ids
      from new_riders tp join run_day d on d.id = tp.run_id group by d.day
    ),
    staff_text as (
      select d.day, string_agg(tt::text, ',' order by tt.run_id, tt.therapist_id) as t, array_agg(tt.therapist_id) as ids
      from new_staff tt join run_day d on d.id = tt.run_id group by d.day
    ),
    counted as (
      select p.to_day, p.from_day, coalesce(ac.attivita, 0) as attivita, coalesce(rc.uscite, 0) as uscite,
        -- The day's fingerprint after the copy, from the rows just written (the day holds nothing else):
        -- the same text as server/db/audit.ts dayFingerprintSql reads from the tables.
        md5(concat_ws('|', coalesce(rt.t, ''), coalesce(act.t, ''), coalesce(pt.t, ''), coalesce(tt.t, ''),
          coalesce(ri.t, ''), coalesce(st.t, ''))) as fingerprint,
        -- Who left the day and who came with the copy.
        array(select distinct x from unnest(h.patients || coalesce(pt.ids, '{}') || coalesce(ri.ids, '{}')) x
          where x is not null order by 1) as patients,
        array(select distinct x from unnest(h.therapists || coalesce(tt.ids, '{}') || coalesce(st.ids, '{}')) x
          where x is not null order by 1) as therapists,
        h.righe
      from pairs p join held h on h.to_day = p.to_day
      left join counts ac on ac.to_day = p.to_day
      left join run_counts rc on rc.to_day = p.to_day
      left join runs_text rt on rt.day = p.to_day
      left join activities_text act on act.day = p.to_day
      left join people_text pt on pt.day = p.to_day
      left join therapists_text tt on tt.day = p.to_day
      left join riders_text ri on ri.day = p.to_day
      left join staff_text st on st.day = p.to_day
    ),
    logged as (
      insert into audit_log (user_id, username, action, entity, entity_id, day, patients, therapists, before, after)
      select ${by.ID}::int, ${by.username.slice(0, 100)}::text, 'giornata.incolla', 'giornata', null, c.to_day, c.patients, c.therapists,
        jsonb_build_object('righe', c.righe),
        jsonb_build_object('da', c.from_day::text, 'attivita', c.attivita, 'uscite', c.uscite,
          'esclusi', coalesce((select jsonb_agg(jsonb_build_object('tipo', lo.tipo, 'ID', lo.id, 'motivo', lo.motivo))
            from left_out lo where lo.to_day = c.to_day), '[]'::jsonb))
          || ${JSON.stringify(audit)}::jsonb || jsonb_build_object('impronta', c.fingerprint)
      from counted c
      returning id, day
    )
    select c.to_day::text as day, c.attivita, c.uscite, l.id as operazione
    from counted c join logged l on l.day = c.to_day
  `,
  );
  for (const row of result)
    copied.set(row.day, {
      attivita: Number(row.attivita),
      uscite: Number(row.uscite),
      esclusi: leftOut.get(row.day) ?? [],
      operazione: Number(row.operazione),
    });
  return copied;
}

/** Day `from` copied onto day `to` (emptied first), in the caller's transaction, `to` already locked. */
export async function copyDay(tx: Db, by: Actor, from: string, to: string, audit: Record<string, unknown> = {}): Promise<DayCopied> {
  return (await copyDayList(tx, by, [{ from, to }], audit)).get(to)!;
}

export interface CopyPlan {
  /** Pairs of source and target day, targets in date order, each target once. */
  copies: { from: string; to: string }[];
  existing: ExistingChoice;
  /** Real target days: public holidays, the patron saint's day and the centre's closing days are skipped (not so for template days). */
  skipClosed: boolean;
  /** Keys added to each registro row's `after`. */
  audit?: Record<string, unknown>;
  /**
   * The multi-day operation these days are (docs/decisions/0027-multi-day-operations.md): its registro
   * row is written before the days' rows, which name it as `gruppo`, so Annulla takes them back at once.
   */
  operation?: { action: MultiDayAction; after: Record<string, unknown> };
}

/** Activities and runs of each of these days (days with none are absent from the map). */
async function countPlanned(tx: Db, days: readonly string[]): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const list = dateArray([...new Set(days)]);
  const result = await rowsOf<{ day: string; n: number }>(
    tx,
    sql`
    select day::text as day, count(*)::int as n from (
      select day from activities where day = any(${list})
      union all select day from transport_runs where day = any(${list})
    ) planned group by day`,
  );
  return new Map(result.map((r) => [r.day, Number(r.n)]));
}

const forAnswer = (left: DayLeftOut): LeftOut => ({ ...left, motivo: left.motivo === 'archiviato' ? 'archiviato' : 'assente' });

/**
 * Several days copied in the caller's transaction: every target day locked first (in date order,
 * in one statement), then each copied, or skipped as a holiday, a closing day or (`salta`) a day
 * that already holds activities or runs. A source day with nothing on it leaves an empty target
 * as it is (no registro row); under `sostituisci` it empties a planned one.
 */
export async function copyDays(tx: Db, by: Actor, plan: CopyPlan): Promise<{ giorni: DayApplied[]; operazione: number | null }> {
  const targets = plan.copies.map((c) => c.to);
  await lockDays(tx, targets);
  // Sent together: the connection still answers them one after the other, but under a load of reads each await of
  // the server's own would wait its turn behind them (docs/performance.md, Sostituisci under load).
  const [planned, closed, patron] = await Promise.all([
    countPlanned(tx, [...targets, ...plan.copies.map((c) => c.from)]),
    plan.skipClosed && targets.length > 0 ? readClosingDays(tx, targets[0], targets[targets.length - 1]) : ([] as string[]),
    plan.skipClosed ? readCentreSettings(tx).then((settings) => settings.patron) : null,
  ]);
  const skips = new Map<string, DayApplied['saltato']>();
  for (const { from, to } of plan.copies) {
    const skipped =
      plan.skipClosed && holidayName(to, patron) !== null
        ? 'festivo'
        : closed.includes(to)
          ? 'chiusura'
          : planned.has(to) && plan.existing === 'salta'
            ? 'esistente'
            : null;
    // A source day with nothing on it leaves an empty target as it is.
    if (skipped !== null || (!planned.has(from) && !planned.has(to))) skips.set(to, skipped);
  }
  const written = plan.copies.filter((c) => !skips.has(c.to));
  // The operation's row first (the registro refuses updates, and its hash chain follows ids): only when a day is written.
  const operazione =
    plan.operation && written.length > 0
      ? await appendAudit(tx, by, {
          action: plan.operation.action,
          entity: 'giornata',
          day: written[0].to,
          dayTo: written[written.length - 1].to,
          after: { ...plan.operation.after, esistenti: plan.existing, giorni: written.length },
        })
      : null;
  const copied = await copyDayList(tx, by, written, operazione === null ? plan.audit : { ...plan.audit, gruppo: operazione });
  const giorni = plan.copies.map(({ to }): DayApplied => {
    const day = copied.get(to);
    return day
      ? { data: to, scritto: day.attivita + day.uscite, saltato: null, esclusi: day.esclusi.map(forAnswer) }
      : { data: to, scritto: 0, saltato: skips.get(to) ?? null, esclusi: [] };
  });
  return { giorni, operazione };
}

/** Days written at once from which the planner's statistics of the plan's tables are refreshed. */
export const BULK_COPY_DAYS = 20;

/**
 * After a bulk copy (months of days in one transaction) the plan's tables may have grown several times over (a young
 * centre's first template over 26 weeks) before autovacuum samples them again; with the old statistics PostgreSQL
 * plans the next copy's joins as if the tables were still small (npm run bench, one month of history: "Sostituisci"
 * under load 0.9 s with the refresh, 18–19 s without). ANALYZE samples at most 30,000 rows a table (about 120 ms at
 * ten years), so it runs after the answer, on a connection of its own: the coordinator does not wait for it.
 */
export function refreshPlanStatisticsLater(db: Db): void {
  void db
    .execute(sql`analyze activities, activity_patients, activity_therapists, transport_runs, transport_patients, transport_therapists`)
    .catch(() => {}); // statistics only: a database closing or busy costs the next copy's plan, nothing else
}
