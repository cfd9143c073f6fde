/**
 * HTTPS without a proxy (TLS_CERT, TLS_KEY): one port speaks HTTP/2 and HTTP/1.1 as the client
 * offers (ALPN), cookies are Secure under `__Host-`, every answer carries HSTS, the live events
 * stream works over HTTP/2, and HTTP_REDIRECT_PORT sends plain HTTP to HTTPS.
 */
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { httpsRedirect } from './lib/https-redirect.ts';
import { ADMIN, TEST_SESSION_TIMES, describeOnBothDatabases } from './test/harness.ts';
import { selfSignedCertificate, type Certificate } from './test/self-signed.ts';

interface Answer {
  status: number;
  version: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP/1.1 request over TLS, trusting the test's own certificate. */
function overHttp1(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: options.method ?? 'GET', headers: options.headers, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, version: res.httpVersion, headers: res.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The cookies a Set-Cookie list sets, by name, each with its attributes as written. */
const cookiesOf = (headers: http.IncomingHttpHeaders) =>
  new Map((headers['set-cookie'] ?? []).map((line) => [line.slice(0, line.indexOf('=')), line] as const));

describeOnBothDatabases('HTTPS without a proxy', { reset: 'once' }, (ctx) => {
  let certificate: Certificate;
  let app: App;
  let origin: string;

  beforeAll(async () => {
    certificate = selfSignedCertificate();
    app = await buildApp({
      database: ctx.database,
      config: { cookieSecure: false, ...TEST_SESSION_TIMES },
      tls: { cert: fs.readFileSync(certificate.certFile, 'utf8'), key: fs.readFileSync(certificate.keyFile, 'utf8') },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `https://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    if (certificate) fs.rmSync(certificate.dir, { recursive: true, force: true });
  });

  it('answers HTTP/2 and HTTP/1.1 on one port, as the client offers, with HSTS', async () => {
    const client = http2.connect(origin, { rejectUnauthorized: false });
    try {
      const answer = await new Promise<{ headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const stream = client.request({ ':path': '/server/health' });
        let body = '';
        let headers: http2.IncomingHttpHeaders = {};
        stream.on('response', (h) => (headers = h));
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => resolve({ headers, body }));
        stream.on('error', reject);
        stream.end();
      });
      expect(client.alpnProtocol).toBe('h2');
      expect(answer.headers[':status']).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      client.close();
    }
    const old = await overHttp1(`${origin}/server/health`);
    expect([old.status, old.version]).toEqual([200, '1.1']);
    expect(old.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Served over HTTPS, a page's plain-HTTP requests are upgraded.
    expect(old.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('signs in with Secure cookies under __Host-, which the next requests use', async () => {
    const first = await overHttp1(`${origin}/server/health`);
    const anonymous = cookiesOf(first.headers).get('__Host-XSRF-TOKEN')!;
    expect(anonymous).toMatch(/^__Host-XSRF-TOKEN=[\w-]{43}; Path=\/; Secure; SameSite=Lax$/);
    expect(cookiesOf(first.headers).has('XSRF-TOKEN')).toBe(false);
    const xsrf = anonymous.split(/[=;]/)[1];

    const login = await overHttp1(`${origin}/server/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `__Host-XSRF-TOKEN=${xsrf}` },
      body: JSON.stringify({ username: ADMIN.username, pass: ADMIN.password }),
    });
    expect(login.status, login.body).toBe(200);
    const set = cookiesOf(login.headers);
    expect(set.get('__Host-giornata_sid')).toMatch(/^__Host-giornata_sid=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(set.get('__Host-XSRF-TOKEN')).toMatch(/; Path=\/; Secure; SameSite=Lax$/);
    expect(set.get('__Secure-giornata_device')).toMatch(/; Path=\/server\/user\/login; HttpOnly; Secure; SameSite=Lax$/);
    for (const line of set.values()) expect(line).not.toMatch(/domain=/i);
    expect([...set.keys()].filter((name) => !name.startsWith('__'))).toEqual([]);

    const sid = set.get('__Host-giornata_sid')!.split(/[=;]/)[1];
    const token = set.get('__Host-XSRF-TOKEN')!.split(/[=;]/)[1];
    const cookie = `__Host-giornata_sid=${sid}; __Host-XSRF-TOKEN=${token}`;
    const auth = await overHttp1(`${origin}/server/user/auth`, { headers: { cookie } });
    expect(auth.status).toBe(200);
    expect(JSON.parse(auth.body)[0].username).toBe(ADMIN.username);
    // The unprefixed names of plain HTTP mean nothing here.
    const plain = await overHttp1(`${origin}/server/user/auth`, { headers: { cookie: `giornata_sid=${sid}` } });
    expect(plain.status).toBe(403);
    const write = await overHttp1(`${origin}/server/calendario/emptyday`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie },
      body: JSON.stringify({ data: '2026-11-23' }),
    });
    expect(write.status, write.body).toBe(200);

    // The live events stream, over HTTP/2: it opens, and says nothing of a Connection header.
    const client = http2.connect(origin, { rejectUnauthorized: false });
    try {
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        const stream = client.request({ ':path': '/server/eventi', cookie });
        stream.on('response', (h) => {
          resolve(h);
          stream.close();
        });
        stream.on('error', reject);
        stream.end();
      });
      expect(headers[':status']).toBe(200);
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(headers.connection).toBeUndefined();
    } finally {
      client.close();
    }
  });
});

describe('HTTP_REDIRECT_PORT', () => {
  let redirect: http.Server;
  let base: string;
  beforeAll(async () => {
    redirect = httpsRedirect(8443, 'localhost');
    await new Promise<void>((resolve) => redirect.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(redirect.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => redirect.close(() => resolve())));

  const ask = (path: string, method: string, host?: string) =>
    new Promise<{ status: number; location?: string; cookies?: string[] }>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method, headers: host === undefined ? {} : { host } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, cookies: res.headers['set-cookie'] }));
      });
      request.on('error', reject);
      request.end(method === 'POST' ? '{"username":"x"}' : undefined);
    });

  it('sends plain HTTP to the same path over HTTPS: 301 for reads, 308 for writes, nothing else', async () => {
    expect(await ask('/calendario?data=2026-11-23', 'GET', 'centro.local:8080')).toEqual({
      status: 301,
      location: 'https://centro.local:8443/calendario?data=2026-11-23',
      cookies: undefined,
    });
    expect(await ask('/server/user/login', 'POST', 'centro.local')).toMatchObject({
      status: 308,
      location: 'https://centro.local:8443/server/user/login',
    });
    expect(await ask('/', 'HEAD', '[fd00::1]:80')).toMatchObject({ status: 301, location: 'https://[fd00::1]:8443/' });
    // A Host that is no host name goes to the server's own name.
    expect(await ask('/x', 'GET', 'evil.example/path?')).toMatchObject({ location: 'https://localhost:8443/x' });
  });
});
