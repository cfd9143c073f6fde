/**
 * kill -9 during a scheduled backup, on both databases: no file is left under a backup's name (only the temporary one,
 * which the next backup removes), and the next start takes the missed backup and verifies it. And `npm run
 * backup:verify` on that file, then on a truncated copy: the copy fails with an Italian message and exit code 1.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BACKUP_FILE_RE, type BackupState } from '../../../common/backup.ts';
import { seedCentre } from '../../test/fixtures.ts';
import { ADMIN, DB_KINDS, createAccounts } from '../../test/harness.ts';
import { killableDatabase } from '../../test/killable-database.ts';
import { signInOverHttp, spawnServer } from '../../test/server-process.ts';

const run = promisify(execFile);

/** Waits for `condition`, looking again every 100 ms; fails naming `what` after `limitMs`. */
async function until(what: string, condition: () => boolean | Promise<boolean>, limitMs = 90_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${limitMs / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const backupNames = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => BACKUP_FILE_RE.test(n)) : []);
const temporaryNames = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.tmp')) : []);

describe.each(DB_KINDS)('a scheduled backup killed on %s', (kind) => {
  const { create, env, withDb } = killableDatabase(kind, 'giornata-backup-crash-');

  it('leaves no file under a backup’s name, and the next start takes the backup and verifies it', async () => {
    await create();
    await withDb(async (d) => {
      await createAccounts(d);
      await seedCentre(d.db);
    });
    const dir = path.join(env().DATA_DIR, 'backups');
    // BACKUP_TIME at any time: the first start takes the latest scheduled backup, missed so far.
    const backupEnv = { ...env(), BACKUP_TIME: '02:30', ...(kind === 'postgres' ? { BACKUP_DIR: dir } : {}) };

    // The backup is held once written under its temporary name (GIORNATA_TEST_HOLD_BACKUP), and the server killed there.
    const held = await spawnServer({ ...backupEnv, GIORNATA_TEST_HOLD_BACKUP: '1' });
    await until('the backup written under its temporary name', () => held.output().includes('backup held at'));
    await held.stop('SIGKILL');
    expect(backupNames(dir)).toEqual([]);
    expect(temporaryNames(dir)).toHaveLength(1);

    const server = await spawnServer(backupEnv);
    try {
      const admin = await signInOverHttp(server.url, ADMIN);
      const stato = async () =>
        (await (await fetch(`${server.url}/server/backup/stato`, { headers: { cookie: admin.cookie } })).json()) as BackupState;
      await until('a backup recorded after the restart', async () => (await stato()).ultimo !== null);
      const state = await stato();
      expect(state.ultimo).toMatchObject({ file: backupNames(dir)[0], verificato: true });
      expect(state.ultimo!.righe).toBeGreaterThan(10);
      expect(state).toMatchObject({ attivo: true, conservati: 1, errore: null });
      expect(temporaryNames(dir)).toEqual([]);
      const file = path.join(dir, backupNames(dir)[0]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      if (kind === 'pglite') {
        const verified = await run(process.execPath, ['--import', 'tsx', 'server/cli/backup-verify.ts', file]);
        expect(verified.stdout).toMatch(/^Backup verificato: .* si ripristina, \d+ righe come nell’originale\./);

        const truncated = path.join(dir, 'troncato.json.gz');
        fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
        const refused = await run(process.execPath, ['--import', 'tsx', 'server/cli/backup-verify.ts', truncated]).catch(
          (e: { code: number; stderr: string }) => e,
        );
        expect((refused as { code: number }).code).toBe(1);
        expect((refused as { stderr: string }).stderr).toContain(
          `Backup NON verificato: Il file ${truncated} non è un backup di Giornata leggibile: è danneggiato o troncato`,
        );
      }
    } finally {
      await server.stop();
    }
  }, 300_000);
});

describe.runIf(DB_KINDS.includes('postgres'))('the daily backup with two server processes on one PostgreSQL', () => {
  const { create, env, withDb } = killableDatabase('postgres', 'giornata-backup-two-');

  it('is taken by exactly one of them, whichever starts first', async () => {
    await create();
    await withDb(async (d) => {
      await createAccounts(d);
      await seedCentre(d.db);
    });
    const dir = path.join(env().DATA_DIR, 'backups');
    // Both start together and both find the latest scheduled backup missed: each checks at once (before it says it is
    // ready), and only the holder of the advisory lock takes it; the other finds it locked or, read again, taken.
    const backupEnv = { ...env(), BACKUP_TIME: '02:30', BACKUP_DIR: dir };
    const servers = await Promise.all([spawnServer(backupEnv), spawnServer(backupEnv)]);
    try {
      const states = await Promise.all(
        servers.map(async (server) => {
          const admin = await signInOverHttp(server.url, ADMIN);
          return async () =>
            (await (await fetch(`${server.url}/server/backup/stato`, { headers: { cookie: admin.cookie } })).json()) as BackupState;
        }),
      );
      await until('a backup recorded', async () => (await states[0]()).ultimo?.verificato === true);
      // Each process sees the one backup, whoever took it.
      for (const stato of states) expect((await stato()).ultimo).toMatchObject({ file: backupNames(dir)[0], verificato: true });
    } finally {
      // A graceful stop waits for a backup in progress: a second one, had it started, would be on disk after this.
      await Promise.all(servers.map((s) => s.stop()));
    }
    expect(backupNames(dir)).toHaveLength(1);
    expect(temporaryNames(dir)).toEqual([]);
  }, 300_000);
});
