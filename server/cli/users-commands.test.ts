/**
 * The users tool's commands on both databases, run in this process: what each one writes, refuses and prints.
 * The tool as a process (standard input, exit codes, the terminal, the data folder's lock) is server/cli/users.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUDIT_MSG } from '../../common/audit.ts';
import { MSG } from '../../common/messages.ts';
import { loadPasswordDictionaries, PASSWORD_MSG } from '../../common/passwords.ts';
import { rowsOf } from '../db/rows.ts';
import { describeOnBothDatabases, TestClient } from '../test/harness.ts';
import { CliError } from './cli-error.ts';
import { parseUsersArgs, runUsersCommand } from './users-commands.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-users-'));
  await loadPasswordDictionaries();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describeOnBothDatabases('users tool commands', (ctx) => {
  /** One command as the tool runs it, `password` what the person gives when asked (none: the tool is refused one). */
  async function users(args: string[], password?: string): Promise<{ ok: boolean; out: string }> {
    const lines: string[] = [];
    const readPassword = async () => {
      if (password === undefined) throw new CliError('Nessuna password');
      return password;
    };
    try {
      await runUsersCommand(ctx.database.db, dataDir, parseUsersArgs(args), { readPassword, print: (line) => lines.push(line) });
      return { ok: true, out: lines.join('\n') };
    } catch (err) {
      if (!(err instanceof CliError)) throw err;
      return { ok: false, out: [...lines, err.message].join('\n') };
    }
  }

  const countSessions = async (username: string) =>
    (
      await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = ${username}`,
      )
    )[0].n;

  it('adds, lists, changes the password of and removes an account', async () => {
    expect(await users(['add', 'coordinatrice', '--admin'], 'finestra-aperta-sul-mare')).toEqual({
      ok: true,
      out: 'Account coordinatrice creato (amministratore)',
    });
    expect(await users(['add', 'volontario'], 'bicicletta-rossa-in-salita')).toMatchObject({ ok: true });

    const list = await users(['list']);
    expect(list.out).toMatch(/coordinatrice\tamministratore/);
    expect(list.out).toMatch(/volontario\tconsultazione/);

    expect(await users(['passwd', 'volontario'], 'ombrello-giallo-di-marzo')).toMatchObject({ ok: true });
    await new TestClient(ctx.app).login({ username: 'coordinatrice', password: 'finestra-aperta-sul-mare' });
    await new TestClient(ctx.app).login({ username: 'volontario', password: 'ombrello-giallo-di-marzo' });

    expect(await users(['remove', 'volontario'])).toEqual({ ok: true, out: 'Account volontario eliminato' });
    expect((await users(['list'])).out).not.toMatch(/volontario/);
  });

  it('refuses with the web app’s own messages and changes nothing', async () => {
    expect(await users(['add', 'coordinatrice'], 'finestra-aperta-sul-mare')).toMatchObject({ ok: true });
    const before = (await users(['list'])).out;
    for (const [args, password, message] of [
      [['add', 'coordinatrice'], 'finestra-aperta-sul-mare', "L'account coordinatrice esiste già"],
      [['add', 'nuovo.collega.del.centro'], 'abc', PASSWORD_MSG.tooShort],
      [['add', 'nuovo.collega.del.centro'], 'password1234', PASSWORD_MSG.tooCommon],
      [['passwd', 'coordinatrice'], 'coordinatrice', PASSWORD_MSG.username],
      [['add', 'abc'], 'finestra-aperta-sul-mare', MSG.usernameInvalid],
      [['passwd', 'fantasma'], 'ombrello-giallo-di-marzo', "L'account fantasma non esiste"],
      [['remove', 'fantasma'], undefined, "L'account fantasma non esiste"],
      [['boh'], undefined, 'Uso:'],
    ] as const) {
      const res = await users([...args], password);
      expect(res.ok, args.join(' ')).toBe(false);
      expect(res.out).toContain(message);
    }
    expect((await users(['list'])).out).toBe(before);
    await new TestClient(ctx.app).login({ username: 'coordinatrice', password: 'finestra-aperta-sul-mare' });
  });

  it('ends every session of the account whose password passwd changes', async () => {
    expect(await users(['add', 'educatrice'], 'prima-neve-di-dicembre')).toMatchObject({ ok: true });
    const first = await new TestClient(ctx.app).login({ username: 'educatrice', password: 'prima-neve-di-dicembre' });
    await new TestClient(ctx.app).login({ username: 'educatrice', password: 'prima-neve-di-dicembre' });
    expect(await countSessions('educatrice')).toBe(2);

    expect(await users(['passwd', 'educatrice'], 'seconda-pioggia-di-aprile')).toMatchObject({ ok: true });

    expect(await countSessions('educatrice')).toBe(0);
    expect((await first.get('/server/user/auth')).status).toBe(403);
    const old = await new TestClient(ctx.app).post('/server/user/login', { username: 'educatrice', pass: 'prima-neve-di-dicembre' });
    expect(old.status).toBe(401);
    await new TestClient(ctx.app).login({ username: 'educatrice', password: 'seconda-pioggia-di-aprile' });
  });

  it("marks an account's rows as abusive with one registro row, deleting nothing", async () => {
    expect(await users(['add', 'segnalato'], 'girasole-nel-campo-di-grano')).toMatchObject({ ok: true });
    const marked = await users(['segnala', 'segnalato', '--motivo', 'letture a raffica']);
    expect(marked.ok).toBe(true);
    expect(marked.out).toContain('Righe di segnalato fino a ');
    expect(marked.out).toContain('segnalate come abuso nel registro e negli accessi (nessuna cancellata)');
    expect(await users(['segnala', 'fantasma.segnalato'])).toEqual({ ok: false, out: "L'account fantasma.segnalato non esiste" });
    expect(await users(['segnala', 'segnalato', '--motivo', 'x'.repeat(201)])).toEqual({ ok: false, out: AUDIT_MSG.markMotiveInvalid });
    const rows = await rowsOf(
      ctx.database.db,
      sql`
        select l.username, l.after->>'motivo' as motivo from audit_log l join users u on u.id = l.entity_id
        where l.action = 'account.segnala' and u.username = 'segnalato'`,
    );
    expect(rows).toEqual([{ username: 'riga di comando', motivo: 'letture a raffica' }]);
  });
});
