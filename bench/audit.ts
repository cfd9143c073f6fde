/**
 * npm run bench:audit (PostgreSQL, DATABASE_URL): what the registro costs a write, and how fast
 * the registro answers at a million rows (docs/performance.md, Registro).
 *
 * 1. Writes with and without the registro: `pasteday` of a 60-activity day (300 links) and
 *    `insertpaziente`, one request at a time against the real server on loopback, p50 and p95.
 *    "Without" is the code before the registro, run from a git worktree of that commit
 *    (BENCH_BASELINE_ROOT; nothing in the app can turn the registro off). Both run the same
 *    synthetic centre (1 month of history) on a fresh database each.
 * 2. GET /server/registro over 1,000,000 generated rows: filtered by a patient (the default
 *    30 days), and by a user over a 30-day range, p50 and p95 (budget: p95 ≤ 50 ms).
 * 3. In the same database, 5,000,000 generated access-log rows (BENCH_ACCESS_ROWS), then
 *    "Accessi a" (GET /server/registro/accessi) for utenti planned on the days read, on page 3, over
 *    366 days and for an utente never planned, p50 and p95 (budget: p95 ≤ 200 ms), and the
 *    registro's cases again with those rows present (docs/performance.md, Accessi a).
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { addDays, todayInRome } from '../common/dates.ts';
import type { Db } from '../server/db/client.ts';
import { signInOverHttp, type HttpSession } from '../server/test/server-process.ts';
import { BENCH_ADMIN, buildPasteSource, buildSyntheticCentre } from './synthetic-centre.ts';
import { rowsOf } from '../server/db/rows.ts';

const ADMIN_URL = process.env.DATABASE_URL;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT;
const LAST_DAY = '2026-10-30';
const FIRST_DAY = addDays(LAST_DAY, -30);
const PASTE_SOURCE = '2026-11-09';
const PASTES = Number(process.env.BENCH_PASTES ?? 40);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 400);
const REGISTRO_ROWS = Number(process.env.BENCH_REGISTRO_ROWS ?? 1_000_000);
const REGISTRO_READS = 200;
const BUDGET_REGISTRO_P95_MS = 50;
const ACCESS_ROWS = Number(process.env.BENCH_ACCESS_ROWS ?? 5_000_000);
const BUDGET_ACCESSI_P95_MS = 200;
/** `writes` or `registro` to run one part only (both by default). */
const PART = process.env.BENCH_PART ?? 'both';
const BUDGET_WRITE_COST = 1.2;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round = (n: number) => Math.round(n * 100) / 100;
const summary = (values: number[]) => ({ n: values.length, p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) });

/** The real server from `root` (this checkout or the baseline's worktree) on a free port. */
function startServer(root: string, env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // CALLS_PER_MINUTE: the per-account limit (600 a minute) would answer the measured reads 429; the bench times them.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', CALLS_PER_MINUTE: '100000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /pronta su (http:\/\/\S+?)\/ /.exec(out);
      if (m)
        resolve({
          url: m[1],
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`the server exited: ${out}`)));
  });
}

async function adminQuery(query: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

async function createDatabase(name: string): Promise<string> {
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const u = new URL(ADMIN_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

const dropDatabase = (name: string) => adminQuery(`drop database if exists ${name} with (force)`);

async function withDatabase<T>(name: string, work: (url: string) => Promise<T>): Promise<T> {
  const url = await createDatabase(name);
  try {
    return await work(url);
  } finally {
    await dropDatabase(name);
  }
}

/** The centre, built after the server migrated the database its own way (so the baseline keeps its schema). */
async function buildCentre(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const db = drizzle(pool) as unknown as Db;
    await buildSyntheticCentre(db, FIRST_DAY, LAST_DAY);
    await buildPasteSource(db, PASTE_SOURCE);
    // Pairs of (activity, patient) not yet linked: each insert is a new link, as a coordinator makes them.
    const pairs = await rowsOf<{ activity: number; patient: number }>(
      db,
      sql`
      select a.id as activity, (select p from generate_series(1, 500) p
        where not exists (select 1 from activity_patients ap where ap.activity_id = a.id and ap.patient_id = p)
        order by (p * 37 + a.id) % 500 limit 1) as patient
      from activities a where a.day between ${FIRST_DAY}::date and ${LAST_DAY}::date and a.transport_run_id is null
      order by a.id limit ${INSERTS}`,
    );
    return pairs.map((r) => ({ activity: Number(r.activity), patient: Number(r.patient) }));
  } finally {
    await pool.end();
  }
}

async function timed(session: HttpSession, route: string, body: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<number> {
  const started = performance.now();
  const res = await session.call(route, body, method);
  await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
  return ms;
}

interface WriteTarget {
  label: string;
  session: HttpSession;
  pairs: { activity: number; patient: number }[];
  paste: number[];
  insert: number[];
}

/**
 * The same requests to each server, one after the other in turns (with, without, with, …): the
 * machine's other load, which moves over minutes, weighs on both alike.
 */
async function measureWrites(roots: Record<string, string>) {
  const started: { label: string; url: string; serverUrl: string; stop: () => Promise<void>; drop: () => Promise<void> }[] = [];
  try {
    for (const [label, root] of Object.entries(roots)) {
      const name = `giornata_bench_audit_${label}_${process.pid}`;
      const url = await createDatabase(name);
      const server = await startServer(root, { DATABASE_URL: url });
      started.push({ label, url, serverUrl: server.url, stop: server.stop, drop: () => dropDatabase(name) });
    }
    const targets: WriteTarget[] = [];
    for (const s of started) {
      const pairs = await buildCentre(s.url);
      const session = await signInOverHttp(s.serverUrl, BENCH_ADMIN);
      targets.push({ label: s.label, session, pairs, paste: [], insert: [] });
    }
    // One unmeasured paste and insert each first: plans and pools warm.
    for (const t of targets) {
      await timed(t.session, '/server/calendario/pasteday', { from: PASTE_SOURCE, to: addDays(PASTE_SOURCE, 100) });
      const first = t.pairs.shift()!;
      await timed(t.session, '/server/calendario/insertpaziente', { paziente: first.patient, attivita: first.activity }, 'PUT');
    }
    for (let i = 0; i < PASTES; i++)
      for (const t of targets)
        t.paste.push(
          await timed(t.session, '/server/calendario/pasteday', { from: PASTE_SOURCE, to: addDays(PASTE_SOURCE, 1 + (i % 20)) }),
        );
    for (let i = 0; i < targets[0].pairs.length; i++)
      for (const t of targets) {
        const pair = t.pairs[i];
        t.insert.push(
          await timed(t.session, '/server/calendario/insertpaziente', { paziente: pair.patient, attivita: pair.activity }, 'PUT'),
        );
      }
    return Object.fromEntries(targets.map((t) => [t.label, { paste: summary(t.paste), insertpaziente: summary(t.insert) }]));
  } finally {
    for (const s of started) {
      await s.stop();
      await s.drop();
    }
  }
}

/**
 * The generated rows skip the hash chain's per-row trigger (migration 0016): it links one row at a
 * time under the chain's lock, which made the 6 M rows of this bench a matter of hours on a shared
 * machine (55 rows a second at load 20). They get a placeholder hash instead: what is measured is
 * reading them, and the chain's own speed is chain.test.ts's matter. Needs the tables' owner (the
 * bench's DATABASE_URL is the superuser). The rows the server writes afterwards are chained as usual.
 */
async function withoutChainTrigger(db: Db, table: string, trigger: string, insert: ReturnType<typeof sql>) {
  await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  try {
    await db.execute(insert);
  } finally {
    await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  }
}

/** A million rows shaped like the app's: mostly people added and removed, some bulk days, sign-ins, a year long. */
async function fillRegistro(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const started = performance.now();
    const db = drizzle(pool) as unknown as Db;
    await withoutChainTrigger(
      db,
      'audit_log',
      'audit_log_chain',
      sql`
      insert into audit_log (at, user_id, username, action, entity, entity_id, day, patients, therapists, before, after, hash)
      select now() - (g * interval '31.536 seconds'),
             1 + g % 20, 'utente' || (1 + g % 20),
             (array['paziente.aggiungi','paziente.togli','terapista.aggiungi','attivita.modifica','accesso.riuscito','appello.segna','giornata.incolla'])[1 + g % 7],
             'attivita', g % 90000,
             date '2026-10-30' - (g % 365),
             case when g % 7 in (0, 1, 5) then array[1 + g % 500] when g % 7 = 6 then array[1 + g % 500, 1 + (g * 7) % 500, 1 + (g * 13) % 500] else '{}' end,
             case when g % 7 = 2 then array[1 + g % 80] else '{}' end,
             case when g % 7 = 1 then jsonb_build_object('ID', g, 'paziente', jsonb_build_object('ID', 1 + g % 500, 'nome', 'Marco Cognome' || (1 + g % 500)),
                                                       'attivita', jsonb_build_object('ID', g % 90000, 'nome', 'Attività ' || g % 30, 'data', '2026-10-30', 'inizio', '09:00')) end,
             case when g % 7 = 0 then jsonb_build_object('ID', g, 'paziente', jsonb_build_object('ID', 1 + g % 500, 'nome', 'Marco Cognome' || (1 + g % 500)),
                                                       'attivita', jsonb_build_object('ID', g % 90000, 'nome', 'Attività ' || g % 30, 'data', '2026-10-30', 'inizio', '09:00'))
                  when g % 7 = 6 then jsonb_build_object('da', '2026-10-29', 'attivita', 30, 'uscite', 6, 'esclusi', '[]'::jsonb, 'impronta', md5(g::text)) end,
             md5(g::text)
      from generate_series(1, ${REGISTRO_ROWS}) g`,
    );
    await db.execute(sql`analyze audit_log`);
    return Math.round(performance.now() - started);
  } finally {
    await pool.end();
  }
}

/**
 * Access-log rows shaped like a busy year, generated in SQL: seven in ten one-day reads of the
 * calendar, then weeks, agendas naming an utente, roll calls, searches, a few month-long exports,
 * and one in twenty from a single account reading one day over and over in the last two days (a
 * flood written before coalescing existed). Reads are of the synthetic centre's month, so the
 * utenti were planned on the days read. Each row counts one read.
 */
async function fillAccessLog(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const started = performance.now();
    const db = drizzle(pool) as unknown as Db;
    const spacing = (365 * 86400) / ACCESS_ROWS;
    await withoutChainTrigger(
      db,
      'access_log',
      'access_log_chain',
      sql`
      insert into access_log (at, user_id, username, kind, day, day_to, patient_id, hash)
      select case when g % 20 = 19 then now() - ((g / 20) % 172800) * interval '1 second'
                  else now() - g * ${spacing}::float8 * interval '1 second' end,
             case when g % 20 = 19 then 21 else 1 + g % 20 end,
             case when g % 20 = 19 then 'flooder' else 'utente' || (1 + g % 20) end,
             case when g % 20 < 14 or g % 20 = 19 then 'giornata' when g % 20 < 16 then 'settimana' when g % 20 = 16 then 'paziente'
                  when g % 20 = 17 then (case when g % 1000 = 17 then 'esportazione' else 'presenze' end) else 'ricerca' end,
             case when g % 20 = 19 then ${LAST_DAY}::date - 3
                  when g % 20 = 18 then null
                  else ${FIRST_DAY}::date + ((g * 7) % 31) end,
             case when g % 20 in (14, 15, 16) then ${FIRST_DAY}::date + ((g * 7) % 31) + 6
                  when g % 1000 = 17 then ${FIRST_DAY}::date + ((g * 7) % 31) + 30 end,
             case when g % 20 = 16 then 1 + (g / 20) % 500 end,
             md5(g::text)
      from generate_series(1, ${ACCESS_ROWS}) g`,
    );
    await db.execute(sql`analyze access_log`);
    return Math.round(performance.now() - started);
  } finally {
    await pool.end();
  }
}

async function measureRegistro() {
  return withDatabase(`giornata_bench_registro_${process.pid}`, async (url) => {
    const server = await startServer(ROOT, { DATABASE_URL: url });
    try {
      await buildCentre(url);
      const fillMs = await fillRegistro(url);
      const session = await signInOverHttp(server.url, BENCH_ADMIN);
      const get = async (query: string) => {
        const started = performance.now();
        // `query` is the registro's query string, or a path under /server/ ("registro/accessi?…").
        const target = query.startsWith('registro/') ? query : `registro?${query}`;
        const res = await fetch(`${server.url}/server/${target}`, { headers: { cookie: session.cookie } });
        const body = (await res.json()) as { items: unknown[] };
        if (res.status !== 200) throw new Error(`registro ${query}: ${res.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, rows: body.items.length };
      };
      const cases: Record<string, (i: number) => string> = {
        'by patient (last 30 days)': (i) => `tipo=paziente&persona=${1 + ((i * 37) % 500)}`,
        'by patient, page 3': (i) => `tipo=paziente&persona=${1 + ((i * 37) % 500)}&pagina=3`,
        'by user and a 30-day range': (i) => {
          const al = addDays('2026-11-20', -((i * 11) % 300));
          return `utente=${1 + (i % 20)}&dal=${addDays(al, -29)}&al=${al}`;
        },
        'by user over 366 days': (i) => `utente=${1 + (i % 20)}&dal=2025-11-23&al=2026-11-23`,
        'no filter (last 30 days)': () => '',
      };
      const results: Record<string, ReturnType<typeof summary> & { rowsPerPage: number }> = {};
      for (const [name, query] of Object.entries(cases)) {
        for (let i = 0; i < 10; i++) await get(query(i)); // warm
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < REGISTRO_READS; i++) {
          const r = await get(query(i));
          times.push(r.ms);
          rows = Math.max(rows, r.rows);
        }
        results[name] = { ...summary(times), rowsPerPage: rows };
      }
      if (ACCESS_ROWS === 0) return { rows: REGISTRO_ROWS, fillMs, results };

      const accessFillMs = await fillAccessLog(url);
      const accessi: Record<string, ReturnType<typeof summary> & { rowsPerPage: number }> = {};
      const accessCases: Record<string, (i: number) => string> = {
        'Accessi a (last 30 days)': (i) => `paziente=${1 + ((i * 37) % 500)}`,
        'Accessi a, page 3': (i) => `paziente=${1 + ((i * 37) % 500)}&pagina=3`,
        'Accessi a over 366 days': (i) => `paziente=${1 + ((i * 37) % 500)}&dal=${addDays(todayInRome(), -365)}`,
        'Accessi a, utente never planned': () => `paziente=999999`,
      };
      for (const [name, query] of Object.entries(accessCases)) {
        const path = (i: number) => `registro/accessi?${query(i)}`;
        for (let i = 0; i < 10; i++) await get(path(i)); // warm
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < REGISTRO_READS; i++) {
          const r = await get(path(i));
          times.push(r.ms);
          rows = Math.max(rows, r.rows);
        }
        accessi[name] = { ...summary(times), rowsPerPage: rows };
      }
      // The registro's pages again, now beside the access log's millions of rows.
      for (const [name, query] of Object.entries(cases)) {
        const times: number[] = [];
        for (let i = 0; i < REGISTRO_READS; i++) times.push((await get(query(i))).ms);
        accessi[`registro ${name}`] = { ...summary(times), rowsPerPage: 0 };
      }
      return { rows: REGISTRO_ROWS, fillMs, results, accessRows: ACCESS_ROWS, accessFillMs, accessi };
    } finally {
      await server.stop();
    }
  });
}

async function main() {
  if (!ADMIN_URL) throw new Error('DATABASE_URL is required: the registro benchmark runs on PostgreSQL');
  const out: Record<string, unknown> = { at: new Date().toISOString() };
  if (PART !== 'registro') await measureAndCompareWrites(out);
  const registro = PART === 'writes' ? undefined : await measureRegistro();
  out.registro = registro;
  console.log(JSON.stringify(out, null, 2));
  const misses = Object.entries(registro?.results ?? {})
    .filter(([name, r]) => !name.includes('366') && r.p95 > BUDGET_REGISTRO_P95_MS)
    .map(([name, r]) => `registro ${name}: p95 ${r.p95} ms > ${BUDGET_REGISTRO_P95_MS} ms`);
  for (const [name, r] of Object.entries(registro?.accessi ?? {}))
    if (r.p95 > BUDGET_ACCESSI_P95_MS)
      misses.push(`${name}: p95 ${r.p95} ms > ${BUDGET_ACCESSI_P95_MS} ms at ${ACCESS_ROWS} access-log rows`);
  const cost = out.costP50 as Record<string, number> | undefined;
  if (cost)
    for (const [name, ratio] of Object.entries(cost))
      if (ratio > BUDGET_WRITE_COST) misses.push(`${name}: p50 with the registro ${ratio}× without (budget ${BUDGET_WRITE_COST}×)`);
  if (misses.length > 0) {
    console.error(`[bench:audit] budgets missed:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  }
}

async function measureAndCompareWrites(out: Record<string, unknown>) {
  const writes = await measureWrites(BASELINE_ROOT ? { with: ROOT, without: BASELINE_ROOT } : { with: ROOT });
  const withAudit = writes.with;
  console.error(`[bench:audit] with the registro: ${JSON.stringify(withAudit)}`);
  out.withAudit = withAudit;
  if (BASELINE_ROOT) {
    const without = writes.without;
    console.error(`[bench:audit] without (${BASELINE_ROOT}): ${JSON.stringify(without)}`);
    out.withoutAudit = without;
    out.costP50 = {
      paste: round(withAudit.paste.p50 / without.paste.p50),
      insertpaziente: round(withAudit.insertpaziente.p50 / without.insertpaziente.p50),
    };
  }
}

await main();
