/**
 * No signed-in user can run the server out of memory: against a 10-year
 * centre on PostgreSQL, in a real server process, 200 concurrent requests of
 * the largest kinds allowed (31-day week and range reads, the unfiltered
 * link lists) from several sessions. Meanwhile the process stays under
 * 512 MB of resident memory, health keeps answering 200, and another user's
 * day read keeps answering 200 with the day as it was before.
 *
 * PostgreSQL only (the case, and the driver a centre with that much
 * history runs on): it runs once per test run, in about a minute.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../common/dates.ts';
import { BENCH_ADMIN, buildSyntheticCentre } from '../bench/synthetic-centre.ts';
import { users } from './db/schema.ts';
import { hashPassword } from './lib/passwords.ts';
import { ACCOUNT_CALLS, RANGE_READS } from './lib/rate-limits.ts';
import { VIEWER, openTestDatabase } from './test/harness.ts';
import { signInOverHttp, spawnServer, type HttpSession, type ServerProcess } from './test/server-process.ts';

const FIRST_DAY = '2016-11-01';
const LAST_DAY = '2026-10-30';
const READ_DAY = '2026-10-28';
const RSS_LIMIT_MB = 512;
const REQUESTS = 200;
const SESSIONS = 10;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Reads a whole answer without keeping it: its status and its size. */
async function drain(res: Response): Promise<{ status: number; bytes: number }> {
  let bytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  return { status: res.status, bytes };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a 10-year centre on postgres under 200 concurrent largest-allowed requests', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await buildSyntheticCentre(database.db, FIRST_DAY, LAST_DAY);
    await database.db.insert(users).values({ username: VIEWER.username, passwordHash: await hashPassword(VIEWER.password), admin: 0 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-exhaustion-'));
    server = await spawnServer({ DATABASE_URL: database.url!, DATA_DIR: dataDir });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays under 512 MB, keeps answering health and other users’ day reads, and answers every request', async () => {
    const { url, child } = server;
    const sessions: HttpSession[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push(await signInOverHttp(url, BENCH_ADMIN));
    const reader = await signInOverHttp(url, VIEWER);
    const readDay = async () => {
      const res = await reader.call('/server/calendario/giornata', { data: READ_DAY });
      return { status: res.status, text: await res.text() };
    };
    const expectedDay = await readDay();
    expect(expectedDay.status).toBe(200);
    expect((JSON.parse(expectedDay.text) as { attivita: unknown[] }).attivita.length).toBeGreaterThan(30);

    // Distinct 31-day ranges spread over the history, so that no two share a cached answer.
    const range = (i: number) => {
      const datastart = addDays(FIRST_DAY, (i * 37) % 3600);
      return { datastart, datastop: addDays(datastart, 30) };
    };
    const list = (call: string) =>
      Object.assign((_i: number, s: HttpSession) => fetch(`${url}/server/calendario/${call}`, { headers: { cookie: s.cookie } }), { call });
    const week = (call: string) => Object.assign((i: number, s: HttpSession) => s.call(`/server/calendario/${call}`, range(i)), { call });
    // One request in five is a list of every day (each of them 1 to 16 MB of JSON), the others 31-day weeks.
    const kinds: (((i: number, s: HttpSession) => Promise<Response>) & { call: string })[] = [
      list('getpazienti'),
      week('settimana'),
      week('getattivitaweek'),
      week('getweektrasporto'),
      week('settimana'),
      list('getterapisti'),
      week('getattivitaweek'),
      week('getweektrasporto'),
      week('settimana'),
      week('getattivitaweek'),
      list('gettrasportopaz'),
      week('settimana'),
      week('getattivitaweek'),
      week('getweektrasporto'),
      week('settimana'),
      list('gettrasportoter'),
      week('getattivitaweek'),
      week('getweektrasporto'),
      week('settimana'),
      week('getattivitaweek'),
    ];
    // The limits count per account, the ten sessions together: the account stays within each call's limit
    // (request i makes kinds[i % 20]) and within its calls a minute, so every request is really served, not refused.
    for (const { call } of kinds) {
      const made = [...Array(REQUESTS).keys()].filter((i) => kinds[i % kinds.length].call === call).length;
      expect(made).toBeLessThanOrEqual(RANGE_READS.max);
    }
    expect(REQUESTS).toBeLessThan(ACCOUNT_CALLS.max);

    const idleMb = rssMb(child.pid!);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      if (child.exitCode === null) peakMb = Math.max(peakMb, rssMb(child.pid!));
    }, 50);
    let storming = true;
    const healthStatuses: number[] = [];
    const dayReads: { status: number; same: boolean }[] = [];
    const watch = (async () => {
      while (storming) {
        const health = await fetch(`${url}/server/health`).catch(() => undefined);
        healthStatuses.push(health?.status ?? 0);
        await health?.text();
        const day = await readDay().catch(() => ({ status: 0, text: '' }));
        dayReads.push({ status: day.status, same: day.text === expectedDay.text });
        await sleep(100);
      }
    })();

    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        kinds[i % kinds.length](i, sessions[i % SESSIONS]).then(drain, (err: Error) => ({ status: 0, bytes: 0, err: err.message })),
      ),
    );
    storming = false;
    await watch;
    clearInterval(sampler);

    expect(child.exitCode, server.output()).toBeNull();
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(Math.round(peakMb), `peak RSS ${Math.round(peakMb)} MB`).toBeLessThan(RSS_LIMIT_MB);
    expect(healthStatuses.length).toBeGreaterThan(0);
    expect(healthStatuses.every((s) => s === 200)).toBe(true);
    expect(dayReads.length).toBeGreaterThan(0);
    expect(dayReads.every((d) => d.status === 200 && d.same)).toBe(true);
    // The lists really were the whole history: the patients' links of 10 years are millions of bytes.
    expect(Math.max(...answers.map((a) => a.bytes))).toBeGreaterThan(10_000_000);
    console.info(
      `[exhaustion] RSS ${Math.round(idleMb)} MB before, peak ${Math.round(peakMb)} MB; ${healthStatuses.length} health and ${dayReads.length} day reads during the storm`,
    );
  }, 240_000);
});
