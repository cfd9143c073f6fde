/**
 * The one paste path of the calendar (docs/decisions/0013-weekly-templates.md): "Incolla giornata",
 * "Incolla settimana", a template applied to weeks, and a template saved from or copied to a week
 * all copy day by day here. A day's copy holds its activities (name, room, times, patients,
 * therapists) and its minibus runs (route, times, minibus, passengers, staff and their TRASPORTO
 * placements); archived patients, therapists and rooms (an activity in an archived room is left out
 * whole) and the people absent on the target day stay out and are named. Every caller runs inside
 * one transaction that holds the target days' locks (server/db/audit.ts, lockDays), and each day
 * written appends its undoable row to the registro, as the paste always did.
 */
import { sql, type SQL } from 'drizzle-orm';
import { weekdayOf } from '../../common/dates.ts';
import { holidayName } from '../../common/holidays.ts';
import type { DayApplied, ExistingChoice, LeftOut } from '../../common/modelli.ts';
import type { AbsenceReason } from '../../common/presenze.ts';
import { patientAbsenceReason, therapistAbsenceReason } from './absence-sql.ts';
import { appendDayAudit, holdDayRows, lockDays, type Actor } from './audit.ts';
import type { Db } from './client.ts';
import { readClosingDays } from './closing-days.ts';

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

const notAmong = (column: SQL, ids: number[]): SQL =>
  ids.length === 0
    ? sql``
    : sql`and ${column} not in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/** Who and which rooms of day `from` may not come to day `to`, and why. */
async function readLeftOut(tx: Db, from: string, to: string): Promise<DayLeftOut[]> {
  const result = (await tx.execute(sql`
    with src_patients as (
      select ap.patient_id as id from activity_patients ap join activities a on a.id = ap.activity_id where a.day = ${from}::date
      union select tp.patient_id from transport_patients tp join transport_runs r on r.id = tp.run_id where r.day = ${from}::date
    ), src_therapists as (
      select at.therapist_id as id from activity_therapists at join activities a on a.id = at.activity_id where a.day = ${from}::date
      union select tt.therapist_id from transport_therapists tt join transport_runs r on r.id = tt.run_id where r.day = ${from}::date
    )
    select * from (
      select 'paziente' as tipo, p.id as "ID", p.first_name || ' ' || p.last_name as nome,
        case when p.archived then 'archiviato' else absent.reason end as motivo
      from patients p join src_patients s on s.id = p.id
      cross join lateral (select ${patientAbsenceReason(sql`p.id`, sql`${to}::date`)} as reason) absent
      where p.archived or absent.reason is not null
      union all
      select 'terapista', t.id, t.username, case when t.archived then 'archiviato' else absent.reason end
      from therapists t join src_therapists s on s.id = t.id
      cross join lateral (select ${therapistAbsenceReason(sql`t.id`, sql`${to}::date`)} as reason) absent
      where t.archived or absent.reason is not null
      union all
      select 'stanza', rm.id, rm.name, 'archiviato'
      from rooms rm where rm.archived and rm.id in (select a.room_id from activities a where a.day = ${from}::date)
    ) left_out order by 1, 3
  `)) as unknown as { rows: DayLeftOut[] };
  return result.rows.map((r) => ({ tipo: r.tipo, ID: Number(r.ID), nome: r.nome, motivo: r.motivo }));
}

/**
 * Day `from` copied onto day `to`, which is emptied first (activities and runs), in the caller's
 * transaction, `to` already locked. `audit` adds keys to the registro row's `after`.
 */
export async function copyDay(tx: Db, by: Actor, from: string, to: string, audit: Record<string, unknown> = {}): Promise<DayCopied> {
  const replaced = await holdDayRows(tx, to);
  const esclusi = await readLeftOut(tx, from, to);
  const skip = (tipo: DayLeftOut['tipo']) => esclusi.filter((r) => r.tipo === tipo).map((r) => r.ID);
  const keepPatient = (column: SQL) => notAmong(column, skip('paziente'));
  const keepTherapist = (column: SQL) => notAmong(column, skip('terapista'));
  const keepRoom = (column: SQL) => notAmong(column, skip('stanza'));
  await tx.execute(sql`delete from activities where day = ${to}::date`);
  await tx.execute(sql`delete from transport_runs where day = ${to}::date`);
  // One statement copies the runs, the activities and every link: each source row draws its
  // new id from the sequence first, so links are remapped by a join, with no data sent to
  // the server and back (a paste of 60 activities was 8 round trips and 600 parameters).
  const result = (await tx.execute(sql`
    with run_map as (
      select r.*, nextval(pg_get_serial_sequence('transport_runs', 'id')) as new_id
      from transport_runs r where r.day = ${from}::date
    ),
    new_runs as (
      insert into transport_runs (id, route, departure, arrival, minibus, day)
      select new_id, route, departure, arrival, minibus, ${to}::date from run_map
      returning *
    ),
    new_riders as (
      insert into transport_patients (run_id, patient_id)
      select m.new_id, tp.patient_id from transport_patients tp join run_map m on m.id = tp.run_id
      where true ${keepPatient(sql`tp.patient_id`)}
      returning *
    ),
    new_staff as (
      insert into transport_therapists (run_id, therapist_id)
      select m.new_id, tt.therapist_id from transport_therapists tt join run_map m on m.id = tt.run_id
      where true ${keepTherapist(sql`tt.therapist_id`)}
      returning *
    ),
    activity_map as (
      select a.*, nextval(pg_get_serial_sequence('activities', 'id')) as new_id
      from activities a where a.day = ${from}::date ${keepRoom(sql`coalesce(a.room_id, 0)`)}
    ),
    new_activities as (
      insert into activities (id, name, room_id, day, weekday, start, "end", transport_run_id)
      select a.new_id, a.name, a.room_id, ${to}::date, ${weekdayOf(to)}, a.start, a."end", m.new_id
      from activity_map a left join run_map m on m.id = a.transport_run_id
      returning *
    ),
    new_people as (
      insert into activity_patients (activity_id, patient_id)
      select a.new_id, ap.patient_id from activity_patients ap join activity_map a on a.id = ap.activity_id
      where true ${keepPatient(sql`ap.patient_id`)}
      returning *
    ),
    new_therapists as (
      insert into activity_therapists (activity_id, therapist_id)
      select a.new_id, at.therapist_id from activity_therapists at join activity_map a on a.id = at.activity_id
      where true ${keepTherapist(sql`at.therapist_id`)}
      returning *
    )
    select (select count(*)::int from activity_map where transport_run_id is null) as pasted,
      (select count(*)::int from run_map) as runs,
      -- Who came with the paste, for the registro's person filter.
      array_to_json(array(select patient_id from new_people union select patient_id from new_riders)) as patients,
      array_to_json(array(select therapist_id from new_therapists union select therapist_id from new_staff)) as therapists,
      -- The day's fingerprint after the paste, from the rows just written (the day held nothing else):
      -- the same text as server/db/audit.ts dayFingerprintSql reads from the tables.
      md5(concat_ws('|',
        coalesce((select string_agg(r::text, ',' order by r.id) from new_runs r), ''),
        coalesce((select string_agg(a::text, ',' order by a.id) from new_activities a), ''),
        coalesce((select string_agg(ap::text, ',' order by ap.id) from new_people ap), ''),
        coalesce((select string_agg(at::text, ',' order by at.id) from new_therapists at), ''),
        coalesce((select string_agg(tp::text, ',' order by tp.run_id, tp.patient_id) from new_riders tp), ''),
        coalesce((select string_agg(tt::text, ',' order by tt.run_id, tt.therapist_id) from new_staff tt), ''))) as fingerprint
  `)) as unknown as {
    rows: { pasted: number; runs: number; patients: number[] | string; therapists: number[] | string; fingerprint: string }[];
  };
  const [row] = result.rows;
  const ids = (value: number[] | string) => (typeof value === 'string' ? (JSON.parse(value) as number[]) : value).map(Number);
  const attivita = Number(row.pasted);
  const uscite = Number(row.runs);
  const operazione = await appendDayAudit(tx, by, {
    action: 'giornata.incolla',
    entity: 'giornata',
    day: to,
    // Who left the day and who came with the paste.
    patients: [...replaced.patients, ...ids(row.patients)],
    therapists: [...replaced.therapists, ...ids(row.therapists)],
    fingerprint: row.fingerprint,
    after: {
      da: from,
      attivita,
      uscite,
      esclusi: esclusi.map(({ tipo, ID, motivo }) => ({ tipo, ID, motivo })),
      ...audit,
    },
  });
  return { attivita, uscite, esclusi, operazione };
}

export interface CopyPlan {
  /** Pairs of source and target day, targets in date order, each target once. */
  copies: { from: string; to: string }[];
  existing: ExistingChoice;
  /** Real target days: public holidays and the centre's closing days are skipped (not so for template days). */
  skipClosed: boolean;
  /** Keys added to each registro row's `after`. */
  audit?: Record<string, unknown>;
}

/** Activities and runs of each of these days (days with none are absent from the map). */
async function countPlanned(tx: Db, days: readonly string[]): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const list = sql`${`{${[...new Set(days)].join(',')}}`}::date[]`;
  const result = (await tx.execute(sql`
    select day::text as day, count(*)::int as n from (
      select day from activities where day = any(${list})
      union all select day from transport_runs where day = any(${list})
    ) planned group by day`)) as unknown as { rows: { day: string; n: number }[] };
  return new Map(result.rows.map((r) => [r.day, Number(r.n)]));
}

const forAnswer = (left: DayLeftOut): LeftOut => ({ ...left, motivo: left.motivo === 'archiviato' ? 'archiviato' : 'assente' });

/**
 * Several days copied in the caller's transaction: every target day locked first (in date order,
 * in one statement), then each copied, or skipped as a holiday, a closing day or (`salta`) a day
 * that already holds activities or runs. A source day with nothing on it leaves an empty target
 * as it is (no registro row); under `sostituisci` it empties a planned one.
 */
export async function copyDays(tx: Db, by: Actor, plan: CopyPlan): Promise<DayApplied[]> {
  const targets = plan.copies.map((c) => c.to);
  await lockDays(tx, targets);
  const planned = await countPlanned(tx, [...targets, ...plan.copies.map((c) => c.from)]);
  const closed =
    plan.skipClosed && targets.length > 0 ? new Set(await readClosingDays(tx, targets[0], targets[targets.length - 1])) : new Set<string>();
  const days: DayApplied[] = [];
  for (const { from, to } of plan.copies) {
    const skipped =
      plan.skipClosed && holidayName(to) !== null
        ? 'festivo'
        : closed.has(to)
          ? 'chiusura'
          : planned.has(to) && plan.existing === 'salta'
            ? 'esistente'
            : null;
    if (skipped !== null || (!planned.has(from) && !planned.has(to))) {
      days.push({ data: to, scritto: 0, saltato: skipped, esclusi: [] });
      continue;
    }
    const copied = await copyDay(tx, by, from, to, plan.audit);
    days.push({ data: to, scritto: copied.attivita + copied.uscite, saltato: null, esclusi: copied.esclusi.map(forAnswer) });
  }
  return days;
}
