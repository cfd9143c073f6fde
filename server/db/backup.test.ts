import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import { BACKUP_TABLES } from './backup.ts';
import { openPglite, type Database } from './client.ts';
import { patients } from './schema.ts';
import { seedDemo } from './seed-demo.ts';

const run = promisify(execFile);
const cli = (script: string, env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], { env: { ...process.env, ...env } })
    .then(({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }))
    .catch((e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }));

async function dumpAll(database: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    out[table] = ((await database.db.execute(sql.raw(`select to_jsonb(t) as row from ${table} t order by 1`))) as unknown as { rows: unknown[] }).rows;
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

  it('backs up the embedded database and restores every row into an empty embedded database and into PostgreSQL', async () => {
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

    const targetDir = path.join(tmp, 'target');
    const restored = await cli('restore', { DATA_DIR: targetDir, DATABASE_URL: '' }, file);
    expect(restored.code, restored.out).toBe(0);
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
  });

  it('refuses a file that is not a backup, with a clear message', async () => {
    const file = path.join(tmp, 'non-backup.txt');
    fs.writeFileSync(file, 'ciao');
    const res = await cli('restore', { DATA_DIR: path.join(tmp, 'empty'), DATABASE_URL: '' }, file);
    expect(res.code).toBe(1);
    expect(res.out).toContain('non è un backup di Giornata leggibile');
  });
});
