/** The real server process: start-up, demo centre, data folder lock, crash and graceful stop. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const TSX = path.resolve('node_modules/.bin/tsx');
const run = promisify(execFile);

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env } });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /pronta su (http:\/\/\S+?)\/ /.exec(out);
      if (m) resolve({ child, url: m[1], output: () => out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

async function login(url: string, username: string, pass: string) {
  const first = await fetch(`${url}/server/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1];
  return fetch(`${url}/server/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ username, pass }),
  });
}

describe('the server process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-main-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the demo centre once, holds the data folder, survives kill -9 and stops gracefully', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const password = /amministratore: admin \/ (\S+)/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    expect(first.output()).toMatch(/operatore \(sola lettura\): operatore \/ \S+/);
    expect((await fetch(`${first.url}/server/health`)).status).toBe(200);
    expect((await login(first.url, 'admin', password!)).status).toBe(200);

    // While the server runs, the users tool refuses the folder instead of losing its writes.
    const refused = await run(TSX, ['server/cli/users.ts', 'add', 'intruso', '--password', 'abcdef'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('è in uso da un altro processo');

    // A crash leaves a stale lock; the next start takes it over and finds the data.
    first.child.kill('SIGKILL');
    await exited(first.child);
    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('Centro demo creato');
    expect((await login(second.url, 'admin', password!)).status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
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
