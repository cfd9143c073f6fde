/**
 * Opens the database: PGlite in DATA_DIR by default, PostgreSQL through a
 * pool when DATABASE_URL is set. Both get the same schema, migrations and
 * queries; migrations run before the handle is returned.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { withMigrationLock } from './locks.ts';
import { makeDataDirPrivate } from './private-files.ts';
import { QueryTiming, timePgClient, timePglite, type PoolStats } from './query-timing.ts';
import { oneStatementPerTurn } from './turns.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /** Where the data lives, for messages: a folder or a URL without its password. */
  location: string;
  /**
   * Where the live events' notifications are heard (server/features/live/listener.ts): the embedded
   * instance itself, or PostgreSQL's URL for one dedicated LISTEN connection per process.
   */
  notifications?: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Every statement's duration, told to whoever listens (server/db/query-timing.ts; the app's metrics). */
  queries: QueryTiming;
  /** The connections now: PostgreSQL's pool, or PGlite's single connection and the statements waiting their turn. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export class DatabaseOpenError extends Error {}

export interface OpenOptions {
  /** Told how many folders and files of an existing data folder were open to other local users (now fixed). */
  onLooseModes?: (fixed: number) => void;
}

/**
 * The embedded database in `dataDir`, which is made this user's alone
 * (0700 and 0600, see server/db/private-files.ts) before it is opened, after
 * (the files PGlite's initdb writes are 0666) and at close.
 */
export async function openPglite(
  dataDir: string | 'memory://',
  options: { lock?: boolean; loadDataDir?: Blob } & OpenOptions = {},
): Promise<Database> {
  let lock: DataDirLock | undefined;
  const inMemory = dataDir === 'memory://';
  if (!inMemory) {
    const fixed = makeDataDirPrivate(dataDir);
    if (fixed > 0) options.onLooseModes?.(fixed);
  }
  if (!inMemory && options.lock !== false) lock = lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    // loadDataDir: a migrated data folder's tarball (the tests' template, server/test/templates.ts) instead of initdb.
    client = new PGlite(
      inMemory ? 'memory://' : path.join(dataDir, 'pgdata'),
      options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
    );
    await client.waitReady;
    // Timed beneath the turns: a statement's duration is its own, not its wait for a turn (that is `waiting`).
    const queries = new QueryTiming();
    timePglite(client, queries);
    const queue: { waiting?: () => number } = {};
    const db = drizzlePglite(oneStatementPerTurn(client, queue), { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    if (!inMemory) makeDataDirPrivate(dataDir);
    const opened = client;
    return {
      db,
      kind: 'pglite',
      location: inMemory ? 'memory://' : dataDir,
      notifications: { kind: 'pglite', client: opened },
      queries,
      poolStats: () => ({ total: 1, idle: queries.running === 0 ? 1 : 0, waiting: queue.waiting?.() ?? 0 }),
      async close() {
        try {
          await opened.close();
          if (!inMemory) makeDataDirPrivate(dataDir);
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    await client?.close().catch(() => {});
    lock?.release();
    throw new DatabaseOpenError(`Impossibile aprire il database in ${dataDir}: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * PostgreSQL through a pool on `url`. The migrations run first: on `url` itself, or, with
 * `migrationUrl` (MIGRATION_DATABASE_URL), on one connection of their own as the role that owns the
 * tables, so the server's role needs no right to create or alter them (README, "Database roles").
 */
export async function openPostgres(url: string, options: { max?: number; migrationUrl?: string } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => {}); // an idle client's error must not kill the process; the next query reports it
  // Nor a checked-out one's: the pool listens only to its idle clients, and a connection PostgreSQL cuts while a
  // transaction holds it between two statements (a restart, pg_terminate_backend) would end the process. The
  // transaction's next statement fails instead, and the client leaves the pool (server/db/connection-cut.test.ts).
  pool.on('connect', (client) => void client.on('error', () => {}));
  // No JIT compilation on the server's connections: its statements run in milliseconds, and PostgreSQL's cost
  // estimates for the bulk copy's CTEs and the triggers' transition tables (billions of rows guessed for 127) pass
  // jit_above_cost at ten years of history: compiling took 2.4 s of a 2.9 s "Sostituisci" (docs/performance.md).
  // Queued on the new client before any query the pool hands it, whatever options the URL carries.
  pool.on('connect', (client) => void client.query('set jit = off').catch(() => {}));
  // Every client of the pool times its statements, the pool's own `pool.query` included (server/db/query-timing.ts).
  const queries = new QueryTiming();
  pool.on('connect', (client) => timePgClient(client, queries));
  const location = redactUrl(url);
  try {
    if (options.migrationUrl) {
      const owner = new pg.Client({ connectionString: options.migrationUrl });
      owner.on('error', () => {});
      await owner.connect();
      try {
        await withMigrationLock(owner, () => migratePg(drizzlePg(owner), { migrationsFolder }).then(() => {}));
      } finally {
        await owner.end().catch(() => {});
      }
    }
    const conn = await pool.connect();
    try {
      if (!options.migrationUrl) await withMigrationLock(conn, () => migratePg(drizzlePg(conn), { migrationsFolder }).then(() => {}));
      else await conn.query('select 1');
    } finally {
      conn.release();
    }
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(`Impossibile aprire o migrare il database ${location}: ${(err as Error).message}`, { cause: err });
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    location,
    notifications: { kind: 'postgres', url },
    queries,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

export function openDatabase(
  config: { databaseUrl?: string; migrationDatabaseUrl?: string; dataDir: string },
  options: OpenOptions = {},
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { migrationUrl: config.migrationDatabaseUrl })
    : openPglite(config.dataDir, options);
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Postgres error code of an error thrown by either driver, through Drizzle's wrapper. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
