import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MSG } from '../../common/audit.ts';
import { MSG } from '../../common/messages.ts';
import { PASSWORD_MSG } from '../../common/passwords.ts';
import { buildApp } from '../app.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite, type Database } from '../db/client.ts';
import { DB_KINDS, TEST_SESSION_TIMES, TestClient, openTestDatabase } from '../test/harness.ts';
import { rowsOf } from '../db/rows.ts';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');

/** The users tool as a process, its standard input a pipe that carries `input` and then ends (no terminal). */
function users(env: Record<string, string>, args: string[], input = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['server/cli/users.ts', ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
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
    const command = [TSX, 'server/cli/users.ts', ...args].map((a) => `'${a}'`).join(' ');
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

async function countSessions(database: Database, username: string): Promise<number> {
  const res = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = ${username}`,
  );
  return Number(res[0].n);
}

// Each test runs the tool several times, each a process of its own that opens the database.
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

  it("marks an account's rows as abusive with one registro row, deleting nothing", async () => {
    const name = `segnalato.${process.pid}`;
    expect(await users(env, ['add', name], 'girasole-nel-campo-di-grano\n')).toMatchObject({ code: 0 });
    const marked = await users(env, ['segnala', name, '--motivo', 'letture a raffica']);
    expect(marked).toEqual({ code: 0, out: expect.stringContaining(`Righe di ${name} fino a `) });
    expect(marked.out).toContain('segnalate come abuso nel registro e negli accessi (nessuna cancellata)');
    const missing = await users(env, ['segnala', 'fantasma.segnalato']);
    expect(missing.code).not.toBe(0);
    expect(missing.out).toContain("L'account fantasma.segnalato non esiste");
    const tooLong = await users(env, ['segnala', name, '--motivo', 'x'.repeat(201)]);
    expect(tooLong.code).not.toBe(0);
    expect(tooLong.out).toContain(AUDIT_MSG.markMotiveInvalid);
    await withDatabase(async (database) => {
      const rows = await rowsOf(
        database.db,
        sql`
        select l.username, l.after->>'motivo' as motivo from audit_log l join users u on u.id = l.entity_id
        where l.action = 'account.segnala' and u.username = ${name}`,
      );
      expect(rows).toEqual([{ username: 'riga di comando', motivo: 'letture a raffica' }]);
    });
  });

  it('adds, lists, changes the password of and removes an account, the password read from standard input', async () => {
    const added = await users(env, ['add', 'coordinatrice', '--admin'], 'finestra-aperta-sul-mare\n');
    expect(added).toEqual({ code: 0, out: expect.stringContaining('Account coordinatrice creato (amministratore)') });
    // Only the first line counts; a line ending in \r\n (a file from another system) too.
    expect(await users(env, ['add', 'volontario'], 'bicicletta-rossa-in-salita\r\nriga in più\n')).toMatchObject({ code: 0 });

    const duplicate = await users(env, ['add', 'coordinatrice'], 'finestra-aperta-sul-mare\n');
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.out).toContain("L'account coordinatrice esiste già");
    // The rule of every new password, with the web app's own messages (common/passwords.ts).
    for (const [password, message] of [
      ['abc', PASSWORD_MSG.tooShort],
      ['password1234', PASSWORD_MSG.tooCommon],
    ]) {
      const refused = await users(env, ['add', 'nuovo.collega.del.centro'], `${password}\n`);
      expect(refused.code).not.toBe(0);
      expect(refused.out).toContain(message);
    }
    const weakPasswd = await users(env, ['passwd', 'coordinatrice'], 'coordinatrice\n');
    expect(weakPasswd.out).toContain(PASSWORD_MSG.username);
    const shortName = await users(env, ['add', 'abc'], 'finestra-aperta-sul-mare\n');
    expect(shortName.out).toContain(MSG.usernameInvalid);
    const nothing = await users(env, ['add', 'nuovo']);
    expect(nothing.code).not.toBe(0);
    expect(nothing.out).toContain('Nessuna password sullo standard input');

    const list = await users(env, ['list']);
    expect(list.out).toMatch(/coordinatrice\tamministratore/);
    expect(list.out).toMatch(/volontario\tconsultazione/);
    expect(list.out).not.toMatch(/nuovo/);

    expect(await users(env, ['passwd', 'volontario'], 'ombrello-giallo-di-marzo\n')).toMatchObject({ code: 0 });
    const missing = await users(env, ['passwd', 'fantasma'], 'ombrello-giallo-di-marzo\n');
    expect(missing.code).not.toBe(0);
    expect(missing.out).toContain("L'account fantasma non esiste");

    await withDatabase(async (database) => {
      const app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
      try {
        await new TestClient(app).login({ username: 'coordinatrice', password: 'finestra-aperta-sul-mare' });
        await new TestClient(app).login({ username: 'volontario', password: 'ombrello-giallo-di-marzo' });
      } finally {
        await app.close();
      }
    });

    expect(await users(env, ['remove', 'volontario'])).toMatchObject({ code: 0 });
    expect((await users(env, ['list'])).out).not.toMatch(/volontario/);
    const unknownCommand = await users(env, ['boh']);
    expect(unknownCommand.code).not.toBe(0);
    expect(unknownCommand.out).toContain('Uso:');
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

  it('ends every session of the account whose password passwd changes', async () => {
    expect(await users(env, ['add', 'educatrice'], 'prima-neve-di-dicembre\n')).toMatchObject({ code: 0 });
    const cookies = await withDatabase(async (database) => {
      const app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
      try {
        const first = await new TestClient(app).login({ username: 'educatrice', password: 'prima-neve-di-dicembre' });
        await new TestClient(app).login({ username: 'educatrice', password: 'prima-neve-di-dicembre' });
        expect(await countSessions(database, 'educatrice')).toBe(2);
        return new Map(first.cookies);
      } finally {
        await app.close();
      }
    });

    expect(await users(env, ['passwd', 'educatrice'], 'seconda-pioggia-di-aprile\n')).toMatchObject({ code: 0 });

    await withDatabase(async (database) => {
      expect(await countSessions(database, 'educatrice')).toBe(0);
      const app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
      try {
        const before = new TestClient(app);
        before.cookies = cookies;
        expect((await before.get('/server/user/auth')).status).toBe(403);
        const old = await new TestClient(app).post('/server/user/login', { username: 'educatrice', pass: 'prima-neve-di-dicembre' });
        expect(old.status).toBe(401);
        await new TestClient(app).login({ username: 'educatrice', password: 'seconda-pioggia-di-aprile' });
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
