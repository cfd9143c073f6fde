/**
 * The rule of every new password (ASVS 2.1, common/passwords.ts) on each call that sets one, with
 * the same message, changing nothing when refused; and an older, weaker password that still signs
 * in but must be replaced before any other call answers.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { SessionUser } from '../../../common/agenda.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { PASSWORD_MSG } from '../../../common/passwords.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { ADMIN, TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf } from '../../test/harness.ts';

const LONG_NAME = 'coordinatrice.centro.diurno';

/** Refused passwords, each with the message of the rule it breaks; `username` is the account's own. */
const REFUSED: [string, (username: string) => string, string][] = [
  ['11 characters', () => 'undici-cara', PASSWORD_MSG.tooShort],
  ['11 characters of four bytes each', () => '🙂'.repeat(11), PASSWORD_MSG.tooShort],
  ['129 characters', () => 'lungo-lago-'.repeat(12).slice(0, 129), PASSWORD_MSG.tooLong],
  ['the username', (username) => username, PASSWORD_MSG.username],
  ['part of the username', (username) => username.slice(-13), PASSWORD_MSG.username],
  ['the username in capitals', (username) => username.toUpperCase(), PASSWORD_MSG.username],
  ['a common password', () => 'password1234', PASSWORD_MSG.tooCommon],
  ['a keyboard row', () => 'qwertyuiop12', PASSWORD_MSG.tooCommon],
  ['a repeated word', () => 'ciaociaociao', PASSWORD_MSG.tooCommon],
  ['a sequence', () => '123456789012', PASSWORD_MSG.tooCommon],
];

/** Accepted: a phrase of plain words, any script and emoji, exactly 12 and exactly 128 characters. */
const ACCEPTED = [
  'girasole-sul-davanzale',
  'città di nuvole ☁️ e mare',
  'Ωμέγα-στο-βουνό-πάνω',
  'tre-gatti-12',
  'lungo-lago-'.repeat(12).slice(0, 128),
];

describeOnBothDatabases('the rule of new passwords', (ctx) => {
  const accountId = async (username: string) =>
    (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id;
  const addAccount = async (username: string, password: string, admin = 0) =>
    (
      await ctx.database.db
        .insert(users)
        .values({ username, passwordHash: await hashPassword(password), admin })
        .returning({ id: users.id })
    )[0].id;
  const canSignIn = async (username: string, password: string) =>
    (await new TestClient(ctx.app).post('/server/user/login', { username, pass: password })).status === 200;

  for (const [what, password, message] of REFUSED) {
    it(`refuses ${what} on every call that sets a password, with one message, changing nothing`, async () => {
      const admin = await new TestClient(ctx.app).login(ADMIN);
      // A new account.
      const created = await admin.put('/server/anagrafiche/utenti', { username: LONG_NAME, password: password(LONG_NAME), Admin: 0 });
      expect([created.status, codeOf(created.body), errorOf(created.body)]).toEqual([400, ERROR_CODES.invalidInput, message]);
      expect(await accountId(LONG_NAME)).toBeUndefined();

      // An administrator's reset of another account: the server knows its username.
      const id = await addAccount(LONG_NAME, 'vecchia-frase-di-prima');
      const reset = await admin.post('/server/anagrafiche/utenti/password', { ID: id, password: password(LONG_NAME) });
      expect([reset.status, codeOf(reset.body), errorOf(reset.body)]).toEqual([400, ERROR_CODES.invalidInput, message]);
      expect(await canSignIn(LONG_NAME, 'vecchia-frase-di-prima')).toBe(true);

      // The account's own change: the session's username.
      const own = await new TestClient(ctx.app).login({ username: LONG_NAME, password: 'vecchia-frase-di-prima' });
      const changed = await own.post('/server/user/password', { attuale: 'vecchia-frase-di-prima', nuova: password(LONG_NAME) });
      expect([changed.status, codeOf(changed.body), errorOf(changed.body)]).toEqual([400, ERROR_CODES.invalidInput, message]);
      expect(await canSignIn(LONG_NAME, 'vecchia-frase-di-prima')).toBe(true);
    });
  }

  it('accepts any Unicode from 12 to 128 characters that is no common password', async () => {
    const admin = await new TestClient(ctx.app).login(ADMIN);
    for (const [index, password] of ACCEPTED.entries()) {
      const username = `persona.${index}`;
      const res = await admin.put('/server/anagrafiche/utenti', { username, password, Admin: 0 });
      expect(res.status, `${password}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(await canSignIn(username, password)).toBe(true);
    }
  });

  it('lets an older, weaker password sign in, then answers every other call 403 until a new one is chosen', async () => {
    await addAccount('vecchio.collega', '1234');
    // A session opened before the rule met this password: it is held back too, at its next call.
    const before = new TestClient(ctx.app);
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('lampada-verde-sul-tavolo') })
      .where(eq(users.username, 'vecchio.collega'));
    await before.login({ username: 'vecchio.collega', password: 'lampada-verde-sul-tavolo' });
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('1234') })
      .where(eq(users.username, 'vecchio.collega'));
    expect((await before.get('/server/calendario/getstanze')).status).toBe(200);

    const client = new TestClient(ctx.app);
    const login = await client.post<{ value: SessionUser }>('/server/user/login', { username: 'vecchio.collega', pass: '1234' });
    expect(login.status).toBe(200);
    expect(login.body.value).toMatchObject({ username: 'vecchio.collega', cambiopassword: true });

    for (const session of [client, before]) {
      for (const [method, url, body] of [
        ['GET', '/server/calendario/getstanze', undefined],
        ['POST', '/server/calendario/giornata', { data: '2026-11-23' }],
        ['GET', '/server/impostazioni', undefined],
        ['POST', '/server/agenda', { tipo: 'paziente', ID: 1, datastart: '2026-11-23', datastop: '2026-11-23' }],
      ] as const) {
        const res = await session.request(method, url, body);
        expect(res.body, `${method} ${url}`).toEqual({ error: PASSWORD_MSG.changeRequired, code: ERROR_CODES.passwordChangeRequired });
        expect(res.status).toBe(403);
      }
      const auth = await session.get<SessionUser[]>('/server/user/auth');
      expect(auth.status).toBe(200);
      expect(auth.body[0].cambiopassword).toBe(true);
    }

    // The new password must meet the rule; then every call answers, in every session that kept going.
    const weak = await client.post('/server/user/password', { attuale: '1234', nuova: '12345' });
    expect(errorOf(weak.body)).toBe(PASSWORD_MSG.tooShort);
    expect((await client.get('/server/calendario/getstanze')).status).toBe(403);
    expect((await client.post('/server/user/password', { attuale: '1234', nuova: 'nuvola-sopra-il-lago' })).status).toBe(200);
    expect((await client.get('/server/calendario/getstanze')).status).toBe(200);
    expect((await client.get<SessionUser[]>('/server/user/auth')).body[0].cambiopassword).toBe(false);
    const again = await new TestClient(ctx.app).post<{ value: SessionUser }>('/server/user/login', {
      username: 'vecchio.collega',
      pass: 'nuvola-sopra-il-lago',
    });
    expect(again.body.value.cambiopassword).toBe(false);
  });

  it("clears the duty when an administrator sets the account's new password", async () => {
    const id = await addAccount('vecchio.collega', 'abcd');
    const weak = await new TestClient(ctx.app).login({ username: 'vecchio.collega', password: 'abcd' });
    expect((await weak.get('/server/calendario/getstanze')).status).toBe(403);
    const admin = await new TestClient(ctx.app).login(ADMIN);
    expect((await admin.post('/server/anagrafiche/utenti/password', { ID: id, password: 'pane-caldo-alle-otto' })).status).toBe(200);
    const renewed = await new TestClient(ctx.app).login({ username: 'vecchio.collega', password: 'pane-caldo-alle-otto' });
    expect((await renewed.get('/server/calendario/getstanze')).status).toBe(200);
  });

  it('never holds back an account whose password meets the rule', async () => {
    const viewer = await new TestClient(ctx.app).post<{ value: SessionUser }>('/server/user/login', {
      username: VIEWER.username,
      pass: VIEWER.password,
    });
    expect(viewer.body.value.cambiopassword).toBe(false);
  });
});
