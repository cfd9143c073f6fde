/**
 * kill -9 of the server in the middle of a 26-week apply, on both databases: after a restart
 * every target day is wholly the old plan or wholly the template's (one transaction), never a
 * part, and the embedded database opens cleanly.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../../common/dates.ts';
import { holidayName } from '../../../common/holidays.ts';
import { type Database, type DbKind } from '../../db/client.ts';
import { seedCentre } from '../../test/fixtures.ts';
import { ADMIN, DB_KINDS, createAccounts } from '../../test/harness.ts';
import { killableDatabase } from '../../test/killable-database.ts';
import { signInOverHttp, spawnServer } from '../../test/server-process.ts';
import { rowsOf } from '../../db/rows.ts';

const TEMPLATE_WEEK = '3000-01-06';
/** Where the time of a whole apply is measured, and where the apply is killed: 26 weeks each. */
const MEASURED = '2027-01-04';
const KILLED = '2027-07-05';
const WEEKS_DAYS = 182;

/** A template of 60 activities a day with 4 patients and 1 therapist each (300 links), and two runs a day. */
async function buildTemplate(database: Database) {
  const centre = await seedCentre(database.db);
  const db = database.db;
  await db.execute(sql`insert into templates (id, name, week) values (1, 'Grande', ${TEMPLATE_WEEK}::date)`);
  await db.execute(sql`insert into patients (first_name, last_name) select 'Nome' || g, 'Cognome' || g from generate_series(1, 60) g`);
  await db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end")
    select 'Attività ' || n, ${centre.palestra.id}, ${TEMPLATE_WEEK}::date + d, d + 1,
      time '08:00' + (n % 16) * interval '30 minutes', time '08:30' + (n % 16) * interval '30 minutes'
    from generate_series(0, 4) d, generate_series(1, 60) n`);
  await db.execute(sql`insert into activity_patients (activity_id, patient_id)
    select a.id, p.id from activities a join lateral (select id from patients order by id offset a.id % 50 limit 4) p on true
    where a.day between ${TEMPLATE_WEEK}::date and ${TEMPLATE_WEEK}::date + 4`);
  await db.execute(sql`insert into activity_therapists (activity_id, therapist_id)
    select a.id, ${centre.paola.id} from activities a where a.day between ${TEMPLATE_WEEK}::date and ${TEMPLATE_WEEK}::date + 4`);
  await db.execute(sql`insert into transport_runs (route, departure, arrival, minibus, day)
    select r.route, r.dep, r.arr, 1, ${TEMPLATE_WEEK}::date + d
    from generate_series(0, 4) d, (values ('Andata', time '08:00', time '08:45'), ('Ritorno', time '16:00', time '16:45')) r(route, dep, arr)`);
  await db.execute(
    sql`insert into transport_patients (run_id, patient_id) select r.id, p.id from transport_runs r, (select id from patients order by id limit 8) p`,
  );
}

/** The old plan of the killed range: one activity a working day. */
async function plantOldPlan(database: Database) {
  const days = [...Array(WEEKS_DAYS).keys()].map((i) => addDays(KILLED, i)).filter((d) => weekdayOf(d) >= 1 && weekdayOf(d) <= 5);
  await database.db.execute(sql`delete from activities where day between ${KILLED}::date and ${addDays(KILLED, WEEKS_DAYS - 1)}::date`);
  await database.db.execute(sql`delete from transport_runs where day between ${KILLED}::date and ${addDays(KILLED, WEEKS_DAYS - 1)}::date`);
  await database.db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end")
    select 'Vecchio piano', (select min(id) from rooms), d::date, extract(dow from d)::int, '09:00', '10:00'
    from unnest(${`{${days.join(',')}}`}::date[]) d`);
}

/** Per working day of the killed range: its activities (TRASPORTO included), activity links and runs. */
async function killedRangeDays(database: Database) {
  const result = await rowsOf<{ day: string; activities: number; links: number; runs: number; old: number }>(
    database.db,
    sql`
    select d::date::text as day,
      (select count(*)::int from activities a where a.day = d::date) as activities,
      (select count(*)::int from activity_patients ap join activities a on a.id = ap.activity_id where a.day = d::date) as links,
      (select count(*)::int from transport_runs r where r.day = d::date) as runs,
      (select count(*)::int from activities a where a.day = d::date and a.name = 'Vecchio piano') as old
    from generate_series(${KILLED}::date, ${addDays(KILLED, WEEKS_DAYS - 1)}::date, interval '1 day') d
    where extract(isodow from d) <= 5`,
  );
  return result.map((r) => ({
    day: r.day,
    activities: Number(r.activities),
    links: Number(r.links),
    runs: Number(r.runs),
    old: Number(r.old),
  }));
}

describe.each(DB_KINDS)('modelli: kill -9 during a 26-week apply on %s', (kind: DbKind) => {
  const { create, env, withDb } = killableDatabase(kind, 'giornata-modelli-crash-');

  it('leaves every day of the range wholly old or wholly the template, never a part', async () => {
    await create();
    await withDb(async (d) => {
      await createAccounts(d);
      await buildTemplate(d);
      await plantOldPlan(d);
    });
    // Each weekday of the template as an apply writes it: archived patients left out (so the links may differ by weekday).
    const full = await withDb(async (d) => {
      const result = await rowsOf<{ weekday: number; activities: number; links: number }>(
        d.db,
        sql`
        select extract(isodow from a.day)::int as weekday, count(distinct a.id)::int as activities,
          count(p.id)::int as links
        from activities a
        left join activity_patients ap on ap.activity_id = a.id
        left join patients p on p.id = ap.patient_id and not p.archived
        where a.day between ${TEMPLATE_WEEK}::date and ${TEMPLATE_WEEK}::date + 4
        group by 1`,
      );
      return new Map(result.map((r) => [Number(r.weekday), { activities: Number(r.activities), links: Number(r.links) }]));
    });
    expect([...full.values()].map((f) => f.activities)).toEqual([60, 60, 60, 60, 60]);
    let server = await spawnServer(env());
    let post = (await signInOverHttp(server.url, ADMIN)).call;
    const started = performance.now();
    const measured = await post('/server/modelli/applica', { modello: 1, dal: MEASURED, al: addDays(MEASURED, WEEKS_DAYS - 1) });
    expect(measured.status).toBe(200);
    const applyMs = performance.now() - started;

    const outcomes: string[] = [];
    for (const fraction of [0.2, 0.5, 0.8]) {
      const inFlight = post('/server/modelli/applica', {
        modello: 1,
        dal: KILLED,
        al: addDays(KILLED, WEEKS_DAYS - 1),
        esistenti: 'sostituisci',
      }).catch(() => null);
      await new Promise((r) => setTimeout(r, applyMs * fraction));
      await server.stop('SIGKILL');
      await inFlight;
      const days = await withDb(killedRangeDays);
      const states = days.map((d) =>
        d.old === 1 && d.activities === 1 && d.links === 0 && d.runs === 0
          ? 'old'
          : d.old === 0 &&
              d.activities === full.get(weekdayOf(d.day))?.activities &&
              d.links === full.get(weekdayOf(d.day))?.links &&
              d.runs === 2
            ? 'new'
            : `partial ${d.day} ${d.activities}/${d.links}/${d.runs}`,
      );
      // Holidays of the range keep the old plan either way.
      const distinct = [...new Set(states)];
      expect(
        distinct.filter((s) => s.startsWith('partial')),
        `killed at ${Math.round(fraction * 100)}% of ${Math.round(applyMs)} ms`,
      ).toEqual([]);
      const outcome = states.filter((s) => s === 'new').length === 0 ? 'old' : 'new';
      outcomes.push(outcome);
      if (outcome === 'new') {
        // One transaction: every working day was written, but the holidays (4 ottobre, 1 novembre, 8 dicembre 2027).
        const holidays = days.filter((d) => holidayName(d.day) !== null).map((d) => d.day);
        expect(days.filter((_, i) => states[i] === 'old').map((d) => d.day)).toEqual(holidays);
        await withDb(plantOldPlan);
      }
      server = await spawnServer(env());
      post = (await signInOverHttp(server.url, ADMIN)).call;
      expect((await fetch(`${server.url}/server/health`)).status).toBe(200);
    }
    expect(outcomes).toContain('old');
    await server.stop('SIGTERM');
  }, 300_000);
});
