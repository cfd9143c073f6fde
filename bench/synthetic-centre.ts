/**
 * A synthetic centre for the benchmark, generated inside the database with
 * generate_series (bulk, seconds rather than hours): 20 rooms, 500 patients,
 * 80 therapists, and for every weekday of the history about 30 activities
 * with 3 to 6 patients and 1 or 2 therapists, and 6 minibus runs with 5
 * passengers and 1 driver-assistant each, placed on the calendar. Presenze
 * too: each patient about 4 absences a year (1 to 7 days), each therapist 5
 * (1 to 10 days), and a roll-call mark for every patient of every weekday's
 * plan (one in 17 absent), so the day's absence lookups walk a decade of rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/lib/passwords.ts';

export const BENCH_ADMIN = { username: 'benchadmin', password: 'misura-dei-tempi-di-risposta' };
/**
 * Read-only accounts `benchlettore.1` … `.40` for the week case: an account holds at most 10 sessions (the 11th
 * ends the oldest, which ended the bench's own session) and its range reads are limited per account.
 */
export const BENCH_READERS = { prefix: 'benchlettore', count: 40, password: 'lettura-dei-tempi-di-risposta' };
export const benchReader = (i: number) => ({ username: `${BENCH_READERS.prefix}.${i + 1}`, password: BENCH_READERS.password });

export async function buildSyntheticCentre(db: Db, firstDay: string, lastDay: string) {
  await db.insert(users).values({ username: BENCH_ADMIN.username, passwordHash: await hashPassword(BENCH_ADMIN.password), admin: 1 });
  const readerHash = await hashPassword(BENCH_READERS.password);
  await db
    .insert(users)
    .values(
      Array.from({ length: BENCH_READERS.count }, (_, i) => ({ username: benchReader(i).username, passwordHash: readerHash, admin: 0 })),
    );
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  await run(sql`insert into rooms (name, position) select 'Stanza ' || g, g from generate_series(1, 20) g`);
  await run(sql`insert into patients (first_name, last_name, mobile)
    select (array['Marco','Giulia','Luca','Sara','Paolo','Anna','Enrico','Elena'])[1 + g % 8], 'Cognome' || g, '+39333' || lpad(g::text, 7, '0')
    from generate_series(1, 500) g`);
  await run(sql`insert into therapists (username) select 'operatore' || g from generate_series(1, 80) g`);
  // Ordinary activities: 30 a weekday, rooms 1..20, two slots.
  await run(sql`insert into activities (name, room_id, day, weekday, start, "end")
    select 'Attività ' || n, 1 + n % 20, d::date, extract(dow from d)::int,
           case when n < 20 then time '09:00' else time '11:00' end,
           case when n < 20 then time '10:30' else time '12:30' end
    from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') d, generate_series(0, 29) n
    where extract(isodow from d) < 6`);
  await run(sql`insert into activity_patients (activity_id, patient_id)
    select a.id, 1 + (a.id * 7 + k * 53) % 500 from activities a, generate_series(0, 5) k where k < 3 + a.id % 4`);
  await run(sql`insert into activity_therapists (activity_id, therapist_id)
    select a.id, 1 + (a.id * 3 + k * 17) % 80 from activities a, generate_series(0, 1) k where k < 1 + a.id % 2`);
  // Six minibus runs a weekday, each placed on the calendar as a TRASPORTO activity.
  await run(sql`insert into transport_runs (route, departure, arrival, minibus, day)
    select 'Tratta ' || n, time '07:30' + (n % 3) * interval '15 minutes' + (n / 3) * interval '8 hours',
           time '08:30' + (n % 3) * interval '15 minutes' + (n / 3) * interval '8 hours', 1 + n % 2, d::date
    from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') d, generate_series(0, 5) n
    where extract(isodow from d) < 6`);
  await run(sql`insert into transport_patients (run_id, patient_id)
    select r.id, 1 + (r.id * 11 + k * 97) % 500 from transport_runs r, generate_series(0, 4) k`);
  await run(sql`insert into transport_therapists (run_id, therapist_id) select r.id, 1 + r.id % 80 from transport_runs r`);
  await run(sql`insert into activities (name, room_id, day, weekday, start, "end", transport_run_id)
    select 'TRASPORTO', null, r.day, extract(dow from r.day)::int, r.departure, r.arrival, r.id from transport_runs r`);
  await run(sql`insert into absences (patient_id, start_day, end_day, reason, justified)
    select p, ${firstDay}::date + k * 91 + p % 60, ${firstDay}::date + k * 91 + p % 60 + (p + k) % 7,
           (array['malattia','ferie','permesso','ricovero','altro'])[1 + (p + k) % 5], (p + k) % 9 <> 0
    from generate_series(1, 500) p, generate_series(0, (${lastDay}::date - ${firstDay}::date) / 91) k`);
  await run(sql`insert into absences (therapist_id, start_day, end_day, reason)
    select t, ${firstDay}::date + k * 73 + t % 50, ${firstDay}::date + k * 73 + t % 50 + (t + k) % 10,
           (array['malattia','ferie','permesso'])[1 + (t + k) % 3]
    from generate_series(1, 80) t, generate_series(0, (${lastDay}::date - ${firstDay}::date) / 73) k`);
  await run(sql`insert into roll_call (day, patient_id, present, reason)
    select day, patient_id, (patient_id * 31 + (day - ${firstDay}::date)) % 17 <> 0,
           case when (patient_id * 31 + (day - ${firstDay}::date)) % 17 = 0 then 'malattia' end
    from (select distinct a.day, ap.patient_id from activity_patients ap join activities a on a.id = ap.activity_id) expected`);
  await run(sql`analyze`);
}

/** A day of 60 activities and 300 links, the source of the paste benchmark. */
export async function buildPasteSource(db: Db, day: string) {
  await db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end")
    select 'Da incollare ' || n, 1 + n % 20, ${day}::date, extract(dow from ${day}::date)::int,
           time '08:00' + (n / 20) * interval '1 hour', time '09:00' + (n / 20) * interval '1 hour'
    from generate_series(0, 59) n`);
  await db.execute(sql`insert into activity_patients (activity_id, patient_id)
    select a.id, 1 + (a.id * 13 + k * 101) % 500 from activities a, generate_series(0, 3) k where a.day = ${day}::date`);
  await db.execute(sql`insert into activity_therapists (activity_id, therapist_id)
    select a.id, 1 + a.id % 80 from activities a where a.day = ${day}::date`);
}

/** A day of 20 rooms and 15 time slots (14 half-hours from 08:00), for the browser's paint measure. */
export async function buildWideDay(db: Db, day: string) {
  await db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end")
    select 'Attività ' || r || '-' || s, r, ${day}::date, extract(dow from ${day}::date)::int,
           time '08:00' + s * interval '30 minutes', time '08:30' + s * interval '30 minutes'
    from generate_series(1, 20) r, generate_series(0, 13) s`);
  await db.execute(sql`insert into activity_patients (activity_id, patient_id)
    select a.id, 1 + (a.id * 7 + k * 53) % 500 from activities a, generate_series(0, 2) k where a.day = ${day}::date`);
  await db.execute(sql`insert into activity_therapists (activity_id, therapist_id)
    select a.id, 1 + a.id % 80 from activities a where a.day = ${day}::date`);
}

/**
 * Template 1 (its reserved week, common/modelli.ts templateWeek) with the plan of bench/modelli.ts: every
 * weekday 60 activities of 4 patients and 1 therapist (300 links) and two minibus runs with 8 passengers
 * and their TRASPORTO placements. Returns the template's id.
 */
export async function buildTemplate(db: Db, week: string): Promise<number> {
  await db.execute(sql`insert into templates (id, name, week) values (1, 'Inverno', ${week}::date)`);
  await db.execute(sql`select setval(pg_get_serial_sequence('templates', 'id'), 1)`);
  await db.execute(sql`insert into transport_runs (route, departure, arrival, minibus, day)
    select r.route, r.dep, r.arr, 1 + (d % 2), ${week}::date + d
    from generate_series(0, 4) d, (values ('Andata', time '08:00', time '08:45'), ('Ritorno', time '16:00', time '16:45')) r(route, dep, arr)`);
  await db.execute(sql`insert into transport_patients (run_id, patient_id)
    select r.id, 1 + (r.id * 11 + k * 61) % 500 from transport_runs r, generate_series(0, 7) k
    where r.day between ${week}::date and ${week}::date + 4`);
  await db.execute(sql`insert into transport_therapists (run_id, therapist_id)
    select r.id, 1 + r.id % 80 from transport_runs r where r.day between ${week}::date and ${week}::date + 4`);
  await db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end", transport_run_id)
    select 'TRASPORTO', null, r.day, extract(dow from r.day)::int, r.departure, r.arrival, r.id
    from transport_runs r where r.day between ${week}::date and ${week}::date + 4`);
  await db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end")
    select 'Modello ' || n, 1 + n % 20, ${week}::date + d, d + 1,
      time '08:00' + (n / 20) * interval '1 hour', time '08:45' + (n / 20) * interval '1 hour'
    from generate_series(0, 4) d, generate_series(0, 59) n`);
  await db.execute(sql`insert into activity_patients (activity_id, patient_id)
    select a.id, 1 + (a.id * 4 + k * 101) % 500 from activities a, generate_series(0, 3) k
    where a.day between ${week}::date and ${week}::date + 4 and a.transport_run_id is null`);
  await db.execute(sql`insert into activity_therapists (activity_id, therapist_id)
    select a.id, 1 + a.id % 80 from activities a where a.day between ${week}::date and ${week}::date + 4 and a.transport_run_id is null`);
  return 1;
}

/** The ten types of activity of buildPlans: ids 1–8 the groups of each profile (id 8, OSS, up to 5), 9–10 individual. */
const BENCH_TYPES = [
  ['Logopedia di gruppo', 'logopedista', 6],
  ['Fisioterapia di gruppo', 'fisioterapista', 6],
  ['Psicomotricità', 'tnpee', 6],
  ['Terapia occupazionale', 'terapista_occupazionale', 6],
  ['Gruppo di sostegno psicologico', 'psicologo', 6],
  ['Laboratorio educativo', 'educatore_professionale', 6],
  ['Riabilitazione psichiatrica', 'terp', 6],
  ['Cura della persona', 'oss', 5],
  ['Logopedia individuale', 'logopedista', 1],
  ['Fisioterapia individuale', 'fisioterapista', 1],
] as const;

/**
 * Issue 29 on the synthetic centre (after buildSyntheticCentre, on the same days): ten types of activity; every
 * operatore a profile (those of one activity mostly agree: the profile follows the therapist's id modulo 17, and an
 * activity's two therapists are 17 ids apart), 30 contracted hours (10 for one in seven) and availability Monday to
 * Friday 08:00–17:00 (one in ten 08:00–10:00 and 13:00–17:00, so the 11:00 activities are outside it); every ordinary
 * activity of the history a type, the one of its first therapist's profile (one in fifteen of the logopedia and
 * fisioterapia ones individual, over capacity with their 3 to 6 utenti); a progetto a year for every utente from the
 * first day, utenti 1–200 still in care (the last one open), the other 300 discharged years before the end; frequenza
 * Monday to Friday 09:00–16:00 (one in eight Monday, Wednesday and Friday only; one in twenty from 10:00), and 2 to 4
 * righe, the types the utente attended most in the progetto's last four weeks of history. So the day reads meet every
 * new conflict kind (profilo, disponibilita, fuori_progetto, capienza) and the coverage of a recent week lists the
 * 200 utenti in care.
 */
export async function buildPlans(db: Db, firstDay: string, lastDay: string) {
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  for (const [i, [name, profile, participants]] of BENCH_TYPES.entries()) {
    await run(sql`insert into activity_types (id, name, profile, participants, minutes)
      values (${i + 1}, ${name}, ${profile}, ${participants}, ${participants === 1 ? 45 : 60})`);
  }
  await run(sql`select setval(pg_get_serial_sequence('activity_types', 'id'), ${BENCH_TYPES.length})`);
  const profiles = sql.raw(
    `array[${BENCH_TYPES.slice(0, 8)
      .map(([, profile]) => `'${profile}'`)
      .join(', ')}]`,
  );
  await run(sql`update therapists set
    profile = (${profiles})[1 + ((id - 1) % 17) % 8],
    weekly_minutes = case when id % 7 = 0 then 600 else 1800 end,
    availability = (select jsonb_agg(jsonb_build_object('giorno', g, 'dalle', w.dalle, 'alle', w.alle) order by g, w.dalle)
                    from generate_series(1, 5) g,
                         (values ('08:00', '10:00', true), ('13:00', '17:00', true), ('08:00', '17:00', false)) w(dalle, alle, split)
                    where w.split = (therapists.id % 10 = 0))`);
  // The first therapist of activity a is 1 + (3a mod 80) (buildSyntheticCentre): its profile's group, or the individual type.
  const group = sql`((id * 3) % 80 % 17) % 8`;
  await run(sql`update activities set type_id = case when ${group} < 2 and id % 15 = 0 then 9 + ${group} else 1 + ${group} end
    where transport_run_id is null and day between ${firstDay}::date and ${lastDay}::date`);
  const years = sql`((${lastDay}::date - ${firstDay}::date) / 364 + 1)`;
  await run(sql`insert into care_plans (patient_id, start_day, end_day, review_day, goals, attendance)
    select p, s, e, s + 180, 'Obiettivi del progetto ' || (k + 1),
           (select jsonb_agg(jsonb_build_object('giorno', g, 'dalle', case when p % 20 = 3 then '10:00' else '09:00' end, 'alle', '16:00')
                             order by g)
            from generate_series(1, 5) g where p % 8 <> 0 or g % 2 = 1)
    from (select p, k, ${firstDay}::date + k * 364 as s,
                 case when p <= 200 and k = ${years} - 1 then null else ${firstDay}::date + k * 364 + 363 end as e
          from generate_series(1, 500) p, generate_series(0, ${years} - 1) k
          where p <= 200 or k <= ${years} - 2 - p % 3) plans`);
  await run(sql`insert into care_plan_rows (plan_id, type_id, sessions, minutes, position)
    select plan_id, type_id, case when (plan_id + rank) % 4 = 0 then 2 else 1 end, 45, rank - 1
    from (select cp.id as plan_id, cp.patient_id, a.type_id,
                 row_number() over (partition by cp.id order by count(*) desc, a.type_id) as rank
          from care_plans cp
          join activity_patients ap on ap.patient_id = cp.patient_id
          join activities a on a.id = ap.activity_id
          where a.type_id is not null
            and a.day between greatest(cp.start_day, least(coalesce(cp.end_day, ${lastDay}::date), ${lastDay}::date) - 27)
                          and least(coalesce(cp.end_day, ${lastDay}::date), ${lastDay}::date)
          group by cp.id, cp.patient_id, a.type_id) r
    where rank <= 2 + patient_id % 3`);
  // A progetto whose last weeks saw no typed activity still asks for one: the group of the utente's id.
  await run(sql`insert into care_plan_rows (plan_id, type_id, sessions, minutes, position)
    select id, 1 + patient_id % 8, 1, 45, 0 from care_plans cp where not exists (select 1 from care_plan_rows r where r.plan_id = cp.id)`);
  await run(sql`vacuum analyze`);
}
