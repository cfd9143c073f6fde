/**
 * GET /server/metrics: Prometheus' text from loopback or with the token, the very 404 of an unknown
 * route for anyone else, and no personal data in any label (docs/decisions/0049-metrics-and-readiness.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { UNMATCHED_ROUTE } from '../../lib/metrics.ts';
import { ADMIN, TEST_CALL_LIMITS, TEST_SESSION_TIMES, TestClient, describeOnBothDatabases, signedInCentre } from '../../test/harness.ts';

/** MAX_USER_FAILURES of server/features/session/rate-limit.ts (features do not import each other). */
const MAX_USER_FAILURES = 10;

const TOKEN = 'a3f1c9e07b5d42e8a1f0c6b9d2e4f7a8';

/** The metrics' text as a scraper at `address` with these headers receives it. */
async function scrape(app: App, address: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/server/metrics', remoteAddress: address, headers });
  return { status: res.statusCode, type: String(res.headers['content-type']), text: res.body, headers: res.headers };
}

/** A sample's value: `name{labels} value`, labels given as they print. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describeOnBothDatabases('metrics', (ctx) => {
  it('answer Prometheus text from loopback: requests, database, day cache, live streams, access log, sign-ins, the process', async () => {
    const { admin } = await signedInCentre(ctx);
    await admin.post('/server/calendario/giornata', { data: '2026-03-02' });
    await admin.post('/server/calendario/giornata', { data: '2026-03-02' });
    await new TestClient(ctx.app).post('/server/user/login', { username: ADMIN.username, pass: 'non-è-questa-la-password' });
    const res = await scrape(ctx.app, '127.0.0.1');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.text;
    expect(text).toMatch(
      /^giornata_http_request_duration_seconds_count\{method="POST",route="\/server\/calendario\/giornata",status="200"\} \d+$/m,
    );
    expect(sample(text, 'giornata_http_request_duration_seconds_count', 'method="POST",route="/server/user/login",status="401"')).toBe(1);
    expect(sample(text, 'giornata_db_query_duration_seconds_count', 'outcome="ok"')).toBeGreaterThan(0);
    expect(sample(text, 'giornata_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
    expect(sample(text, 'giornata_db_pool_connections', 'state="waiting"')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'giornata_day_cache_total', 'result="hit"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'giornata_day_cache_total', 'result="miss"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'giornata_sign_in_refusals_total', 'outcome="failed"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'giornata_sign_in_refusals_total', 'outcome="locked"')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'giornata_live_streams_open')).toBe(0);
    expect(sample(text, 'giornata_live_events_delivered_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'giornata_access_log_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'giornata_access_log_dropped_total')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('count sign-in failures and the lock-out that follows them, by no name', async () => {
    const before = await scrape(ctx.app, '127.0.0.1');
    const failed = sample(before.text, 'giornata_sign_in_refusals_total', 'outcome="failed"') ?? 0;
    const locked = sample(before.text, 'giornata_sign_in_refusals_total', 'outcome="locked"') ?? 0;
    const client = new TestClient(ctx.app);
    client.remoteAddress = '198.51.100.23';
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_USER_FAILURES; i++)
      statuses.push((await client.post('/server/user/login', { username: 'sconosciuta', pass: 'sbagliata-ogni-volta' })).status);
    expect(statuses).toEqual([...Array<number>(MAX_USER_FAILURES).fill(401), 429]);
    const after = await scrape(ctx.app, '127.0.0.1');
    expect(sample(after.text, 'giornata_sign_in_refusals_total', 'outcome="failed"')).toBe(failed + MAX_USER_FAILURES);
    expect(sample(after.text, 'giornata_sign_in_refusals_total', 'outcome="locked"')).toBe(locked + 1);
    expect(after.text).not.toContain('sconosciuta');
    expect(after.text).not.toContain('198.51.100.23');
  });

  it('answer from ::1 and from loopback written as IPv6 (::ffff:127.0.0.1)', async () => {
    expect((await scrape(ctx.app, '::1')).status).toBe(200);
    expect((await scrape(ctx.app, '::ffff:127.0.0.1')).status).toBe(200);
  });

  it('answer anyone else exactly as a route that does not exist: 404, same body, same headers', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/server/non-esiste', remoteAddress: '203.0.113.9' });
    for (const address of ['203.0.113.9', '10.1.2.3', '::2']) {
      const res = await scrape(ctx.app, address);
      expect([res.status, res.text, res.type]).toEqual([404, unknown.body, unknown.headers['content-type']]);
      expect(res.text).toContain('Risorsa non trovata');
    }
    // A bearer token when none is configured opens nothing.
    expect((await scrape(ctx.app, '203.0.113.9', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });

  it('hold no name, username or id in any label, whatever the paths asked', async () => {
    const { admin } = await signedInCentre(ctx);
    const patient = await admin.put<{ insertId: number }>('/server/anagrafiche/pazienti', {
      Nome: 'Zebedea',
      Cognome: 'Quartararo',
      Cellulare: '',
    });
    expect(patient.status).toBe(200);
    const therapist = await admin.put<{ insertId: number }>('/server/anagrafiche/terapisti', {
      username: 'ortensia.vallauri',
      Nome: 'Ortensia',
      Cognome: 'Vallauri',
    });
    expect(therapist.status).toBe(200);
    await admin.post('/server/anagrafiche/pazienti/update', {
      ID: patient.body.insertId,
      Nome: 'Zebedea',
      Cognome: 'Quartararo',
      Cellulare: '',
    });
    // Ids in the path, a name in a path no route matches, a calendar link's secret, a wrong sign-in.
    await admin.get('/server/pianificatore/proposte/987654');
    await admin.get(`/server/anagrafiche/pazienti/Quartararo/${patient.body.insertId}`);
    await admin.get('/Zebedea-Quartararo/123456');
    await new TestClient(ctx.app).get('/server/ical/segreto-di-ortensia-5551234.ics');
    await new TestClient(ctx.app).post('/server/user/login', { username: 'ortensia.vallauri', pass: 'Quartararo-Zebedea' });
    const { status, text } = await scrape(ctx.app, '127.0.0.1');
    expect(status).toBe(200);
    for (const secret of ['Zebedea', 'Quartararo', 'Ortensia', 'Vallauri', 'ortensia', 'segreto', '987654', '123456', '5551234'])
      expect(text, secret).not.toContain(secret);
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]);
    expect(routes).toContain('/server/pianificatore/proposte/:id');
    expect(routes).toContain('/server/ical/:file');
    expect(routes).toContain(UNMATCHED_ROUTE);
    // Every label value of every sample: route patterns, methods, status codes and fixed words; never a number in a path.
    expect(routes.filter((r) => /\/\d/.test(r))).toEqual([]);
  });

  describe('with METRICS_TOKEN and METRICS_ALLOW set', () => {
    let app: App;
    beforeAll(async () => {
      app = await buildApp({
        database: ctx.database,
        config: { cookieSecure: false, ...TEST_SESSION_TIMES, metrics: { allow: ['10.0.0.0/8'], token: TOKEN } },
        limits: TEST_CALL_LIMITS,
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answer the token from any address, and the allowed block without it', async () => {
      expect((await scrape(app, '203.0.113.9', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      expect((await scrape(app, '203.0.113.9', { authorization: `bearer ${TOKEN}` })).status).toBe(200);
      expect((await scrape(app, '10.20.30.40')).status).toBe(200);
    });

    it('refuse a wrong or malformed token, and loopback once it is not in the list, with the 404', async () => {
      for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`, 'Bearer ', ''])
        expect((await scrape(app, '203.0.113.9', { authorization })).status, authorization).toBe(404);
      expect((await scrape(app, '127.0.0.1')).status).toBe(404);
    });
  });

  describe('behind a proxy (TRUST_PROXY=1)', () => {
    let app: App;
    beforeAll(async () => {
      app = await buildApp({
        database: ctx.database,
        config: { cookieSecure: false, ...TEST_SESSION_TIMES, trustProxy: 1 },
        limits: TEST_CALL_LIMITS,
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    it("judge the client's address the proxy reports, not the proxy's own loopback", async () => {
      // nginx on loopback forwards an outside client, who wrote 127.0.0.1 in X-Forwarded-For himself.
      expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
      expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).status).toBe(404);
      // A scraper on this computer, straight to the server's port.
      expect((await scrape(app, '127.0.0.1')).status).toBe(200);
    });
  });
});

describe('metrics registries', () => {
  it('are one per app: the backup gauges read their source at each scrape', async () => {
    const { AppMetrics } = await import('../../lib/metrics.ts');
    const first = new AppMetrics();
    const second = new AppMetrics();
    let state: { lastSuccessSeconds: number | null; lastDurationSeconds: number | null } = {
      lastSuccessSeconds: null,
      lastDurationSeconds: null,
    };
    first.registerBackupGauge(() => state);
    second.registerBackupGauge(() => ({ lastSuccessSeconds: 1, lastDurationSeconds: 2 }));
    state = { lastSuccessSeconds: 1_795_000_000, lastDurationSeconds: 12.5 };
    const text = (await first.text()).body;
    expect(sample(text, 'giornata_backup_last_success_seconds')).toBe(1_795_000_000);
    expect(sample(text, 'giornata_backup_last_duration_seconds')).toBe(12.5);
    expect(sample((await second.text()).body, 'giornata_backup_last_duration_seconds')).toBe(2);
  });
});
