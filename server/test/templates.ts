/**
 * Migrated templates of the test databases: every test file opens fresh databases, and running the 25 migrations on
 * each one was most of a small file's time. The migrations run once per set of migrations (and PGlite version) into
 *
 * - PGlite: a tarball of the migrated data folder in the machine's temporary folder, which each database loads
 *   (`new PGlite({ loadDataDir })`: no initdb, no migration);
 * - PostgreSQL: a database `giornata_tpl_<hash>` that each test database is created from (`create database … template`).
 *
 * The hash covers every file of drizzle/, so a new or changed migration makes new templates. That a template equals a
 * database migrated from empty is itself a test, run on each database every run (server/db/migrations.test.ts).
 * No vitest here: the server project's global set-up (server/test/global-setup.ts) builds both before the files start.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openPglite, openPostgres, pgErrorCode, type DbKind } from '../db/client.ts';

/**
 * The databases the server tests run on: both by default (`npm test`),
 * `TEST_DATABASES=pglite` for the fast tier (`npm run test:fast`), which then
 * needs no PostgreSQL at all.
 */
export const DB_KINDS: DbKind[] = databasesFromEnv(process.env.TEST_DATABASES);

function databasesFromEnv(value: string | undefined): DbKind[] {
  if (value === undefined || value.trim() === '') return ['pglite', 'postgres'];
  const kinds = value.split(',').map((k) => k.trim());
  for (const kind of kinds) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DATABASES: unknown database "${kind}" (pglite, postgres)`);
  }
  return kinds as DbKind[];
}

/** The machine's PostgreSQL, where each test file creates a database of its own. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A name no other test process picks at the same time. */
export const uniqueDatabaseName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** Runs `work` with a connection to the PostgreSQL server's administration database. */
export async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : [path.join(folder, entry.name)]))
    .sort();
}

/** Twelve hex digits of the migrations' files (names and bytes) and of the PGlite version, whose data folder format the tarball is. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update((JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string }).version);
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

const TEMPLATES_FOLDER = path.join(os.tmpdir(), 'giornata-test-templates');

/** What `make` promises, made at the first call and kept for the next ones; a failure is not kept, the next call tries again. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (made === undefined) {
      made = make();
      made.catch(() => (made = undefined));
    }
    return made;
  };
}

/** The migrated PGlite data folder as a tarball, made once per set of migrations (and kept in this process). */
export const pgliteTemplate = once(makePgliteTemplate);

async function makePgliteTemplate(): Promise<Blob> {
  const file = path.join(TEMPLATES_FOLDER, `pglite-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openPglite('memory://');
    try {
      if (database.notifications?.kind !== 'pglite') throw new Error('PGlite without its client');
      const client = database.notifications.client;
      // Everything on its pages, so a database loaded from the tarball starts without replaying the log.
      await client.query('checkpoint');
      const tarball = await client.dumpDataDir('none');
      fs.mkdirSync(TEMPLATES_FOLDER, { recursive: true });
      // Written aside, then renamed: a process reading it never sees half a tarball.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  return new Blob([new Uint8Array(fs.readFileSync(file))]);
}

/** The name of the migrated PostgreSQL template database, created once per set of migrations on the machine's server. */
export const postgresTemplate = once(makePostgresTemplate);

async function makePostgresTemplate(): Promise<string> {
  const name = `giornata_tpl_${migrationsHash()}`;
  return withAdmin(async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    // Migrated under a name of its own and renamed when complete: two runs starting at once each build one, and the
    // second rename finds the name taken and drops its copy.
    const building = uniqueDatabaseName('giornata_tplnew');
    await admin.query(`create database ${building}`);
    try {
      const database = await openPostgres(withDatabase(POSTGRES_ADMIN_URL, building), { max: 1 });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
      // Nobody connects to it by mistake: a connection to a template refuses every `create database … template`.
      await admin.query(`alter database ${name} with allow_connections false`);
    } catch (err) {
      await admin.query(`drop database if exists ${building} with (force)`);
      if (pgErrorCode(err) !== '42P04') throw err; // duplicate_database: another run made it first
    }
    return name;
  });
}
