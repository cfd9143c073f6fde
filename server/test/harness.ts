/**
 * Integration test harness: the real app on a real database, PGlite in
 * memory or a fresh PostgreSQL database created and dropped by the test file.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import type { ApiErrorBody } from '../../common/schemas.ts';
import { buildApp, type App } from '../app.ts';
import { ALL_TABLES, insertDefaultMezzi } from '../db/backup.ts';
import { openPglite, openPostgres, type Database, type DbKind } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { users } from '../db/schema.ts';
import { hashPassword, rememberVerifications } from '../lib/passwords.ts';
import type { CallLimits } from '../lib/rate-limits.ts';
import { seedCentre, type Centre } from './fixtures.ts';
import {
  DB_KINDS,
  pgliteTemplate,
  POSTGRES_ADMIN_URL,
  postgresTemplate,
  uniqueDatabaseName,
  withAdmin,
  withDatabase,
} from './templates.ts';

export { DB_KINDS, POSTGRES_ADMIN_URL } from './templates.ts';

/** Whether this run includes PostgreSQL: tests that only make sense there are skipped without it. */
export const WITH_POSTGRES = DB_KINDS.includes('postgres');

/**
 * A fresh database of its own: PGlite in memory, or a PostgreSQL database created on the machine's server and dropped
 * at close. Both start from the migrated template (server/test/templates.ts); `{ from: 'empty' }` runs every migration
 * on an empty database instead, as a new installation does.
 */
export async function openTestDatabase(kind: DbKind, options: { from?: 'template' | 'empty' } = {}): Promise<Database & { url?: string }> {
  const fromTemplate = options.from !== 'empty';
  if (kind === 'pglite') return openPglite('memory://', fromTemplate ? { loadDataDir: await pgliteTemplate() } : {});
  const name = uniqueDatabaseName('giornata_test');
  const template = fromTemplate ? ` template ${await postgresTemplate()}` : '';
  await withAdmin((admin) => admin.query(`create database ${name}${template}`));
  const url = withDatabase(POSTGRES_ADMIN_URL, name);
  const database = await openPostgres(url, { max: 20 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Past this many rows deleted from one table, it is vacuumed: the next tests do not read through them. */
const VACUUM_AFTER_ROWS = 1_000;

/** Every row of ALL_TABLES deleted in one statement, with how many each table lost. */
const DELETE_ALL_ROWS = sql.raw(
  `with ${ALL_TABLES.map((table, i) => `d${i} as (delete from ${table} returning 1)`).join(', ')} ` +
    ALL_TABLES.map((table, i) => `select '${table}' as name, (select count(*) from d${i})::int as n`).join(' union all '),
);

/** Each sequence a table of ALL_TABLES owns, back to its first value when a test moved it. */
const RESTART_SEQUENCES = sql`
  select setval(format('%I.%I', s.schemaname, s.sequencename)::regclass, s.start_value, false)
  from pg_sequences s
  join pg_depend d on d.objid = format('%I.%I', s.schemaname, s.sequencename)::regclass and d.deptype in ('a', 'i')
  where s.last_value is not null and d.refobjid = any(${`{${ALL_TABLES.join(',')}}`}::regclass[])`;

/**
 * Empties every table of ALL_TABLES and starts their ids again, as `truncate … restart identity` would, at a fraction
 * of its cost: a TRUNCATE gives each of the 40 tables and each of their indexes new files, 76 ms before every test on
 * PGlite and 177 ms on PostgreSQL, where deleting the few rows a test wrote takes 21 and 16 ms (`npm run
 * bench:test-reset`). The deletes run with the triggers off (`session_replication_role = replica`: no foreign-key
 * checks, no live events, nothing in the registro), so their order does not matter; the day caches' counter moves as
 * a TRUNCATE's triggers moved it.
 */
export async function truncateAll(database: Database) {
  const deleted = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const counts = await rowsOf<{ name: string; n: number }>(tx, DELETE_ALL_ROWS);
    await tx.execute(RESTART_SEQUENCES);
    await tx.execute(sql`update calendar_version set version = version + 1 where id = 1`);
    return counts;
  });
  for (const { name } of deleted.filter((table) => table.n > VACUUM_AFTER_ROWS)) await database.db.execute(sql.raw(`vacuum ${name}`));
  // The two minibuses every migrated database holds (drizzle/0025): the runs of the tests name them.
  await insertDefaultMezzi(database.db);
}

export const TEST_SESSION_TIMES = { sessionIdleMs: 12 * 3600_000, sessionMaxMs: 7 * 24 * 3600_000 };

/**
 * The limits count per account, and a file's tests share one app and the same two accounts: the
 * counts of one test would refuse the calls of the next. Test apps raise every limit unless a test
 * passes its own (DEFAULT_CALL_LIMITS for production's, as bounds.test.ts and reads-and-limits.test.ts do).
 */
const UNLIMITED = { max: 1_000_000, timeWindowMs: 60_000 };
export const TEST_CALL_LIMITS: CallLimits = { accountCalls: UNLIMITED, exports: UNLIMITED, rangeReads: UNLIMITED, searches: UNLIMITED };

export async function buildTestApp(
  database: Database,
  config: Partial<typeof TEST_SESSION_TIMES & { liveMaxStreams: number }> = {},
  limits: Partial<CallLimits> = TEST_CALL_LIMITS,
) {
  return buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES, ...config }, limits });
}

export interface Account {
  username: string;
  password: string;
}
export const ADMIN: Account = { username: 'direttrice', password: 'girasole-nel-cortile' };
export const VIEWER: Account = { username: 'educatore', password: 'quaderno-a-righe-blu' };

/**
 * Each password's argon2 hash, computed once per test process: the accounts
 * are created again before every test, and two fresh hashes each time cost
 * more than most tests (each hash has its own salt, so reusing one changes
 * nothing a test can observe but the time).
 */
const hashes = new Map<string, Promise<string>>();
// And each sign-in's verification of the same hash and password, the same way (server/lib/passwords.ts).
rememberVerifications();
export function fixtureHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (hash === undefined) {
    hash = hashPassword(password);
    hashes.set(password, hash);
    // A failed hash is not kept: the next caller tries again.
    hash.catch(() => hashes.delete(password));
  }
  return hash;
}

export async function createAccounts(database: Database) {
  const [adminHash, viewerHash] = await Promise.all([fixtureHash(ADMIN.password), fixtureHash(VIEWER.password)]);
  await database.db.insert(users).values([
    { username: ADMIN.username, passwordHash: adminHash, admin: 1 },
    { username: VIEWER.username, passwordHash: viewerHash, admin: 0 },
  ]);
}

/**
 * What most files' tests start from, after the block's reset: the small centre of server/test/fixtures.ts, and the
 * administrator and the viewer each signed in on a client of their own.
 */
export async function signedInCentre(ctx: DatabaseContext): Promise<{ centre: Centre; admin: TestClient; viewer: TestClient }> {
  const centre = await seedCentre(ctx.database.db);
  const admin = await new TestClient(ctx.app).login(ADMIN);
  const viewer = await new TestClient(ctx.app).login(VIEWER);
  return { centre, admin, viewer };
}

/** The Italian message and the stable code of an error answer's body. */
export const errorOf = (body: unknown) => (body as ApiErrorBody).error;
/** The message a 400 gives under one field (`path` as "righe.0.minuti"), from the answer's `issues`. */
export const issueAt = (body: unknown, path: string) =>
  (body as { issues?: { path: (string | number)[]; message: string }[] }).issues?.find((i) => i.path.join('.') === path)?.message;
export const codeOf = (body: unknown) => (body as ApiErrorBody).code;

/** What a block of tests on one kind of database works with: filled in before its first test. */
export interface DatabaseContext {
  readonly kind: DbKind;
  /** A database of its own, created before the block and dropped after it. */
  readonly database: Database;
  /** The real app on that database. */
  readonly app: App;
}

export interface BothDatabasesOptions {
  /**
   * When the tables are emptied and the two accounts (ADMIN, VIEWER) created
   * again: before each test (the default), or once before the block.
   */
  reset?: 'each' | 'once';
}

/**
 * The same tests on PGlite and on PostgreSQL: `describe("<name> on pglite")`
 * and `describe("<name> on postgres")`, each opening a fresh database and the
 * app on it before its tests and closing both after them. Set-up of a file's
 * own (a seeded centre, signed-in clients) goes in the body's beforeEach or
 * beforeAll, which run after the reset.
 */
export function describeOnBothDatabases(name: string, body: (ctx: DatabaseContext) => void): void;
export function describeOnBothDatabases(name: string, options: BothDatabasesOptions, body: (ctx: DatabaseContext) => void): void;
export function describeOnBothDatabases(
  name: string,
  ...args: [(ctx: DatabaseContext) => void] | [BothDatabasesOptions, (ctx: DatabaseContext) => void]
): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  const reset = options.reset ?? 'each';
  describe.each(DB_KINDS)(`${name} on %s`, (kind) => {
    const ctx = { kind } as { kind: DbKind; database: Database; app: App };
    const resetDatabase = async () => {
      await truncateAll(ctx.database);
      await createAccounts(ctx.database);
    };
    beforeAll(async () => {
      ctx.database = await openTestDatabase(kind);
      ctx.app = await buildTestApp(ctx.database);
      if (reset === 'once') await resetDatabase();
    });
    afterAll(async () => {
      await ctx.app?.close();
      await ctx.database?.close();
    });
    if (reset === 'each') beforeEach(resetDatabase);
    body(ctx);
  });
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as the browser receives it (a day's answer compared byte for byte). */
  text: string;
  /** The body's bytes (a file downloaded). */
  raw: Buffer;
}

/** A browser-like client: keeps cookies and echoes XSRF-TOKEN (or, over HTTPS, __Host-XSRF-TOKEN) in X-XSRF-TOKEN, as the web app does. */
export class TestClient {
  cookies = new Map<string, string>();
  sendCsrf = true;
  /** The caller's address as the server sees it. */
  remoteAddress = '127.0.0.1';

  constructor(private readonly app: App) {}

  private storeCookies(setCookie: string | string[] | number | undefined) {
    if (setCookie === undefined || typeof setCookie === 'number') return;
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private csrfToken(): string | undefined {
    return this.cookies.get('__Host-XSRF-TOKEN') ?? this.cookies.get('XSRF-TOKEN');
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    if (method !== 'GET' && this.sendCsrf && this.csrfToken() === undefined) await this.request('GET', '/server/health');
    const allHeaders: Record<string, string> = {};
    if (this.cookies.size > 0) allHeaders.cookie = this.cookieHeader();
    const csrf = this.csrfToken();
    if (method !== 'GET' && this.sendCsrf && csrf !== undefined) allHeaders['x-xsrf-token'] = csrf;
    Object.assign(allHeaders, headers);
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: allHeaders,
      ...(payload === undefined
        ? {}
        : typeof payload === 'string'
          ? { payload, headers: { 'content-type': 'application/json', ...allHeaders } }
          : { payload: payload as object }),
    });
    this.storeCookies(res.headers['set-cookie']);
    let body: unknown = res.body;
    try {
      body = res.body === '' ? undefined : JSON.parse(res.body);
    } catch {
      // not JSON (HTML of the web app)
    }
    return { status: res.statusCode, body: body as T, headers: res.headers, text: res.body, raw: res.rawPayload };
  }

  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = unknown>(url: string, payload: unknown = {}) {
    return this.request<T>('POST', url, payload);
  }
  put<T = unknown>(url: string, payload: unknown = {}) {
    return this.request<T>('PUT', url, payload);
  }

  async login(account: Account) {
    const res = await this.post('/server/user/login', { username: account.username, pass: account.password });
    if (res.status !== 200) throw new Error(`login of ${account.username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return this;
  }
}
