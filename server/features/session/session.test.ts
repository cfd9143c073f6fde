import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { eq } from 'drizzle-orm';
import { loginDevices, sessions, users } from '../../db/schema.ts';
import { hashingStats } from '../../lib/passwords.ts';
import { MAX_SESSIONS_PER_ACCOUNT } from './store.ts';
import { legacyScryptHash } from '../../test/legacy-hash.ts';
import { ADMIN, TestClient, describeOnBothDatabases, VIEWER, buildTestApp, codeOf, errorOf, type Answer } from '../../test/harness.ts';

const setCookies = (res: Answer) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)]).map(String);
};

const setCookieOf = (client: TestClient, name: string) => client.cookies.get(name);

describeOnBothDatabases('sessions', (ctx) => {
  it('signs in and answers the user as the value field, with no password in it', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post('/server/user/login', { username: ADMIN.username, pass: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      value: { ID: expect.any(Number), username: ADMIN.username, Admin: 1, terapista: null, cambiopassword: false },
    });
    // No password, hash or field holding one (`cambiopassword` only says whether a new one is due).
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|argon|hash|"pass(word)?"/i);
    expect(JSON.stringify(res.body)).not.toContain(ADMIN.password);
    const sessionCookie = setCookies(res).find((c) => c.startsWith('giornata_sid='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const csrfCookie = setCookies(res).find((c) => c.startsWith('XSRF-TOKEN='));
    expect(csrfCookie).toBeDefined();
    expect(csrfCookie).not.toMatch(/HttpOnly/i);

    const auth = await client.get('/server/user/auth');
    expect(auth.status).toBe(200);
    expect(auth.body).toEqual([{ ID: expect.any(Number), username: ADMIN.username, Admin: 1, terapista: null, cambiopassword: false }]);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await new TestClient(ctx.app).post('/server/user/login', { username: ADMIN.username, pass: 'sbagliata' });
    const unknown = await new TestClient(ctx.app).post('/server/user/login', { username: 'nessuno', pass: 'sbagliata' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: MSG.loginFailed, code: ERROR_CODES.badCredentials });
    expect(unknown.body).toEqual({ error: MSG.loginFailed, code: ERROR_CODES.badCredentials });
  });

  it.each([
    [{ username: 'abc', pass: 'lunga abbastanza' }, MSG.usernameInvalid],
    [{ username: 'abcd', pass: 'abc' }, MSG.passwordInvalid],
    [{ username: 'abcd' }, MSG.passwordInvalid],
    [{ pass: 'abcd' }, MSG.usernameInvalid],
    [{ username: 1234, pass: 'abcd' }, MSG.usernameInvalid],
  ])('refuses the login form %j with its message', async (payload, message) => {
    const res = await new TestClient(ctx.app).post('/server/user/login', payload);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe(message);
    expect(codeOf(res.body)).toBe(ERROR_CODES.invalidInput);
  });

  describe('sign-in rate limit', () => {
    const attempt = (username: string, pass: string, remoteAddress: string, client = new TestClient(ctx.app)) => {
      client.remoteAddress = remoteAddress;
      return client.post('/server/user/login', { username, pass });
    };
    const statuses = (answers: Answer[]) => answers.map((a) => a.status);
    const countOf = (list: number[], status: number) => list.filter((s) => s === status).length;

    it('refuses a username after 10 failures in 15 minutes, from any address, even with the right password', async () => {
      for (let i = 0; i < 10; i++) expect((await attempt(ADMIN.username, 'sbagliata', `10.0.0.${i + 1}`)).status).toBe(401);
      const limited = await attempt(ADMIN.username, ADMIN.password, '10.0.1.1');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: MSG.tooManyRequests, code: ERROR_CODES.tooManyRequests });
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.1.1')).status).toBe(200);
    });

    it('lets through at most 10 of 400 wrong passwords sent at once for one username, and verifies only those', async () => {
      const client = new TestClient(ctx.app);
      await client.get('/server/health');
      const verificationsBefore = hashingStats.verifications;
      const answers = await Promise.all(Array.from({ length: 400 }, () => attempt(ADMIN.username, 'sbagliata', '10.0.7.1', client)));
      const list = statuses(answers);
      expect(countOf(list, 401)).toBe(10);
      expect(countOf(list, 429)).toBe(390);
      expect(hashingStats.verifications - verificationsBefore).toBe(10);
      expect(answers.find((a) => a.status === 429)!.body).toEqual({ error: MSG.tooManyRequests, code: ERROR_CODES.tooManyRequests });
    });

    it("does not lock out a centre behind one address: 25 typos of one account leave the colleagues' sign-in alone", async () => {
      for (let i = 0; i < 25; i++) expect([401, 429]).toContain((await attempt(ADMIN.username, 'sbagliata', '10.0.8.1')).status);
      expect((await attempt(ADMIN.username, ADMIN.password, '10.0.8.1')).status).toBe(429);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.8.1')).status).toBe(200);
    });

    it('refuses an address after 100 failures in 15 minutes, whatever the usernames, even sent at once', async () => {
      const client = new TestClient(ctx.app);
      await client.get('/server/health');
      const answers = await Promise.all(Array.from({ length: 130 }, (_, i) => attempt(`utente${i}`, 'sbagliata', '10.0.2.1', client)));
      expect(countOf(statuses(answers), 401)).toBe(100);
      expect(countOf(statuses(answers), 429)).toBe(30);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.2.1')).status).toBe(429);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.2.2')).status).toBe(200);
    });

    it('lets the browser that signed in as a user before keep signing in while her username is locked', async () => {
      const herBrowser = new TestClient(ctx.app);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.9.1', herBrowser)).status).toBe(200);
      const device = setCookieOf(herBrowser, 'giornata_device');
      expect(device).toBeDefined();
      await herBrowser.post('/server/user/logout', {});
      // Someone else, elsewhere, locks her username.
      for (let i = 0; i < 25; i++) await attempt(VIEWER.username, 'sbagliata', '10.0.10.1');
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.9.1')).status).toBe(429);
      // Her browser still signs in, from her usual address.
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.9.1', herBrowser)).status).toBe(200);
      // A forged or foreign device cookie is no key.
      const forged = new TestClient(ctx.app);
      forged.cookies.set('giornata_device', 'A'.repeat(43));
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.9.1', forged)).status).toBe(429);
      const adminBrowser = new TestClient(ctx.app);
      await attempt(ADMIN.username, ADMIN.password, '10.0.9.2', adminBrowser);
      const other = new TestClient(ctx.app);
      other.cookies.set('giornata_device', adminBrowser.cookies.get('giornata_device')!);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.9.2', other)).status).toBe(429);
    });

    it("counts a known browser's own failures: 10 of them and it too must wait", async () => {
      const browser = new TestClient(ctx.app);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.11.1', browser)).status).toBe(200);
      for (let i = 0; i < 10; i++) expect((await attempt(VIEWER.username, 'sbagliata', '10.0.11.1', browser)).status).toBe(401);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.11.1', browser)).status).toBe(429);
    });

    it('gives the device cookie httpOnly, SameSite=Lax, only for the sign-in call', async () => {
      const res = await attempt(VIEWER.username, VIEWER.password, '10.0.12.1');
      const cookie = setCookies(res).find((c) => c.startsWith('giornata_device='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\/server\/user\/login/);
      expect(cookie).not.toMatch(/Secure/i);
      const rows = await ctx.database.db.select().from(loginDevices);
      expect(rows).toHaveLength(1);
      expect(rows[0].tokenHash).not.toBe(/giornata_device=([^;]+)/.exec(cookie!)![1]);
    });

    it("forgets a username's failures after a successful sign-in", async () => {
      for (let i = 0; i < 9; i++) await attempt(ADMIN.username, 'sbagliata', `10.0.3.${i + 1}`);
      expect((await attempt(ADMIN.username, ADMIN.password, '10.0.4.1')).status).toBe(200);
      for (let i = 0; i < 9; i++) await attempt(ADMIN.username, 'sbagliata', `10.0.5.${i + 1}`);
      expect((await attempt(ADMIN.username, ADMIN.password, '10.0.6.1')).status).toBe(200);
    });
  });

  describe('password hashes of the first versions', () => {
    it('signs in with an old scrypt hash and replaces it with an argon2id one', async () => {
      await ctx.database.db
        .update(users)
        .set({ passwordHash: legacyScryptHash(VIEWER.password) })
        .where(eq(users.username, VIEWER.username));
      await new TestClient(ctx.app).login(VIEWER);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.username, VIEWER.username));
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await new TestClient(ctx.app).login(VIEWER);
      expect((await new TestClient(ctx.app).post('/server/user/login', { username: VIEWER.username, pass: 'sbagliata' })).status).toBe(401);
    });

    it('keeps an old hash as it is after a wrong password', async () => {
      const old = legacyScryptHash(VIEWER.password);
      await ctx.database.db.update(users).set({ passwordHash: old }).where(eq(users.username, VIEWER.username));
      await new TestClient(ctx.app).post('/server/user/login', { username: VIEWER.username, pass: 'sbagliata' });
      const [row] = await ctx.database.db.select().from(users).where(eq(users.username, VIEWER.username));
      expect(row.passwordHash).toBe(old);
    });
  });

  it('answers 403 to the authentication check without a session', async () => {
    const res = await new TestClient(ctx.app).get('/server/user/auth');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: MSG.notSignedIn, code: ERROR_CODES.notSignedIn });
  });

  it('gives a new session id at every login and ends the old one', async () => {
    const client = await new TestClient(ctx.app).login(VIEWER);
    const first = client.cookies.get('giornata_sid');
    await client.login(VIEWER);
    const second = client.cookies.get('giornata_sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = new TestClient(ctx.app);
    stale.cookies.set('giornata_sid', first!);
    expect((await stale.get('/server/user/auth')).status).toBe(403);
    expect((await client.get('/server/user/auth')).status).toBe(200);
  });

  it('keeps at most 10 sessions per account: the 11th sign-in ends the first, which learns it at its next request', async () => {
    const devices: TestClient[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT; i++) devices.push(await new TestClient(ctx.app).login(VIEWER));
    const other = await new TestClient(ctx.app).login(ADMIN);
    for (const device of devices) expect((await device.get('/server/user/auth')).status).toBe(200);

    const eleventh = await new TestClient(ctx.app).login(VIEWER);
    const ended = await devices[0].get('/server/user/auth');
    expect(ended.status).toBe(403);
    expect(ended.body).toEqual({ error: MSG.notSignedIn, code: ERROR_CODES.notSignedIn });
    expect(devices[0].cookies.has('giornata_sid')).toBe(false);
    // A write from the ended session is refused the same way, and changes nothing.
    const write = await devices[0].post('/server/user/password', { attuale: VIEWER.password, nuova: 'ombrello-giallo-di-marzo' });
    expect(codeOf(write.body)).toBe(ERROR_CODES.notSignedIn);
    for (const device of [...devices.slice(1), eleventh, other]) expect((await device.get('/server/user/auth')).status).toBe(200);
    const viewerSessions = () =>
      ctx.database.db.select().from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.username, VIEWER.username));
    expect(await viewerSessions()).toHaveLength(MAX_SESSIONS_PER_ACCOUNT);

    // Eight more at once (fewer than the sign-in limit lets through together): still ten, and the other account's untouched.
    const burst = await Promise.all(Array.from({ length: 8 }, () => new TestClient(ctx.app).login(VIEWER)));
    expect(await viewerSessions()).toHaveLength(MAX_SESSIONS_PER_ACCOUNT);
    let alive = 0;
    for (const device of [...devices, eleventh, ...burst]) if ((await device.get('/server/user/auth')).status === 200) alive += 1;
    expect(alive).toBe(MAX_SESSIONS_PER_ACCOUNT);
    for (const device of burst) expect((await device.get('/server/user/auth')).status).toBe(200);
    expect((await other.get('/server/user/auth')).status).toBe(200);
  });

  it('ends the session on the server at logout: the old cookie is refused afterwards', async () => {
    const client = await new TestClient(ctx.app).login(ADMIN);
    const oldCookie = client.cookies.get('giornata_sid')!;
    const out = await client.post('/server/user/logout', {});
    expect(out.status).toBe(200);
    expect(client.cookies.has('giornata_sid')).toBe(false);
    const replay = new TestClient(ctx.app);
    replay.cookies.set('giornata_sid', oldCookie);
    expect((await replay.get('/server/user/auth')).status).toBe(403);
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
  });

  it('accepts a logout with an empty payload', async () => {
    const client = await new TestClient(ctx.app).login(ADMIN);
    const res = await client.request('POST', '/server/user/logout', '');
    expect(res.status).toBe(200);
    expect((await client.get('/server/user/auth')).status).toBe(403);
  });

  describe('CSRF', () => {
    it('refuses a write without the X-XSRF-TOKEN header, even a login', async () => {
      const client = new TestClient(ctx.app);
      await client.get('/server/health');
      client.sendCsrf = false;
      const res = await client.post('/server/user/login', { username: ADMIN.username, pass: ADMIN.password });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: MSG.csrfInvalid, code: ERROR_CODES.csrfInvalid });
    });

    it('refuses a header that does not match the cookie', async () => {
      const client = new TestClient(ctx.app);
      await client.get('/server/health');
      const res = await client.request(
        'POST',
        '/server/user/login',
        { username: ADMIN.username, pass: ADMIN.password },
        { 'x-xsrf-token': 'falso' },
      );
      expect(res.status).toBe(403);
    });

    it('binds the token to the session at login: the token from before login no longer works', async () => {
      const client = new TestClient(ctx.app);
      await client.get('/server/health');
      const before = client.cookies.get('XSRF-TOKEN')!;
      await client.login(ADMIN);
      const after = client.cookies.get('XSRF-TOKEN')!;
      expect(after).not.toBe(before);
      // An attacker who planted `before` as both cookie and header still fails.
      client.cookies.set('XSRF-TOKEN', before);
      const res = await client.post('/server/calendario/emptyday', { data: '2026-11-23' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: MSG.csrfInvalid, code: ERROR_CODES.csrfInvalid });
      // The next read gives the session's token back, and writes work again.
      await client.get('/server/user/auth');
      expect(client.cookies.get('XSRF-TOKEN')).toBe(after);
      expect((await client.post('/server/calendario/emptyday', { data: '2026-11-23' })).status).toBe(200);
    });

    it('sets the XSRF-TOKEN cookie on a refusal too: a first request that is a write succeeds when retried', async () => {
      const client = new TestClient(ctx.app);
      client.sendCsrf = false;
      const first = await client.post('/server/user/login', { username: ADMIN.username, pass: ADMIN.password });
      expect(first.status).toBe(403);
      expect(first.body).toEqual({ error: MSG.csrfInvalid, code: ERROR_CODES.csrfInvalid });
      expect(setCookies(first).some((c) => /^XSRF-TOKEN=[\w-]{40,};/.test(c))).toBe(true);
      client.sendCsrf = true;
      const retry = await client.post('/server/user/login', { username: ADMIN.username, pass: ADMIN.password });
      expect(retry.status).toBe(200);
      expect((await client.get('/server/user/auth')).status).toBe(200);
    });

    it('sets the XSRF-TOKEN cookie on the first response that lacks one', async () => {
      const client = new TestClient(ctx.app);
      const res = await client.get('/server/user/auth');
      expect(res.status).toBe(403);
      expect(client.cookies.get('XSRF-TOKEN')).toMatch(/^[\w-]{40,}$/);
    });
  });

  it('expires an idle session', async () => {
    const shortApp = await buildTestApp(ctx.database, { sessionIdleMs: 200 });
    try {
      const client = await new TestClient(shortApp).login(VIEWER);
      expect((await client.get('/server/user/auth')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 400));
      expect((await client.get('/server/user/auth')).status).toBe(403);
    } finally {
      await shortApp.close();
    }
  });

  it('expires a session at its absolute age even when used all the time', async () => {
    const shortApp = await buildTestApp(ctx.database, { sessionMaxMs: 300 });
    try {
      const client = await new TestClient(shortApp).login(VIEWER);
      for (let i = 0; i < 3; i++) {
        expect((await client.get('/server/user/auth')).status).toBe(200);
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 300));
      expect((await client.get('/server/user/auth')).status).toBe(403);
    } finally {
      await shortApp.close();
    }
  });
});
