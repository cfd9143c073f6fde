import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite, type Database } from '../db/client.ts';
import { DB_KINDS, TEST_SESSION_TIMES, TestClient, openTestDatabase } from '../test/harness.ts';

const run = promisify(execFile);
/** The tool as `npm run users` starts it: node with tsx's loader (one process, not tsx's CLI and its child). */
const TOOL = [process.execPath, '--import', 'tsx', 'server/cli/users.ts'];

/** The users tool as a process, its standard input a pipe that carries `input` and then ends (no terminal). */
function users(env: Record<string, string>, args: string[], input = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TOOL[0], [...TOOL.slice(1), ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input);
  });
}

/**
 * The users tool on a terminal of its own (util-linux `script` gives it a
 * pseudo-terminal): each answer is typed once the question is on screen, as
 * a person would. Resolves with everything the terminal showed.
 */
function usersOnTerminal(env: Record<string, string>, args: string[], answers: [question: string, typed: string][]) {
  return new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    const command = [...TOOL, ...args].map((a) => `'${a}'`).join(' ');
    const child = spawn('script', ['-qefc', command, '/dev/null'], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    let next = 0;
    const onData = (chunk: Buffer) => {
      screen += chunk.toString();
      while (next < answers.length && screen.split(answers[next][0]).length - 1 > countBefore(next)) {
        child.stdin.write(`${answers[next][1]}\r`);
        next++;
      }
    };
    // A question asked twice ("Ripeti…" differs, but be exact): the n-th answer waits for its own occurrence.
    const countBefore = (i: number) => answers.slice(0, i).filter(([q]) => q === answers[i][0]).length;
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen }));
  });
}

// The tool as a process: standard input, exit codes, the terminal. What each command does is users-commands.test.ts.
describe.each(DB_KINDS)('users tool on %s', { timeout: 240_000 }, (kind) => {
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

  /** The database the tool works on, opened by the test while the tool is not running. */
  async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
    if (pgDatabase) return use(pgDatabase);
    const database = await openPglite(dataDir);
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  }

  it('reads the password from the first line of standard input, exits 0, and 1 with the message of a refusal', async () => {
    // Only the first line counts; a line ending in \r\n (a file from another system) too.
    const added = await users(env, ['add', 'coordinatrice', '--admin'], 'finestra-aperta-sul-mare\r\nriga in più\n');
    expect(added).toEqual({ code: 0, out: expect.stringContaining('Account coordinatrice creato (amministratore)') });
    const nothing = await users(env, ['add', 'nuovo']);
    expect(nothing.code).toBe(1);
    expect(nothing.out).toContain('Nessuna password sullo standard input');
    const list = await users(env, ['list']);
    expect(list.out).toMatch(/coordinatrice\tamministratore/);
    expect(list.out).not.toMatch(/nuovo/);
    await withDatabase(async (database) => {
      const app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
      try {
        await new TestClient(app).login({ username: 'coordinatrice', password: 'finestra-aperta-sul-mare' });
      } finally {
        await app.close();
      }
    });
  });

  it('refuses a password on the command line, saying how to give it now, and changes nothing', async () => {
    for (const args of [
      ['add', 'riga-di-comando', '--password', 'visibile-in-ps'],
      ['add', 'riga-di-comando', '--password=visibile-in-ps', '--admin'],
      ['passwd', 'coordinatrice', '--password', 'visibile-in-ps'],
    ]) {
      const res = await users(env, args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.out).toContain("L'opzione --password non è più accettata");
      expect(res.out).toContain(`printf '%s\\n' "$PW" | npm run users -- add <username>`);
      expect(res.out).not.toContain('visibile-in-ps');
    }
    expect((await users(env, ['list'])).out).not.toContain('riga-di-comando');
    await withDatabase(async (database) => {
      const app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
      try {
        const res = await new TestClient(app).post('/server/user/login', { username: 'coordinatrice', pass: 'visibile-in-ps' });
        expect(res.status).toBe(401);
      } finally {
        await app.close();
      }
    });
  });

  it('on a terminal, asks the password twice without showing it', async () => {
    const typed = 'Digitata-Sul-Terminale-7';
    const added = await usersOnTerminal(
      env,
      ['add', 'terminale', '--admin'],
      [
        ['Password per terminale: ', typed],
        ['Ripeti la password: ', typed],
      ],
    );
    expect(added.code, added.screen).toBe(0);
    expect(added.screen).toContain('Account terminale creato (amministratore)');
    expect(added.screen).not.toContain(typed);

    const mismatch = await usersOnTerminal(
      env,
      ['passwd', 'terminale'],
      [
        ['Nuova password per terminale: ', 'una-frase-di-prova'],
        ['Ripeti la password: ', 'altra-frase-di-prova'],
      ],
    );
    expect(mismatch.code).toBe(1);
    expect(mismatch.screen).toContain('Le due password non coincidono: nulla è cambiato.');
    expect(mismatch.screen).not.toMatch(/una-frase-di-prova|altra-frase-di-prova/);

    await withDatabase(async (database) => {
      const app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
      try {
        await new TestClient(app).login({ username: 'terminale', password: typed });
      } finally {
        await app.close();
      }
    });
  });
});

describe('the embedded data folder lock', () => {
  it('refuses a second user of a folder while it is held, with a clear message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-lock-'));
    const lock = lockDataDir(dataDir);
    try {
      const res = await users({ DATA_DIR: dataDir, DATABASE_URL: '' }, ['list']);
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
      const res = await users({ DATA_DIR: dataDir, DATABASE_URL: '' }, ['list']);
      expect(res).toEqual({ code: 0, out: expect.stringContaining('Nessun account') });
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
