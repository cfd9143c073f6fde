/**
 * The session and the role are checked before the body, on every route: an anonymous caller gets
 * 403 not_signed_in whatever it sends (never a field's message, which would tell it the route's
 * fields), and a consultazione account gets 403 admin_only at an administrator's call.
 */
import { expect, it } from 'vitest';
import { ERROR_CODES } from '../common/errors.ts';
import { TestClient, VIEWER, codeOf, describeOnBothDatabases } from './test/harness.ts';

/** The calls anyone may make without a session (the metrics by their own rule: METRICS_ALLOW or METRICS_TOKEN, server/features/metrics). */
const PUBLIC_ROUTES = new Set([
  'GET /server/health',
  'GET /server/ready',
  'GET /server/metrics',
  'POST /server/user/login',
  'POST /server/user/logout',
  'GET /server/ical/:file',
]);

/** Bodies of every shape a route may not expect: none, empty, wrong types, a list, text, unreadable JSON. */
const BODIES: { payload?: unknown; raw?: string }[] = [
  {},
  { payload: {} },
  { payload: { ID: 'x', data: 'ieri', username: '', password: 1, nome: ['a'] } },
  { payload: [1, 2, 3] },
  { raw: '"testo"' },
  { raw: '{"non è json' },
];

/** Administrators' calls, one or more of each feature, each with a body the route would refuse. */
const ADMIN_CALLS: [method: 'POST' | 'PUT' | 'GET', url: string][] = [
  ['PUT', '/server/anagrafiche/utenti'],
  ['POST', '/server/anagrafiche/utenti/password'],
  ['GET', '/server/anagrafiche/pazienti?pagina=zero'],
  ['PUT', '/server/calendario/insertpaziente'],
  ['POST', '/server/calendario/emptyday'],
  ['POST', '/server/calendario/annulla'],
  ['GET', '/server/registro?dal=ieri'],
  ['POST', '/server/presenze/mese/chiudi'],
  ['PUT', '/server/modelli/'],
  ['POST', '/server/impostazioni'],
];

const concrete = (url: string) => url.replace(/:(\w+)/g, 'x');

describeOnBothDatabases('session and role before the body', { reset: 'once' }, (ctx) => {
  it('answers every call but the public ones 403 not_signed_in without a session, whatever the body', async () => {
    const routes = ctx.app.routeList.filter(
      (r) => r.url.startsWith('/server/') && r.method !== 'HEAD' && !PUBLIC_ROUTES.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(80);
    const anonymous = new TestClient(ctx.app);
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.method === 'GET' && route.url.includes('eventi')) continue; // below: a stream, not a JSON answer
      for (const body of BODIES) {
        const payload = body.raw ?? body.payload;
        const res = await anonymous.request(
          route.method as 'GET' | 'POST' | 'PUT',
          concrete(route.url),
          route.method === 'GET' ? undefined : payload,
        );
        if (res.status !== 403 || codeOf(res.body) !== ERROR_CODES.notSignedIn)
          wrong.push(`${route.method} ${route.url} ${JSON.stringify(payload)} → ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    const stream = await anonymous.get('/server/eventi');
    expect([stream.status, codeOf(stream.body)]).toEqual([403, ERROR_CODES.notSignedIn]);
  });

  it("answers a consultazione account 403 admin_only at an administrator's call, whatever the body", async () => {
    const viewer = await new TestClient(ctx.app).login(VIEWER);
    for (const [method, url] of ADMIN_CALLS) {
      for (const body of BODIES) {
        const res = await viewer.request(method, url, method === 'GET' ? undefined : (body.raw ?? body.payload));
        expect([res.status, codeOf(res.body)], `${method} ${url} ${JSON.stringify(body)}`).toEqual([403, ERROR_CODES.adminOnly]);
      }
    }
  });
});
