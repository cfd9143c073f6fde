/**
 * npm run bench:coverage (PGlite in memory, and PostgreSQL in a database of its own with DATABASE_URL): issue 29's
 * reads on the synthetic centre with its progetti (bench/synthetic-centre.ts, buildPlans), at 10 years and 1 month of
 * history, without the rest of `npm run bench` (which measures the same coverage over HTTP among its other cases):
 * - GET /server/progetti/copertura of the last four weeks of the history, 200 utenti in care, one call after the other
 *   through the real app (inject: routing, session, the access log under each utente), p50/p95; then the statement
 *   alone (weekCoverage) the same number of times;
 * - the cold day read (readDay: the database's answer and every conflict, the progetti's included), 300 random weekdays
 *   of the history, and the conflicts of each kind the days met.
 * Exits 1 when the coverage's p95 at 10 years on PostgreSQL passes 50 ms (the issue's budget). BENCH_EXPLAIN=1 also
 * prints the statement's EXPLAIN ANALYZE on a Thursday of the last week (bench:explain prints it with the day's).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Conflict } from '../common/conflicts.ts';
import { addDays, todayInRome, weekdayOf } from '../common/dates.ts';
import type { Copertura } from '../common/progetti.ts';
import { buildApp } from '../server/app.ts';
import { openPglite, openPostgres, type Database } from '../server/db/client.ts';
import { readDay } from '../server/db/day-read.ts';
import { coverageQuery, weekCoverage } from '../server/features/progetti/coverage.ts';
import { TestClient } from '../server/test/harness.ts';
import { BENCH_ADMIN, buildPlans, buildSyntheticCentre } from './synthetic-centre.ts';
import { rowsOf } from '../server/db/rows.ts';

const LAST_DAY = '2026-10-30'; // a Friday, as bench/run.ts
const HISTORIES = { '10y': addDays(LAST_DAY, -3652), '1m': addDays(LAST_DAY, -30) } as const;
const MONDAYS = ['2026-10-26', '2026-10-19', '2026-10-12', '2026-10-05'];
const COVERAGE_READS = Number(process.env.BENCH_RUNS ?? 200);
const COLD_READS = 300;
const BUDGET_P95_MS = 50;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const round = (n: number) => Math.round(n * 100) / 100;
const stats = (times: number[]) => ({ n: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) });

async function measure(database: Database, history: keyof typeof HISTORIES) {
  const started = performance.now();
  await buildSyntheticCentre(database.db, HISTORIES[history], LAST_DAY);
  await buildPlans(database.db, HISTORIES[history], LAST_DAY);
  const builtMs = Math.round(performance.now() - started);
  if (process.env.BENCH_EXPLAIN) {
    const plan = await rowsOf<Record<string, string>>(
      database.db,
      sql`explain (analyze, buffers, costs off) ${coverageQuery(MONDAYS[0], addDays(MONDAYS[0], 3))}`,
    );
    console.log(`${database.kind} ${history}:\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
  }
  const app = await buildApp({ database, config: { cookieSecure: false, sessionIdleMs: 3_600_000, sessionMaxMs: 7_200_000 } });
  try {
    const admin = await new TestClient(app).login(BENCH_ADMIN);
    const first = await admin.get<Copertura>(`/server/progetti/copertura?settimana=${MONDAYS[0]}`);
    if (first.status !== 200) throw new Error(`copertura answered ${first.status}`);
    const times: number[] = [];
    for (let i = 0; i < COVERAGE_READS; i++) {
      const t = performance.now();
      const res = await admin.get(`/server/progetti/copertura?settimana=${MONDAYS[i % MONDAYS.length]}`);
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`copertura answered ${res.status}`);
    }
    // The statement alone, on the bench's connection: what the call adds (session, access log, answer) is the rest.
    const statement: number[] = [];
    for (let i = 0; i < COVERAGE_READS; i++) {
      const t = performance.now();
      await weekCoverage(database.db, MONDAYS[i % MONDAYS.length], todayInRome());
      statement.push(performance.now() - t);
    }
    const days: string[] = [];
    for (let d = HISTORIES[history]; d <= LAST_DAY; d = addDays(d, 1)) if (weekdayOf(d) % 6 !== 0) days.push(d);
    await readDay(database.db, days[0]);
    const reads: number[] = [];
    const kinds: Record<string, number> = {};
    for (let i = 0; i < COLD_READS; i++) {
      const t = performance.now();
      const doc = JSON.parse(await readDay(database.db, days[Math.floor(Math.random() * days.length)])) as { conflitti: Conflict[] };
      reads.push(performance.now() - t);
      for (const c of doc.conflitti) {
        const kind = c.tipo === 'fuori_progetto' ? `fuori_progetto/${c.causa}` : c.tipo;
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      }
    }
    const result = {
      database: database.kind,
      history,
      builtMs,
      utenti: first.body.pazienti.length,
      righe: first.body.pazienti.reduce((n, p) => n + p.righe.length, 0),
      coverage: stats(times),
      coverageStatement: stats(statement),
      coldDayRead: stats(reads),
      conflictsPerDay: Object.fromEntries(Object.entries(kinds).map(([k, n]) => [k, round(n / COLD_READS)])),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await app.close();
  }
}

const results: Awaited<ReturnType<typeof measure>>[] = [];
const only = process.env.BENCH_DATABASES?.split(',');
if (!only || only.includes('pglite')) {
  for (const history of ['10y', '1m'] as const) {
    const database = await openPglite('memory://');
    try {
      results.push(await measure(database, history));
    } finally {
      await database.close();
    }
  }
}
if (process.env.DATABASE_URL && (!only || only.includes('postgres'))) {
  for (const history of ['10y', '1m'] as const) {
    const name = `giornata_coverage_${history}_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    try {
      results.push(await measure(database, history));
    } finally {
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  }
}
const postgres10y = results.find((r) => r.database === 'postgres' && r.history === '10y');
if (postgres10y && postgres10y.coverage.p95 > BUDGET_P95_MS) {
  console.error(`[bench] coverage p95 at 10 years on PostgreSQL ${postgres10y.coverage.p95} ms, budget ${BUDGET_P95_MS} ms`);
  process.exit(1);
}
process.exit(0);
