import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import type { Database } from './db/client.ts';
import { ADMIN, TEST_SESSION_TIMES, TestClient, createAccounts, openTestDatabase } from './test/harness.ts';

describe('the app shell', () => {
  let database: Database;
  let app: App;
  let logs = '';
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-client-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Giornata</title><div id="root"></div>');
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    database = await openTestDatabase('pglite');
    await createAccounts(database);
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs += chunk.toString();
        done();
      },
    });
    app = await buildApp({ database, config: { cookieSecure: true, ...TEST_SESSION_TIMES }, clientDir, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/calendario', '/stampasettimana'])('serves the web app at %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the web app with status 404 at an unknown page, so it shows its error screen', async () => {
    const res = await app.inject({ method: 'GET', url: '/non-esiste' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves built assets, and a real 404 for a missing one', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/manca.js' })).statusCode).toBe(404);
  });

  it('sends the security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it.each(['/server/health', '/server/non-esiste', '/non-esiste', '/assets/manca.js'])('sends the same security headers with %s, an API answer or a 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('marks cookies Secure when COOKIE_SECURE is set', async () => {
    const res = await app.inject({ method: 'GET', url: '/server/health' });
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=.*Secure/);
  });

  it('answers health with the database reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/server/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('logs one line per request and never a password, a session id or a CSRF token', async () => {
    // Secure cookies are not sent back over inject's plain HTTP by a browser, but our test client does.
    const client = new TestClient(app);
    await client.login(ADMIN);
    await client.get('/server/user/auth');
    const sid = client.cookies.get('giornata_sid')!;
    const csrf = client.cookies.get('XSRF-TOKEN')!;
    expect(logs).toContain('/server/user/login');
    expect(logs).not.toContain(ADMIN.password);
    expect(logs).not.toContain(sid);
    expect(logs).not.toContain(csrf);
  });
});

describe('health without a database', () => {
  it('answers 503 when the database is unreachable', async () => {
    const database = await openTestDatabase('postgres');
    const app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/server/health' });
    expect(res.statusCode).toBe(503);
    await app.close();
  });
});
