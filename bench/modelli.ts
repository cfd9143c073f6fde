/**
 * npm run bench:modelli: a template week of 60 activities and 300 links a day (plus two minibus
 * runs a day with passengers and staff) applied to 26 weeks in one call, on PGlite (a data
 * folder, as the embedded default runs) and on PostgreSQL (DATABASE_URL, else the machine's
 * test server). Budgets (docs/performance.md, Modelli): ≤ 2 s on PostgreSQL, ≤ 6 s on PGlite.
 * Each database runs 3 applies onto empty weeks and 3 that replace the weeks just written ("Sostituisci"):
 * both within the budget (issue 28; npm run bench times the replace under concurrent reads too).
 * BENCH_ANALYZE=1 runs ANALYZE before each apply (the planner's statistics up to date).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays } from '../common/dates.ts';
import { MAX_APPLY_DAYS } from '../common/modelli.ts';
import { openPglite, openPostgres, type Database } from '../server/db/client.ts';
import { applyTemplate } from '../server/features/modelli/service.ts';

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BUDGET_MS = { postgres: 2000, pglite: 6000 };
const TEMPLATE_WEEK = '3000-01-06';
/** Three ranges of 26 weeks, each starting on a Monday. */
const RANGES = ['2027-01-04', '2027-07-05', '2028-01-03'];
const ACTOR = { ID: null, username: 'bench' };

async function buildTemplate(database: Database) {
  const db = database.db;
  await db.execute(sql`insert into rooms (name, position) select 'Stanza ' || g, g from generate_series(1, 12) g`);
  await db.execute(sql`insert into patients (first_name, last_name) select 'Nome' || g, 'Cognome' || g from generate_series(1, 80) g`);
  await db.execute(sql`insert into therapists (username) select 'operatore.' || g from generate_series(1, 20) g`);
  await db.execute(sql`insert into templates (id, name, week) values (1, 'Inverno', ${TEMPLATE_WEEK}::date)`);
  await db.execute(sql`insert into transport_runs (route, departure, arrival, minibus, day)
    select r.route, r.dep, r.arr, 1 + (d % 2), ${TEMPLATE_WEEK}::date + d
    from generate_series(0, 4) d, (values ('Andata', time '08:00', time '08:45'), ('Ritorno', time '16:00', time '16:45')) r(route, dep, arr)`);
  await db.execute(sql`insert into transport_patients (run_id, patient_id)
    select r.id, p.id from transport_runs r, (select id from patients order by id limit 8) p`);
  await db.execute(sql`insert into transport_therapists (run_id, therapist_id) select r.id, 1 from transport_runs r`);
  await db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end", transport_run_id)
    select 'TRASPORTO', null, r.day, extract(dow from r.day)::int, r.departure, r.arrival, r.id from transport_runs r`);
  // 60 ordinary activities a day, each with 4 patients and 1 therapist: 300 links.
  await db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end")
    select 'Attività ' || n, 1 + n % 12, ${TEMPLATE_WEEK}::date + d, d + 1,
      time '08:00' + (n / 12) * interval '1 hour', time '08:45' + (n / 12) * interval '1 hour'
    from generate_series(0, 4) d, generate_series(0, 59) n`);
  await db.execute(sql`insert into activity_patients (activity_id, patient_id)
    select a.id, 1 + (a.id * 4 + k) % 80 from activities a, generate_series(0, 3) k where a.transport_run_id is null`);
  await db.execute(sql`insert into activity_therapists (activity_id, therapist_id)
    select a.id, 1 + a.id % 20 from activities a where a.transport_run_id is null`);
}

const round = (n: number) => Math.round(n);

async function measure(database: Database) {
  await buildTemplate(database);
  const timings: { range: string; esistenti: string; ms: number; days: number; written: number }[] = [];
  for (const esistenti of ['salta', 'sostituisci'] as const) {
    for (const dal of RANGES) {
      if (process.env.BENCH_ANALYZE) await database.db.execute(sql`analyze`);
      const started = performance.now();
      const { giorni } = await applyTemplate(database.db, ACTOR, { modello: 1, dal, al: addDays(dal, MAX_APPLY_DAYS - 1), esistenti });
      const ms = performance.now() - started;
      timings.push({
        range: dal,
        esistenti,
        ms: round(ms),
        days: giorni.filter((g) => g.saltato === null).length,
        written: giorni.reduce((n, g) => n + g.scritto, 0),
      });
    }
  }
  return timings;
}

async function onPglite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-bench-modelli-'));
  const database = await openPglite(dir);
  try {
    return await measure(database);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const name = `giornata_bench_modelli_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  try {
    return await measure(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

let failed = false;
for (const [kind, run] of [
  ['postgres', onPostgres],
  ['pglite', onPglite],
] as const) {
  const timings = await run();
  console.table(timings);
  // The budget holds for the apply onto weeks not yet planned and for replacing planned ones.
  const worst = Math.max(...timings.filter((t) => t.esistenti === 'salta').map((t) => t.ms));
  const worstReplace = Math.max(...timings.filter((t) => t.esistenti === 'sostituisci').map((t) => t.ms));
  const ok = worst <= BUDGET_MS[kind] && worstReplace <= BUDGET_MS[kind];
  if (!ok) failed = true;
  console.log(
    `${kind}: 26 weeks applied, worst ${worst} ms; replacing 26 planned weeks, worst ${worstReplace} ms (budget ${BUDGET_MS[kind]} ms each) ${ok ? 'ok' : 'MISSED'}`,
  );
}
process.exit(failed ? 1 : 0);
