/**
 * The session and CSRF checks hold for every spelling of a /server/ route:
 * percent-encoded letters, doubled slashes, dot segments, other cases. Sent
 * over a real socket, so the path reaches the server exactly as written.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import type { App } from '../../app.ts';
import { ADMIN, buildTestApp, describeOnBothDatabases } from '../../test/harness.ts';

interface RawAnswer {
  status: number;
  body: string;
  setCookie: string[];
}

function send(port: number, method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, setCookie: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const cookieValue = (answer: RawAnswer, name: string) =>
  answer.setCookie
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

const LOGOUT_SPELLINGS = [
  '/%73erver/user/logout',
  '/%73%65%72%76%65%72/user/logout',
  '/server/user/%6Cogout',
  '//server/user/logout',
  '///server/user/logout',
  '/server//user/logout',
  '/./server/user/logout',
  '/server/./user/logout',
  '/server/user/./logout',
  '/server/../server/user/logout',
  '/%2e/server/user/logout',
  '/Server/user/logout',
  '/SERVER/USER/LOGOUT',
  '/server/user/logout/',
  '/server/user/logout?x=1',
  '/server%2Fuser%2Flogout',
];

const AUTH_SPELLINGS = ['/%73erver/user/auth', '/server/user/%61uth', '/%73%65%72%76%65%72/%75ser/auth'];

describeOnBothDatabases('every spelling of a /server/ route', (ctx) => {
  let app: App;
  let port: number;
  let session: { cookie: string; token: string };

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    const first = await send(port, 'GET', '/server/health');
    const anonymous = cookieValue(first, 'XSRF-TOKEN')!;
    const login = await send(
      port,
      'POST',
      '/server/user/login',
      { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${anonymous}`, 'x-xsrf-token': anonymous },
      JSON.stringify({ username: ADMIN.username, pass: ADMIN.password }),
    );
    expect(login.status).toBe(200);
    const sid = cookieValue(login, 'giornata_sid')!;
    const token = cookieValue(login, 'XSRF-TOKEN')!;
    session = { cookie: `giornata_sid=${sid}; XSRF-TOKEN=${token}`, token };
  });

  const stillSignedIn = async () => (await send(port, 'GET', '/server/user/auth', { cookie: session.cookie })).status === 200;

  it.each(LOGOUT_SPELLINGS)('refuses %s without the CSRF header, and the session lives on', async (spelling) => {
    const res = await send(port, 'POST', spelling, { cookie: session.cookie, 'content-type': 'application/json' }, '{}');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).code).toBe(ERROR_CODES.csrfInvalid);
    expect(await stillSignedIn()).toBe(true);
  });

  it.each(AUTH_SPELLINGS)('resolves the session for %s as for /server/user/auth', async (spelling) => {
    const signedIn = await send(port, 'GET', spelling, { cookie: session.cookie });
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body)).toEqual([expect.objectContaining({ username: ADMIN.username })]);
    const anonymous = await send(port, 'GET', spelling);
    expect(anonymous.status).toBe(403);
    expect(JSON.parse(anonymous.body).code).toBe(ERROR_CODES.notSignedIn);
  });
});
