import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { ADMIN, DB_KINDS, TEST_SESSION_TIMES, TestClient, createAccounts, openTestDatabase } from '../test/harness.ts';
import { BACKUP_TABLES, LEFT_OUT_OF_BACKUPS, restoreBackup, writeBackup } from './backup.ts';
import { openPglite, type Database } from './client.ts';
import * as schema from './schema.ts';
import { loginDevices, patients } from './schema.ts';
import { seedDemo } from '../lib/seed-demo.ts';
import { rowsOf } from './rows.ts';
import { looseEntries } from '../test/loose-entries.ts';

const run = promisify(execFile);
const cli = (script: string, env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], { env: { ...process.env, ...env } })
    .then(({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }))
    .catch((e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }));

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

async function dumpAll(database: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    out[table] = await rowsOf(database.db, sql.raw(`select to_jsonb(t) as row from ${table} t order by 1`));
  }
  return out;
}

describe('backup and restore', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-backup-'));
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  // Six runs of the command-line tools, each a process of its own that opens a database.
  it(
    'backs up the embedded database and restores every row into an empty embedded database and into PostgreSQL',
    { timeout: 180_000 },
    async () => {
      const sourceDir = path.join(tmp, 'source');
      const source = await openPglite(sourceDir);
      await seedDemo(source.db, '2026-11-23');
      const expected = await dumpAll(source);
      await source.close();
      expect(expected.activities.length).toBeGreaterThan(50);

      const file = path.join(tmp, 'centro.json.gz');
      const backup = await cli('backup', { DATA_DIR: sourceDir, DATABASE_URL: '' }, file);
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toContain(`activities ${expected.activities.length}`);
      expect(modeOf(file)).toBe(0o600);

      const targetDir = path.join(tmp, 'target');
      const restored = await cli('restore', { DATA_DIR: targetDir, DATABASE_URL: '' }, file);
      expect(restored.code, restored.out).toBe(0);
      expect(looseEntries(targetDir)).toEqual([]); // the folder the tool created is its owner's alone
      const target = await openPglite(targetDir);
      opened.push(target);
      expect(await dumpAll(target)).toEqual(expected);
      // The id sequences moved past the restored rows: new rows get new ids.
      const [fresh] = await target.db.insert(patients).values({ firstName: 'Nuova', lastName: 'Paziente' }).returning();
      expect(fresh.id).toBeGreaterThan(Math.max(...(expected.patients as { row: { id: number } }[]).map((p) => p.row.id)));
      await target.close();

      const again = await cli('restore', { DATA_DIR: targetDir, DATABASE_URL: '' }, file);
      expect(again.code).toBe(1);
      expect(again.out).toContain('Il database non è vuoto');

      const postgres = await openTestDatabase('postgres');
      opened.push(postgres);
      const intoPostgres = await cli('restore', { DATABASE_URL: postgres.url! }, file);
      expect(intoPostgres.code, intoPostgres.out).toBe(0);
      expect(await dumpAll(postgres)).toEqual(expected);

      const fromPostgres = path.join(tmp, 'da-postgres.json.gz');
      expect((await cli('backup', { DATABASE_URL: postgres.url! }, fromPostgres)).code).toBe(0);
      const secondDir = path.join(tmp, 'second');
      expect((await cli('restore', { DATA_DIR: secondDir, DATABASE_URL: '' }, fromPostgres)).code).toBe(0);
      const second = await openPglite(secondDir);
      opened.push(second);
      expect(await dumpAll(second)).toEqual(expected);
    },
  );

  it('refuses a file that is not a backup, with a clear message', async () => {
    const file = path.join(tmp, 'non-backup.txt');
    fs.writeFileSync(file, 'ciao');
    const res = await cli('restore', { DATA_DIR: path.join(tmp, 'empty'), DATABASE_URL: '' }, file);
    expect(res.code).toBe(1);
    expect(res.out).toContain('non è un backup di Giornata leggibile');
  });
});

const countOf = async (database: Database, table: string) =>
  Number((await rowsOf<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n);

describe.each(DB_KINDS)('what a backup leaves out, on %s', (kind) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-backup-private-'));
  let source: Database;
  let target: Database;
  let sourceApp: App;
  let targetApp: App;
  beforeAll(async () => {
    source = await openTestDatabase(kind);
    target = await openTestDatabase(kind);
    await createAccounts(source);
    sourceApp = await buildApp({ database: source, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
    targetApp = await buildApp({ database: target, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
  });
  afterAll(async () => {
    await sourceApp.close();
    await targetApp.close();
    await source.close();
    await target.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('holds no session, sign-in attempt or known browser, is readable by its owner only, and revives no session', async () => {
    // A signed-in browser, a failed sign-in and a known browser in the source.
    const signedIn = await new TestClient(sourceApp).login(ADMIN);
    expect((await signedIn.get('/server/user/auth')).status).toBe(200);
    expect((await new TestClient(sourceApp).post('/server/user/login', { username: ADMIN.username, pass: 'sbagliata' })).status).toBe(401);
    const [admin] = await source.db
      .select()
      .from(schema.users)
      .where(sql`username = ${ADMIN.username}`);
    await source.db.insert(loginDevices).values({ tokenHash: 'f'.repeat(64), userId: admin.id, expiresAt: new Date('2099-01-01') });
    for (const table of ['sessions', 'login_failures', 'login_devices']) expect(await countOf(source, table), table).toBeGreaterThan(0);

    // An older file left readable by everyone is overwritten private.
    const file = path.join(tmp, `${kind}.json.gz`);
    fs.writeFileSync(file, 'vecchio');
    fs.chmodSync(file, 0o644);
    const counts = await writeBackup(source.db, file);
    expect(modeOf(file)).toBe(0o600);
    expect(Object.keys(counts)).toEqual([...BACKUP_TABLES]);
    const content = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as { tables: Record<string, unknown[]> };
    expect(Object.keys(content.tables)).toEqual([...BACKUP_TABLES]);
    expect(content.tables.users).toHaveLength(2);

    await restoreBackup(target.db, file);
    for (const table of ['sessions', 'login_failures', 'login_devices']) expect(await countOf(target, table), table).toBe(0);
    // The browser's cookie from before the backup does not sign in on the restored centre; the password does.
    const replay = new TestClient(targetApp);
    replay.cookies = new Map(signedIn.cookies);
    expect((await replay.get('/server/user/auth')).status).toBe(403);
    await new TestClient(targetApp).login(ADMIN);
  });

  it('ignores the sessions and sign-in attempts of a backup made before they were left out, and restores rows older than a column or a setting', async () => {
    const old = path.join(tmp, `old-${kind}.json.gz`);
    const fresh = await openTestDatabase(kind);
    try {
      const hash = (
        await source.db
          .select()
          .from(schema.users)
          .where(sql`username = ${ADMIN.username}`)
      )[0].passwordHash;
      const createdAt = '2026-11-20T08:00:00+00:00';
      const tables = Object.fromEntries(BACKUP_TABLES.map((t) => [t, [] as unknown[]]));
      tables.users = [{ id: 1, username: ADMIN.username, password_hash: hash, admin: 1, disabled: false, created_at: createdAt }];
      // Activities as a backup made before they carried a version wrote them.
      tables.rooms = [{ id: 1, name: 'Palestra', position: 1, archived: false }];
      // A centre that showed full names in the calendar feed, before that choice was removed: it shows initials now.
      tables.centre_settings = [{ id: 1, centre_name: 'Il Girasole', saturday: false, ical_full_names: true }];
      // An operatore as a backup made before operatori had a Nome and Cognome wrote her.
      tables.therapists = [{ id: 1, username: 'laura.fontana', archived: false }];
      tables.activities = [
        {
          id: 1,
          name: 'Ginnastica',
          room_id: 1,
          day: '2026-11-20',
          weekday: 5,
          start: '09:00:00',
          end: '10:00:00',
          transport_run_id: null,
        },
      ];
      Object.assign(tables, {
        sessions: [{ id_hash: 'a'.repeat(64), user_id: 1, csrf_token: 'x', created_at: createdAt, last_seen_at: createdAt }],
        login_failures: [{ id: 1, key: 'user:direttrice', at: createdAt }],
      });
      fs.writeFileSync(old, zlib.gzipSync(JSON.stringify({ format: 'giornata-backup-1', createdAt, tables })));
      await restoreBackup(fresh.db, old);
      expect(await countOf(fresh, 'users')).toBe(1);
      const restored = await rowsOf<{ version: number }>(fresh.db, sql`select version from activities where id = 1`);
      expect(restored).toEqual([{ version: 1 }]);
      const settings = await rowsOf(fresh.db, sql`select centre_name, ical_initials, paper_format from centre_settings`);
      expect(settings).toEqual([{ centre_name: 'Il Girasole', ical_initials: true, paper_format: 'A4' }]);
      const therapist = await rowsOf(fresh.db, sql`select username, first_name, last_name from therapists`);
      expect(therapist).toEqual([{ username: 'laura.fontana', first_name: '', last_name: '' }]);
      const account = await rowsOf(fresh.db, sql`select password_change_required from users`);
      expect(account).toEqual([{ password_change_required: false }]);
      expect(await countOf(fresh, 'sessions')).toBe(0);
      expect(await countOf(fresh, 'login_failures')).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('the tables of a backup', () => {
  it('are every table of the schema but the ones left out on purpose', () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable))
      .sort();
    expect([...BACKUP_TABLES, ...Object.keys(LEFT_OUT_OF_BACKUPS)].sort()).toEqual(tables);
  });
});
