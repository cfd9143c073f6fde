/**
 * npm run bench:agenda (PGlite in memory, or PostgreSQL with DATABASE_URL): what a person's
 * agenda and a therapist's calendar feed cost on a synthetic centre (bench/synthetic-centre.ts)
 * with history around today. Through the real app (inject, no network): POST /server/agenda of a
 * therapist's and a patient's 31 days, and GET /server/ical/<token>.ics (121 days), p50 and p95.
 */
import { performance } from 'node:perf_hooks';
import { addDays, todayInRome } from '../common/dates.ts';
import { buildApp } from '../server/app.ts';
import { openPglite, openPostgres } from '../server/db/client.ts';
import { TestClient } from '../server/test/harness.ts';
import { BENCH_ADMIN, buildSyntheticCentre } from './synthetic-centre.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 50); // at most 60: the range reads' limit per session
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const round = (n: number) => Math.round(n * 100) / 100;

const today = todayInRome();
const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite('memory://');
await buildSyntheticCentre(database.db, addDays(today, -60), addDays(today, 100));
const app = await buildApp({ database, config: { cookieSecure: false, sessionIdleMs: 3_600_000, sessionMaxMs: 7_200_000 } });
const admin = await new TestClient(app).login(BENCH_ADMIN);

async function measure(name: string, call: () => Promise<number>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const status = await call();
    times.push(performance.now() - start);
    if (status !== 200) throw new Error(`${name}: ${status}`);
  }
  console.log(
    JSON.stringify({ name, database: database.kind, n: RUNS, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) }),
  );
}

const range = { datastart: today, datastop: addDays(today, 30) };
await measure(
  'agenda terapista 31 giorni',
  async () => (await admin.post('/server/agenda', { tipo: 'terapista', ID: 1, ...range })).status,
);
const second = await new TestClient(app).login(BENCH_ADMIN); // each session reads 60 ranges a minute
await measure('agenda paziente 31 giorni', async () => (await second.post('/server/agenda', { tipo: 'paziente', ID: 1, ...range })).status);
const { url } = (await admin.post<{ url: string }>('/server/ical/token', { terapista: 1 })).body;
let size = 0;
await measure('feed ics 121 giorni', async () => {
  const res = await app.inject({
    method: 'GET',
    url,
    remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  size = res.body.length;
  return res.statusCode;
});
console.log(JSON.stringify({ feedBytes: size, events: (await app.inject({ method: 'GET', url })).body.split('BEGIN:VEVENT').length - 1 }));
await app.close();
await database.close();
