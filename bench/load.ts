/**
 * A bounded load test on loopback: many connections, each with its own
 * session and CSRF token; viewers read days, administrators create an
 * activity, add a patient to it and delete it again. Counts errors, timeouts
 * and non-2xx answers, and samples the server's memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { workWeek } from '../common/dates.ts';
import { openPglite, type Database, type DbKind } from '../server/db/client.ts';
import { min } from 'drizzle-orm';
import { patients, rooms, users } from '../server/db/schema.ts';
import { seedDemo } from '../server/lib/seed-demo.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { openTestDatabase } from '../server/test/harness.ts';
import { anonymousXsrfToken, postLogin, signInOverHttp, spawnServer } from '../server/test/server-process.ts';

export interface LoadOptions {
  kind: DbKind;
  connections: number;
  seconds: number;
  /** One connection in this many is an administrator writing. */
  adminEvery: number;
}

export interface LoadResult {
  kind: DbKind;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSec: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  rssMb: { before: number; during: number[]; after: number };
  /** When each failed or timed-out request ended, in ms from the start. */
  timeoutsAtMs: number[];
  /** Median time of a refused sign-in, before the load: an unknown user against a wrong password. */
  refusedSignInMs: { unknownUser: number; wrongPassword: number; samples: number };
}

const DAY = '2026-11-23';
const ACCOUNTS = {
  admin: { username: 'carico.admin', password: 'carico-di-prova-serale' },
  viewer: { username: 'carico.lettore', password: 'lettura-di-prova-serale' },
};

/** Sessions of one account in the load: under the 10 an account may hold. */
const SESSIONS_PER_ACCOUNT = 5;

/** The account connection `i` signs in with: every `adminEvery`-th an administrator, five connections an account. */
function connectionAccount(i: number, adminEvery: number) {
  const base = i % adminEvery === 0 ? ACCOUNTS.admin : ACCOUNTS.viewer;
  return { username: `${base.username}.${Math.floor(i / SESSIONS_PER_ACCOUNT)}`, password: base.password };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-load-'));
  let database: Database & { url?: string };
  if (options.kind === 'pglite') database = await openPglite(dataDir);
  else database = await openTestDatabase('postgres');
  await seedDemo(database.db, DAY);
  // An account holds at most 10 sessions (the 11th sign-in ends the oldest): the connections share accounts five by five.
  const [adminHash, viewerHash] = [await hashPassword(ACCOUNTS.admin.password), await hashPassword(ACCOUNTS.viewer.password)];
  await database.db.insert(users).values([
    { username: ACCOUNTS.admin.username, passwordHash: adminHash, admin: 1 },
    { username: ACCOUNTS.viewer.username, passwordHash: viewerHash, admin: 0 },
    ...Array.from({ length: Math.ceil(options.connections / SESSIONS_PER_ACCOUNT) }, (_, k) => [
      { username: `${ACCOUNTS.admin.username}.${k}`, passwordHash: adminHash, admin: 1 },
      { username: `${ACCOUNTS.viewer.username}.${k}`, passwordHash: viewerHash, admin: 0 },
    ]).flat(),
  ]);
  const [{ room }] = await database.db.select({ room: min(rooms.id) }).from(rooms);
  const [{ patient }] = await database.db.select({ patient: min(patients.id) }).from(patients);
  if (options.kind === 'pglite') await database.close();

  // TRUST_PROXY=1 (one proxy: the client's X-Forwarded-For) lets each refused sign-in come from an address of its own.
  // Five connections an account make far more calls than people do, so the per-account limit is raised.
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
    TRUST_PROXY: '1',
    CALLS_PER_MINUTE: '100000000',
  });
  const { url, child } = server;

  try {
    const sessions: { cookie: string; token: string }[] = [];
    for (let i = 0; i < options.connections; i++) sessions.push(await signInOverHttp(url, connectionAccount(i, options.adminEvery)));
    const refusedSignInMs = await timeRefusedSignIns(url);
    const days = workWeek(DAY);
    const before = rssMb(child.pid!);
    const during: number[] = [];
    const sampler = setInterval(() => during.push(rssMb(child.pid!)), 1000);
    let connection = 0;
    const startedAt = Date.now();
    const timeoutsAt: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url,
          connections: options.connections,
          duration: options.seconds,
          timeout: 10,
          headers: { 'content-type': 'application/json' },
          // Each connection takes its own session: administrators write, viewers read.
          setupClient: (client) => {
            const index = connection++;
            const session = sessions[index % sessions.length];
            client.setHeaders({ 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.token });
            const isAdmin = index % options.adminEvery === 0;
            client.setRequests(
              isAdmin
                ? [
                    {
                      method: 'PUT',
                      path: '/server/calendario/createattivita',
                      body: JSON.stringify({
                        nome: 'Carico',
                        stanza: room,
                        data: DAY,
                        orainizio: '17:00',
                        orafine: '18:00',
                        trasporto: -1,
                      }),
                      onResponse: (_status, body, context) => {
                        (context as { id?: number }).id = JSON.parse(body).insertId;
                      },
                    },
                    {
                      method: 'PUT',
                      path: '/server/calendario/insertpaziente',
                      setupRequest: (req, context) => ({
                        ...req,
                        body: JSON.stringify({ paziente: patient, attivita: (context as { id: number }).id }),
                      }),
                    },
                    {
                      method: 'POST',
                      path: '/server/calendario/removeattivita',
                      setupRequest: (req, context) => ({ ...req, body: JSON.stringify({ attivitaId: (context as { id: number }).id }) }),
                    },
                  ]
                : [{ method: 'POST', path: '/server/calendario/giornata', body: JSON.stringify({ data: days[index % days.length] }) }],
            );
          },
        },
        (err, res) => (err ? reject(err) : resolve(res)),
        // 'reqError' is emitted for every failed or timed-out request (the typings list only 'error').
      ).on('reqError' as 'error', () => timeoutsAt.push(Date.now() - startedAt));
    });
    clearInterval(sampler);
    return {
      kind: options.kind,
      connections: options.connections,
      seconds: options.seconds,
      requests: result.requests.total,
      requestsPerSec: Math.round(result.requests.average),
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      latencyMax: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      rssMb: { before, during, after: rssMb(child.pid!) },
      timeoutsAtMs: timeoutsAt,
      refusedSignInMs,
    };
  } finally {
    await server.stop();
    if (options.kind === 'postgres') await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * An unknown user and a wrong password must get the same answer after about
 * the same time, so that timing does not tell which usernames exist. Measured
 * here, not asserted in a test: 9 of each, alternating, each from its own
 * address and below the per-username limit.
 */
async function timeRefusedSignIns(url: string): Promise<LoadResult['refusedSignInMs']> {
  const unknownUser: number[] = [];
  const wrongPassword: number[] = [];
  const samples = 9;
  for (let i = 0; i < samples * 2; i++) {
    const address = { 'x-forwarded-for': `10.0.${i}.1` };
    const token = await anonymousXsrfToken(url, address);
    const username = i % 2 === 0 ? `nessuno.${i}` : ACCOUNTS.viewer.username;
    const started = performance.now();
    const res = await postLogin(url, token, { username, password: 'non-la-password' }, address);
    await res.text();
    if (res.status !== 401) throw new Error(`a refused sign-in answered ${res.status}`);
    (i % 2 === 0 ? unknownUser : wrongPassword).push(performance.now() - started);
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] * 10) / 10;
  return { unknownUser: median(unknownUser), wrongPassword: median(wrongPassword), samples };
}
