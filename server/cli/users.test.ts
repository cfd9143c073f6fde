import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');

async function users(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, ['server/cli/users.ts', ...args], { env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe.each(['pglite', 'postgres'] as const)('users tool on %s', (kind) => {
  let env: Record<string, string>;
  let pgDatabase: Database | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-cli-'));
    if (kind === 'postgres') {
      pgDatabase = await openTestDatabase('postgres');
      env = { DATABASE_URL: (pgDatabase as { url?: string }).url!, DATA_DIR: dataDir };
    } else {
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    }
  });
  afterAll(async () => {
    await pgDatabase?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds, lists, changes the password of and removes an account, refusing bad input', async () => {
    const added = await users(env, 'add', 'coordinatrice', '--password', 'buona-password', '--admin');
    expect(added).toEqual({ code: 0, out: expect.stringContaining('Utente coordinatrice creato (amministratore)') });
    expect(await users(env, 'add', 'volontario', '--password', 'altra-password')).toMatchObject({ code: 0 });

    const duplicate = await users(env, 'add', 'coordinatrice', '--password', 'buona-password');
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.out).toContain("L'utente coordinatrice esiste già");
    const short = await users(env, 'add', 'nuovo', '--password', 'abc');
    expect(short.code).not.toBe(0);
    expect(short.out).toContain(MSG.passwordInvalid);
    const shortName = await users(env, 'add', 'abc', '--password', 'abcdef');
    expect(shortName.out).toContain(MSG.usernameInvalid);

    const list = await users(env, 'list');
    expect(list.out).toMatch(/coordinatrice\tamministratore/);
    expect(list.out).toMatch(/volontario\toperatore/);
    expect(list.out).not.toMatch(/nuovo/);

    expect(await users(env, 'passwd', 'volontario', '--password', 'nuova-password')).toMatchObject({ code: 0 });
    const missing = await users(env, 'passwd', 'fantasma', '--password', 'nuova-password');
    expect(missing.code).not.toBe(0);
    expect(missing.out).toContain("L'utente fantasma non esiste");

    expect(await users(env, 'remove', 'volontario')).toMatchObject({ code: 0 });
    expect((await users(env, 'list')).out).not.toMatch(/volontario/);
    const unknownCommand = await users(env, 'boh');
    expect(unknownCommand.code).not.toBe(0);
    expect(unknownCommand.out).toContain('Uso:');
  });
});

describe('the embedded data folder lock', () => {
  it('refuses a second user of a folder while it is held, with a clear message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-lock-'));
    const lock = lockDataDir(dataDir);
    try {
      const res = await users({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'list');
      expect(res.code).not.toBe(0);
      expect(res.out).toContain(`La cartella dati ${dataDir} è in uso da un altro processo (pid ${process.pid})`);
    } finally {
      lock.release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a stale lock left by a killed process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-lock-'));
    // A pid that is surely not running: a process we started and waited for.
    const { stdout } = await run(process.execPath, ['-e', 'console.log(process.pid)']);
    fs.writeFileSync(path.join(dataDir, 'giornata.lock'), stdout.trim());
    try {
      const res = await users({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'list');
      expect(res).toEqual({ code: 0, out: expect.stringContaining('Nessun utente') });
      expect(fs.existsSync(path.join(dataDir, 'giornata.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is released at close and can be taken again', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-lock-'));
    const first = lockDataDir(dataDir);
    first.release();
    const second = lockDataDir(dataDir);
    second.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
