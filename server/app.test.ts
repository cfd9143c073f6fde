import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { precompressDir } from '../scripts/precompress.ts';
import { buildApp, type App } from './app.ts';
import type { Database } from './db/client.ts';
import { ADMIN, DB_KINDS, TEST_SESSION_TIMES, TestClient, WITH_POSTGRES, createAccounts, openTestDatabase } from './test/harness.ts';

/** A pino destination that keeps every line in memory. */
function logCapture() {
  const captured = { text: '' };
  const stream = new Writable({
    write(chunk, _enc, done) {
      captured.text += chunk.toString();
      done();
    },
  });
  return { captured, stream };
}

/** A built chunk's name and some kilobytes of code (the build compresses files from 1 KB on). */
const HASHED = 'calendario-Bq3x_9Zk.js';
const HASHED_CONTENT = Array.from({ length: 400 }, (_, i) => `export const riga${i} = 'Attività ${i} in Stanza ${i % 20}';`).join('\n');

describe('the app shell', () => {
  let database: Database;
  let app: App;
  let logs = '';
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-client-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Giornata</title><div id="root"></div>');
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    // A hashed asset as Vite names it, compressed by the build's own step (scripts/precompress.ts).
    fs.writeFileSync(path.join(clientDir, 'assets', HASHED), HASHED_CONTENT);
    await precompressDir(path.join(clientDir, 'assets'));
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

  it.each(['/', '/login', '/calendario', '/stampasettimana', '/anagrafiche', '/presenze', '/registro'])(
    'serves the web app at %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves the web app with status 404 at an unknown page, so it shows its error screen', async () => {
    const res = await app.inject({ method: 'GET', url: '/non-esiste' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves built assets, and a real 404 for a missing one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=3600'); // the web app's own caching, not no-store
    expect((await app.inject({ method: 'GET', url: '/calendario' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/assets/manca.js' })).statusCode).toBe(404);
  });

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)(
    'sends a hashed asset %s-compressed to a browser that accepts it, the same bytes once decompressed',
    async (encoding, decode) => {
      const res = await app.inject({ method: 'GET', url: `/assets/${HASHED}`, headers: { 'accept-encoding': `${encoding}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(HASHED_CONTENT.length / 2);
      expect(decode(res.rawPayload).toString('utf8')).toBe(HASHED_CONTENT);
    },
  );

  it('prefers Brotli when both are accepted, and sends the plain file to a browser that accepts neither', async () => {
    const both = await app.inject({ method: 'GET', url: `/assets/${HASHED}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ method: 'GET', url: `/assets/${HASHED}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(HASHED_CONTENT);
    // The compressed files themselves are not addresses of their own.
    expect((await app.inject({ method: 'GET', url: `/assets/${HASHED}.br` })).statusCode).toBe(404);
  });

  it('sends the security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    // Served over HTTPS (COOKIE_SECURE here), a page's plain-HTTP requests are upgraded; over plain HTTP, never (below).
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it.each(['/server/health', '/server/non-esiste', '/non-esiste', '/assets/manca.js'])(
    'sends the same security headers with %s, an API answer or a 404',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    },
  );

  it('marks cookies Secure under __Host- when COOKIE_SECURE is set', async () => {
    const res = await app.inject({ method: 'GET', url: '/server/health' });
    expect(String(res.headers['set-cookie'])).toMatch(/^__Host-XSRF-TOKEN=[\w-]+; Path=\/; Secure; SameSite=Lax$/);
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
    const sid = client.cookies.get('__Host-giornata_sid')!;
    const csrf = client.cookies.get('__Host-XSRF-TOKEN')!;
    expect(sid).toMatch(/^[\w-]{43}$/);
    expect(logs).toContain('/server/user/login');
    expect(logs).not.toContain(ADMIN.password);
    expect(logs).not.toContain(sid);
    expect(logs).not.toContain(csrf);
  });
});

describe.skipIf(!WITH_POSTGRES)('health without a database (PostgreSQL)', () => {
  it('answers 503 when the database is unreachable', async () => {
    const database = await openTestDatabase('postgres');
    const app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/server/health' });
    expect(res.statusCode).toBe(503);
    await app.close();
  });
});

describe.each(DB_KINDS)('what the logs keep out, on %s', (kind) => {
  let database: Database;
  let app: App;
  const { captured, stream } = logCapture();
  // Seeded secrets: none of them may reach the log, whatever happens to the request.
  const WRONG_PASSWORD = 'Tentativo-Sbagliato-5521';
  const PATIENT = { Nome: 'Gualtiera', Cognome: 'Zanfrognini', Cellulare: '347 5550192' };
  const FAILING_PATIENT = { Nome: 'Ermenegilda', Cognome: 'Sbrufaldi', Cellulare: '+39 348 5550873' };
  const SEARCH = 'Zanfrogn';
  const secrets = [
    WRONG_PASSWORD,
    ADMIN.password,
    PATIENT.Nome,
    PATIENT.Cognome,
    '5550192',
    FAILING_PATIENT.Nome,
    FAILING_PATIENT.Cognome,
    '5550873',
    SEARCH,
  ];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await createAccounts(database);
    app = await buildApp({ database, config: { cookieSecure: false, ...TEST_SESSION_TIMES }, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('never holds a password, a patient, a phone number or a search, even when the database fails', async () => {
    const stranger = new TestClient(app);
    expect((await stranger.post('/server/user/login', { username: ADMIN.username, pass: WRONG_PASSWORD })).status).toBe(401);
    const admin = await new TestClient(app).login(ADMIN);
    expect((await admin.put('/server/anagrafiche/pazienti', PATIENT)).status).toBe(200);
    expect((await admin.get(`/server/anagrafiche/pazienti?q=${SEARCH}`)).status).toBe(200);
    expect((await admin.post('/server/pazienti/find', { value: SEARCH })).status).toBe(200);

    // A real database error whose query carries the patient in its parameters and whose detail names them.
    await database.db.execute(
      sql.raw(`create function giornata_test_guasto() returns trigger language plpgsql as $$
        begin raise exception 'guasto simulato' using detail = 'riga: ' || new.first_name || ' ' || new.last_name || ' ' || new.mobile; end $$`),
    );
    await database.db.execute(
      sql.raw('create trigger giornata_test_guasto before insert on patients for each row execute function giornata_test_guasto()'),
    );
    expect((await admin.put('/server/anagrafiche/pazienti', FAILING_PATIENT)).status).toBe(500);
    // A column gone: the searches fail with the search string among the query's parameters.
    await database.db.execute(sql.raw('alter table patients rename column last_name to surname_gone'));
    expect((await admin.get(`/server/anagrafiche/pazienti?q=${SEARCH}`)).status).toBe(500);
    expect((await admin.post('/server/pazienti/find', { value: SEARCH })).status).toBe(500);

    const log = captured.text;
    // The failures are logged, with what an operator needs to find the cause.
    expect(log.match(/request failed/g)?.length).toBe(3);
    expect(log).toContain('P0001'); // the trigger's raise exception
    expect(log).toContain('42703'); // undefined column
    expect(log).toContain('/server/anagrafiche/pazienti');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
    expect(log).not.toContain('?q=');
  });

  it('keeps out of the log every name, note, search and password of a random run of writes and searches', async () => {
    const admin = await new TestClient(app).login(ADMIN);
    // Each payload carries a marker of its own in every text field; valid or not, none may reach the log.
    const markers: string[] = [];
    const marked = (field: string) => {
      const marker = `Segreto${field}${markers.length}x${Math.random().toString(36).slice(2, 8)}`;
      markers.push(marker);
      return marker;
    };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FUZZED_CALLS), fc.boolean(), async (call, valid) => {
        const body = call.body(marked, valid);
        const res = await admin.request(call.method, call.url, body);
        expect(res.status, call.url).toBeLessThan(600);
      }),
      { numRuns: 60, seed: 20261123 },
    );
    await admin.post('/server/user/login', { username: marked('utente'), pass: marked('password') });
    const log = captured.text;
    expect(markers.length).toBeGreaterThan(60);
    for (const marker of markers) expect(log, marker).not.toContain(marker);
  });
});

/** Writes and searches whose text fields the log test above fills with markers. */
const FUZZED_CALLS: { method: 'POST' | 'PUT'; url: string; body: (mark: (field: string) => string, valid: boolean) => object }[] = [
  {
    method: 'PUT',
    url: '/server/anagrafiche/pazienti',
    body: (mark, valid) => ({ Nome: mark('nome'), Cognome: mark('cognome'), Cellulare: valid ? '333 1234567' : mark('cellulare') }),
  },
  { method: 'POST', url: '/server/pazienti/find', body: (mark) => ({ value: mark('ricerca') }) },
  { method: 'POST', url: '/server/terapisti/find', body: (mark) => ({ value: mark('ricerca') }) },
  {
    method: 'PUT',
    url: '/server/anagrafiche/terapisti',
    body: (mark, valid) => ({ username: valid ? mark('op').toLowerCase().slice(0, 40) : `${mark('op')} con spazi`, RifUtente: -1 }),
  },
  {
    method: 'PUT',
    url: '/server/calendario/createattivita',
    body: (mark, valid) => ({
      nome: mark('attivita'),
      stanza: valid ? 1 : 'x',
      giorno: 1,
      data: '2026-11-23',
      orainizio: '09:00',
      orafine: '10:00',
      trasporto: -1,
    }),
  },
  {
    method: 'PUT',
    url: '/server/presenze/assenze',
    body: (mark, valid) => ({
      tipo: 'paziente',
      persona: valid ? 1 : 999_999,
      dal: '2026-12-01',
      al: '2026-12-01',
      motivo: 'ferie',
      note: mark('nota'),
    }),
  },
  { method: 'PUT', url: '/server/presenze/chiusure', body: (mark) => ({ data: '2026-12-24', descrizione: mark('chiusura') }) },
  { method: 'POST', url: '/server/user/password', body: (mark) => ({ attuale: mark('attuale'), nuova: mark('nuova') }) },
];

describe.each(DB_KINDS)('headers of the API, on %s', (kind) => {
  let database: Database;
  const apps: App[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await createAccounts(database);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  const build = async (cookieSecure: boolean) => {
    const app = await buildApp({ database, config: { cookieSecure, ...TEST_SESSION_TIMES } });
    apps.push(app);
    return app;
  };

  it('tells browsers and proxies never to store an answer of /server/, whatever it is', async () => {
    const app = await build(false);
    const client = new TestClient(app);
    const anonymous = await client.get('/server/user/auth');
    await client.login(ADMIN);
    const answers = [
      anonymous,
      await client.get('/server/user/auth'),
      await client.get('/server/anagrafiche/pazienti?q=a'),
      await client.post('/server/calendario/giornata', { data: '2026-11-23' }),
      await client.post('/server/calendario/giornata', { data: 'ieri' }),
      await client.get('/server/non-esiste'),
      await client.get('/server/health'),
      await new TestClient(app).post('/server/anagrafiche/pazienti/archivia', { ID: 1 }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], String(res.status)).toBe('no-store');
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 400, 403, 404]));
    const csrfRefused = await app.inject({ method: 'POST', url: '/server/user/logout', payload: {} });
    expect(csrfRefused.statusCode).toBe(403);
    expect(csrfRefused.headers['cache-control']).toBe('no-store');
    expect(csrfRefused.headers['strict-transport-security']).toBeUndefined();
    // A URL the router cannot read is answered before any hook: the same headers, an Italian 400.
    const unreadable = await app.inject({ method: 'GET', url: '/server/%' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ error: 'Richiesta non valida', code: 'invalid_input' });
    expect(unreadable.headers['cache-control']).toBe('no-store');
    expect(String(unreadable.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('sends HSTS on every answer with COOKIE_SECURE=true, and none without', async () => {
    const secure = await build(true);
    for (const url of ['/server/health', '/server/user/auth', '/server/non-esiste', '/non-esiste']) {
      const res = await secure.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    for (const [method, url] of [
      ['POST', '/server/user/logout'],
      ['GET', '/server/%'],
    ] as const) {
      const refused = await secure.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(refused.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    const plain = await build(false);
    const plainAnswer = await plain.inject({ method: 'GET', url: '/server/health' });
    expect(plainAnswer.headers['strict-transport-security']).toBeUndefined();
    // The intranet's plain HTTP: upgrading its requests would blank the page.
    expect(String(plainAnswer.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(String(plainAnswer.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Lax$/);
  });
});
