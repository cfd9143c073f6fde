/**
 * The daily backup (issue 33): taken at BACKUP_TIME in Rome by the clock the test moves (nothing sleeps), written
 * 0600 under its name, proved to restore (a scratch database in a child process), rotated, visible to administrators
 * in GET /server/backup/stato and downloadable as an export; a failure is kept and retried an hour later; with two
 * processes on one PostgreSQL exactly one backup a day. Slow tier: the verification starts a child process, and two
 * pools stand for two processes on one PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackupState } from '../../../common/backup.ts';
import { buildApp, type App } from '../../app.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { readBackupFile, rowsPerTable } from '../../db/backup.ts';
import { rowsOf } from '../../db/rows.ts';
import { seedCentre } from '../../test/fixtures.ts';
import {
  ADMIN,
  DB_KINDS,
  TEST_CALL_LIMITS,
  TEST_SESSION_TIMES,
  TestClient,
  VIEWER,
  WITH_POSTGRES,
  createAccounts,
  errorOf,
  openTestDatabase,
  truncateAll,
} from '../../test/harness.ts';
import { BackupScheduler, RETRY_MS, type BackupSchedulerOptions, type BackupSettings } from './scheduler.ts';
import { clearBackupState, backupMetrics } from './state.ts';
import { dailyBackupNames, MONTH_ENDS_KEPT } from './test-backups.ts';

/** 02:00 in Rome on 26 November 2026 (UTC+1): half an hour before the default BACKUP_TIME. */
const BEFORE = Date.parse('2026-11-26T01:00:00Z');
const MINUTE = 60_000;
/** The tests that verify in a child process (a scratch database migrated each time): minutes on a busy machine. */
const SLOW = 240_000;

/**
 * The rows the file holds, for the tests of rotation and retries (the first test verifies in the child process, with a
 * scratch database, as the server does): the scratch database's migrations would only make them slower.
 */
const countsInFile = async (file: string) => rowsPerTable(readBackupFile(file));

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-backups-'));
}

const backupsIn = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((n) => !n.startsWith('.'))
    .sort();

describe.each(DB_KINDS)('the daily backup on %s', (kind) => {
  let database: Database;
  let dir: string;
  let app: App;
  let clock = BEFORE;
  let scheduler: BackupScheduler;
  const dirs: string[] = [];

  const newScheduler = (settings: Partial<BackupSettings> = {}, options: Pick<BackupSchedulerOptions, 'restoredCounts' | 'log'> = {}) =>
    new BackupScheduler({ database, settings: { time: '02:30', dir, keep: 14, ...settings }, now: () => new Date(clock), ...options });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await truncateAll(database);
    await createAccounts(database);
    await seedCentre(database.db);
    await clearBackupState(database.db);
    dir = tempDir();
    dirs.push(dir);
    scheduler = newScheduler();
    app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES }, limits: TEST_CALL_LIMITS, backup: scheduler });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it(
    'is taken at BACKUP_TIME, 0600, verified by a restore, and shown to administrators',
    async () => {
      // The first start catches up yesterday's backup, missed while the server was not there.
      clock = BEFORE;
      expect(await scheduler.tick()).toBe('done');
      expect(backupsIn(dir)).toEqual(['giornata-2026-11-25T0230.json.gz']);
      expect(await scheduler.tick()).toBe('not-due');
      clock = BEFORE + 29 * MINUTE; // 02:29 in Rome
      expect(await scheduler.tick()).toBe('not-due');
      clock = BEFORE + 30 * MINUTE; // 02:30 in Rome
      expect(await scheduler.tick()).toBe('done');
      expect(backupsIn(dir)).toEqual(['giornata-2026-11-25T0230.json.gz', 'giornata-2026-11-26T0230.json.gz']);
      const file = path.join(dir, 'giornata-2026-11-26T0230.json.gz');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // No temporary file is left beside it.
      expect(fs.readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
      const backup = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));
      expect(backup.format).toBe('giornata-backup-1');
      const rows = Object.values(backup.tables as Record<string, unknown[]>).reduce((sum, t) => sum + t.length, 0);

      const admin = await new TestClient(app).login(ADMIN);
      const stato = await admin.get<BackupState>('/server/backup/stato');
      expect(stato.status).toBe(200);
      expect(stato.body).toEqual({
        attivo: true,
        ultimo: {
          file: 'giornata-2026-11-26T0230.json.gz',
          quando: new Date(clock).toISOString(),
          byte: fs.statSync(file).size,
          verificato: true,
          righe: rows,
        },
        prossimo: '2026-11-27T01:30:00.000Z',
        conservati: 2,
        errore: null,
      });
      expect(rows).toBeGreaterThan(10);
      expect(backupMetrics().lastSuccessAt?.toISOString()).toBe(new Date(clock).toISOString());
      expect(backupMetrics().lastDurationMs).toBeGreaterThanOrEqual(0);
      // Whoever watches the server from outside sees the same backup: /server/metrics, from loopback.
      const scrape = await app.inject({ method: 'GET', url: '/server/metrics' });
      expect(scrape.statusCode).toBe(200);
      expect(scrape.body).toMatch(new RegExp(`^giornata_backup_last_success_seconds ${clock / 1000}$`, 'm'));
      expect(scrape.body).toMatch(/^giornata_backup_last_duration_seconds \d+(\.\d+)?(e[-+]\d+)?$/m);
    },
    SLOW,
  );

  it('is for administrators only: a consultazione account gets 403, on the state and on a file', async () => {
    const viewer = await new TestClient(app).login(VIEWER);
    const stato = await viewer.get('/server/backup/stato');
    expect(stato.status).toBe(403);
    expect(errorOf(stato.body)).toMatch(/amministrator/i);
    expect((await viewer.get('/server/backup/file/giornata-2026-11-26T0230.json.gz')).status).toBe(403);
    expect((await new TestClient(app).get('/server/backup/stato')).status).toBe(403);
  });

  it('is downloaded by an administrator as an export: the file as written, no-store, a registro row', async () => {
    const admin = await new TestClient(app).login(ADMIN);
    const [{ n: before }] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_log where action = 'esportazione.backup'`,
    );
    const res = await admin.get('/server/backup/file/giornata-2026-11-26T0230.json.gz');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="giornata-2026-11-26T0230.json.gz"');
    expect(res.raw.equals(fs.readFileSync(path.join(dir, 'giornata-2026-11-26T0230.json.gz')))).toBe(true);
    const [{ n: after }] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_log where action = 'esportazione.backup'`,
    );
    expect(Number(after)).toBe(Number(before) + 1);
  });

  it('refuses a name that is not a backup’s (no path out of the folder) with 400, and one not there with 404', async () => {
    const admin = await new TestClient(app).login(ADMIN);
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '.giornata-2026-11-26T0230.json.gz.1.tmp',
      'giornata-2026-11-26T0230.json',
      '%2Fetc%2Fpasswd',
    ]) {
      const res = await admin.get(`/server/backup/file/${name}`);
      expect([name, res.status]).toEqual([name, 400]);
      expect(errorOf(res.body)).toBe('Nome del file di backup non valido (giornata-aaaa-mm-ggTHHmm.json.gz)');
    }
    const missing = await admin.get('/server/backup/file/giornata-2020-01-01T0230.json.gz');
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)).toMatch(/Backup non trovato/);
  });

  it('keeps the last BACKUP_KEEP daily backups and the last 6 month-end ones', async () => {
    const rotating = tempDir();
    dirs.push(rotating);
    // Daily backups since April, as a server would have left them (content aside).
    const old = dailyBackupNames('2026-04-01', '2026-11-23');
    for (const name of old) fs.writeFileSync(path.join(rotating, name), 'x');
    fs.writeFileSync(path.join(rotating, 'note.txt'), 'not a backup: left alone');
    await clearBackupState(database.db);
    clock = BEFORE + 30 * MINUTE;
    const keeping = newScheduler({ dir: rotating, keep: 3 }, { restoredCounts: countsInFile });
    expect(await keeping.tick()).toBe('done');
    expect(fs.readdirSync(rotating).sort()).toEqual([
      ...MONTH_ENDS_KEPT,
      'giornata-2026-11-22T0230.json.gz',
      'giornata-2026-11-23T0230.json.gz',
      'giornata-2026-11-26T0230.json.gz',
      'note.txt',
    ]);
    expect((await keeping.status()).conservati).toBe(9);
  });

  it('keeps a failure with its reason, retries it an hour later, and then succeeds', async () => {
    await clearBackupState(database.db);
    const blocked = path.join(tempDir(), 'a-file');
    dirs.push(path.dirname(blocked));
    fs.writeFileSync(blocked, 'a file where the folder should be');
    clock = BEFORE + 30 * MINUTE;
    const logged: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: (fields: Record<string, unknown>, message: string) => logged.push({ level: 'info', fields, message }),
      warn: (fields: Record<string, unknown>, message: string) => logged.push({ level: 'warn', fields, message }),
    } as unknown as BackupSchedulerOptions['log'];
    const failing = newScheduler({ dir: blocked }, { restoredCounts: countsInFile, log });
    expect(await failing.tick()).toBe('failed');
    const state = await failing.status();
    expect(state.ultimo).toBeNull();
    expect(state.errore).toMatch(/EEXIST|ENOTDIR/);
    expect(state.prossimo).toBe(new Date(clock + RETRY_MS).toISOString());
    // Logged with its reason and the time of the next try, and nothing of the centre's data.
    expect(logged).toEqual([
      {
        level: 'warn',
        fields: { reason: state.errore, retryAt: state.prossimo },
        message: 'backup failed: retried in an hour',
      },
    ]);
    clock += 59 * MINUTE;
    expect(await failing.tick()).toBe('not-due');
    // The administrator frees the folder; the try of an hour later succeeds.
    fs.rmSync(blocked);
    clock += MINUTE;
    expect(await failing.tick()).toBe('done');
    expect((await failing.status()).errore).toBeNull();
    expect(backupsIn(blocked)).toEqual(['giornata-2026-11-26T0230.json.gz']);
  });

  it('is a failure when the restored copy does not hold the source’s rows', async () => {
    await clearBackupState(database.db);
    const wrong = tempDir();
    dirs.push(wrong);
    clock = BEFORE + 30 * MINUTE;
    const lying = newScheduler({ dir: wrong }, { restoredCounts: async () => ({ users: 0 }) });
    expect(await lying.tick()).toBe('failed');
    expect((await lying.status()).errore).toMatch(/^verifica non riuscita: users: attese 2, ripristinate 0/);
  });

  it('then vacuums the embedded database, so the space of deleted rows serves again; PostgreSQL is autovacuum’s', async () => {
    await clearBackupState(database.db);
    const nightly = tempDir();
    dirs.push(nightly);
    clock = BEFORE + 30 * MINUTE;
    const messages: string[] = [];
    const log = {
      info: (_fields: Record<string, unknown>, message: string) => messages.push(message),
      warn: (_fields: Record<string, unknown>, message: string) => messages.push(message),
    } as unknown as BackupSchedulerOptions['log'];
    // A day of 20,000 activities written, then deleted (as a template replaced or a day emptied leaves them).
    const day = sql`insert into activities (name, room_id, day, weekday, start, "end")
      select 'Prova ' || g, (select min(id) from rooms), date '2031-03-03', 1, time '09:00', time '10:00' from generate_series(1, 20000) g`;
    const size = async () => Number((await rowsOf<{ n: string }>(database.db, sql`select pg_relation_size('activities') as n`))[0].n);
    await database.db.execute(day);
    const full = await size();
    await database.db.execute(sql`delete from activities where day = date '2031-03-03'`);
    expect(await newScheduler({ dir: nightly }, { restoredCounts: countsInFile, log }).tick()).toBe('done');
    await database.db.execute(day);
    await database.db.execute(sql`delete from activities where day = date '2031-03-03'`);
    if (kind === 'pglite') {
      expect(messages).toEqual(['backup written and verified', 'embedded database vacuumed']);
      // Written again into the space the vacuum freed: the table did not grow (without it, twice the size).
      expect(await size()).toBeLessThan(full * 1.2);
    } else {
      expect(messages).toEqual(['backup written and verified']);
    }
  });
});

describe.runIf(WITH_POSTGRES)('the daily backup with two processes on one PostgreSQL', () => {
  let database: Database & { url?: string };
  const others: Database[] = [];
  let dir: string;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    dir = tempDir();
  });
  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'takes exactly one backup a day',
    async () => {
      // A second process: a pool of its own on the same database, the same folder.
      const second = await openPostgres(database.url!);
      others.push(second);
      let clock = BEFORE + 30 * MINUTE;
      const settings = { time: '02:30', dir, keep: 14 };
      const a = new BackupScheduler({ database, settings, now: () => new Date(clock) });
      const b = new BackupScheduler({ database: second, settings, now: () => new Date(clock) });
      const first = await Promise.all([a.tick(), b.tick()]);
      expect(first.filter((r) => r === 'done')).toHaveLength(1);
      expect(first.filter((r) => r !== 'done').every((r) => r === 'locked' || r === 'not-due')).toBe(true);
      expect(await Promise.all([a.tick(), b.tick()])).toEqual(['not-due', 'not-due']);
      expect(backupsIn(dir)).toEqual(['giornata-2026-11-26T0230.json.gz']);
      clock += 86_400_000;
      const next = await Promise.all([b.tick(), a.tick()]);
      expect(next.filter((r) => r === 'done')).toHaveLength(1);
      expect(backupsIn(dir)).toEqual(['giornata-2026-11-26T0230.json.gz', 'giornata-2026-11-27T0230.json.gz']);
    },
    SLOW,
  );
});
