/** The real server process: start-up, demo centre, data folder lock, crash and graceful stop. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { signInOverHttp, spawnServer } from './test/server-process.ts';

const TSX = path.resolve('node_modules/.bin/tsx');
const run = promisify(execFile);

describe('the server process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-main-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the demo centre once, holds the data folder, survives kill -9 and stops gracefully', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' });
    const password = /amministratore: admin \/ (\S+)/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    expect(first.output()).toMatch(/operatore \(sola lettura\): operatore \/ \S+/);
    expect((await fetch(`${first.url}/server/health`)).status).toBe(200);
    await signInOverHttp(first.url, { username: 'admin', password: password! });

    // While the server runs, the users tool refuses the folder instead of losing its writes.
    const refused = await run(TSX, ['server/cli/users.ts', 'add', 'intruso', '--password', 'abcdef'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('è in uso da un altro processo');

    // A crash leaves a stale lock; the next start takes it over and finds the data.
    await first.stop('SIGKILL');
    const second = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' });
    expect(second.output()).not.toContain('Centro demo creato');
    await signInOverHttp(second.url, { username: 'admin', password: password! });

    expect(await second.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'giornata.lock'))).toBe(false);
  });

  it('refuses a bad configuration with a clear message and a non-zero exit', async () => {
    const res = await run(TSX, ['server/main.ts'], { env: { ...process.env, PORT: 'ottanta', DATA_DIR: dataDir } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((res as { code: number }).code).toBe(1);
    expect((res as { stderr: string }).stderr).toMatch(/Configurazione non valida:\n {2}PORT/);
  });

  it('says clearly when the database cannot be opened', async () => {
    const res = await run(TSX, ['server/main.ts'], {
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nessuno', PORT: '0' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((res as { code: number }).code).toBe(1);
    expect((res as { stderr: string }).stderr).toContain('Impossibile aprire o migrare il database postgres://postgres@127.0.0.1:1/nessuno');
  });
});
