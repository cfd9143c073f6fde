import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.ts';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { ADMIN, DB_KINDS, TestClient, VIEWER, buildTestApp, createAccounts, openTestDatabase, truncateAll, type Answer } from '../../test/harness.ts';
import type { App } from '../../app.ts';

const setCookies = (res: Answer) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)]).map(String);
};

describe.each(DB_KINDS)('sessions on %s', (kind) => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await truncateAll(database);
    await createAccounts(database);
  });

  it('signs in and answers the user as the value field, with no password in it', async () => {
    const client = new TestClient(app);
    const res = await client.post('/server/user/login', { username: ADMIN.username, pass: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: { ID: expect.any(Number), username: ADMIN.username, Admin: 1 } });
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password|hash/i);
    const sessionCookie = setCookies(res).find((c) => c.startsWith('giornata_sid='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const csrfCookie = setCookies(res).find((c) => c.startsWith('XSRF-TOKEN='));
    expect(csrfCookie).toBeDefined();
    expect(csrfCookie).not.toMatch(/HttpOnly/i);

    const auth = await client.get('/server/user/auth');
    expect(auth.status).toBe(200);
    expect(auth.body).toEqual([{ ID: expect.any(Number), username: ADMIN.username, Admin: 1 }]);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await new TestClient(app).post('/server/user/login', { username: ADMIN.username, pass: 'sbagliata' });
    const unknown = await new TestClient(app).post('/server/user/login', { username: 'nessuno', pass: 'sbagliata' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: MSG.loginFailed });
    expect(unknown.body).toEqual({ error: MSG.loginFailed });
  });

  it.each([
    [{ username: 'abc', pass: 'lunga abbastanza' }, MSG.usernameInvalid],
    [{ username: 'abcd', pass: 'abc' }, MSG.passwordInvalid],
    [{ username: 'abcd' }, MSG.passwordInvalid],
    [{ pass: 'abcd' }, MSG.usernameInvalid],
    [{ username: 1234, pass: 'abcd' }, MSG.usernameInvalid],
  ])('refuses the login form %j with its section 5 message', async (payload, message) => {
    const res = await new TestClient(app).post('/server/user/login', payload);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toBe(message);
  });

  describe('sign-in rate limit', () => {
    const attempt = (username: string, pass: string, remoteAddress: string) => {
      const client = new TestClient(app);
      client.remoteAddress = remoteAddress;
      return client.post('/server/user/login', { username, pass });
    };

    it('refuses a username after 10 failures in 15 minutes, from any address, even with the right password', async () => {
      for (let i = 0; i < 10; i++) expect((await attempt(ADMIN.username, 'sbagliata', `10.0.0.${i + 1}`)).status).toBe(401);
      const limited = await attempt(ADMIN.username, ADMIN.password, '10.0.1.1');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: MSG.tooManyRequests });
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.1.1')).status).toBe(200);
    });

    it('refuses an address after 10 failures in 15 minutes, whatever the username', async () => {
      for (let i = 0; i < 10; i++) expect((await attempt(`utente${i}`, 'sbagliata', '10.0.2.1')).status).toBe(401);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.2.1')).status).toBe(429);
      expect((await attempt(VIEWER.username, VIEWER.password, '10.0.2.2')).status).toBe(200);
    });

    it('forgets a username\'s failures after a successful sign-in', async () => {
      for (let i = 0; i < 9; i++) await attempt(ADMIN.username, 'sbagliata', `10.0.3.${i + 1}`);
      expect((await attempt(ADMIN.username, ADMIN.password, '10.0.4.1')).status).toBe(200);
      for (let i = 0; i < 9; i++) await attempt(ADMIN.username, 'sbagliata', `10.0.5.${i + 1}`);
      expect((await attempt(ADMIN.username, ADMIN.password, '10.0.6.1')).status).toBe(200);
    });
  });

  it('answers 403 to the authentication check without a session', async () => {
    const res = await new TestClient(app).get('/server/user/auth');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: MSG.notSignedIn });
  });

  it('gives a new session id at every login and ends the old one', async () => {
    const client = await new TestClient(app).login(VIEWER);
    const first = client.cookies.get('giornata_sid');
    await client.login(VIEWER);
    const second = client.cookies.get('giornata_sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = new TestClient(app);
    stale.cookies.set('giornata_sid', first!);
    expect((await stale.get('/server/user/auth')).status).toBe(403);
    expect((await client.get('/server/user/auth')).status).toBe(200);
  });

  it('ends the session on the server at logout: the old cookie is refused afterwards', async () => {
    const client = await new TestClient(app).login(ADMIN);
    const oldCookie = client.cookies.get('giornata_sid')!;
    const out = await client.post('/server/user/logout', {});
    expect(out.status).toBe(200);
    expect(client.cookies.has('giornata_sid')).toBe(false);
    const replay = new TestClient(app);
    replay.cookies.set('giornata_sid', oldCookie);
    expect((await replay.get('/server/user/auth')).status).toBe(403);
    expect(await database.db.select().from(sessions)).toHaveLength(0);
  });

  it('accepts the spec\'s logout with an empty payload', async () => {
    const client = await new TestClient(app).login(ADMIN);
    const res = await client.request('POST', '/server/user/logout', '');
    expect(res.status).toBe(200);
    expect((await client.get('/server/user/auth')).status).toBe(403);
  });

  describe('CSRF', () => {
    it('refuses a write without the X-XSRF-TOKEN header, even a login', async () => {
      const client = new TestClient(app);
      await client.get('/server/health');
      client.sendCsrf = false;
      const res = await client.post('/server/user/login', { username: ADMIN.username, pass: ADMIN.password });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: MSG.csrfInvalid });
    });

    it('refuses a header that does not match the cookie', async () => {
      const client = new TestClient(app);
      await client.get('/server/health');
      const res = await client.request('POST', '/server/user/login', { username: ADMIN.username, pass: ADMIN.password }, { 'x-xsrf-token': 'falso' });
      expect(res.status).toBe(403);
    });

    it('binds the token to the session at login: the token from before login no longer works', async () => {
      const client = new TestClient(app);
      await client.get('/server/health');
      const before = client.cookies.get('XSRF-TOKEN')!;
      await client.login(ADMIN);
      const after = client.cookies.get('XSRF-TOKEN')!;
      expect(after).not.toBe(before);
      // An attacker who planted `before` as both cookie and header still fails.
      client.cookies.set('XSRF-TOKEN', before);
      const res = await client.post('/server/calendario/emptyday', { data: '2026-11-23' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: MSG.csrfInvalid });
      // The next read gives the session's token back, and writes work again.
      await client.get('/server/user/auth');
      expect(client.cookies.get('XSRF-TOKEN')).toBe(after);
      expect((await client.post('/server/calendario/emptyday', { data: '2026-11-23' })).status).toBe(200);
    });

    it('sets the XSRF-TOKEN cookie on the first response that lacks one', async () => {
      const client = new TestClient(app);
      const res = await client.get('/server/user/auth');
      expect(res.status).toBe(403);
      expect(client.cookies.get('XSRF-TOKEN')).toMatch(/^[\w-]{40,}$/);
    });
  });

  it('expires an idle session', async () => {
    const shortApp = await buildTestApp(database, { sessionIdleMs: 200 });
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
    const shortApp = await buildTestApp(database, { sessionMaxMs: 300 });
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
