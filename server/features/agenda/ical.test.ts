import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { AGENDA_MSG as M, type IcalState } from '../../../common/agenda.ts';
import { addDays, todayInRome } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { buildApp } from '../../app.ts';
import { activities, icalTokens, therapists, users } from '../../db/schema.ts';
import { addActivity, addRun, seedCentre } from '../../test/fixtures.ts';
import { ADMIN, TEST_SESSION_TIMES, TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf } from '../../test/harness.ts';
import { escapeText, foldLine } from './ical-text.ts';
import { readFeed } from './ical.ts';

const today = todayInRome();

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  /** The instant, in UTC (ISO). */
  start: string;
  end: string;
}

/** The feed as a calendar app reads it: parsed by ical.js, its zone registered from its own VTIMEZONE. */
function parseFeed(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  const zones = root.getAllSubcomponents('vtimezone');
  ICAL.TimezoneService.reset();
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events: ParsedEvent[] = root.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location ?? '',
      description: event.description ?? '',
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  return { root, zones, events };
}

describeOnBothDatabases('calendario esterno (iCalendar)', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;
  let centre: Awaited<ReturnType<typeof seedCentre>>;

  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
    admin = await new TestClient(ctx.app).login(ADMIN);
    viewer = await new TestClient(ctx.app).login(VIEWER);
  });

  const makeUrl = async (client: TestClient, therapist: number) => {
    const res = await client.post<{ url: string }>('/server/ical/token', { terapista: therapist });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.url;
  };
  /** The feed fetched as a calendar app does: no cookie at all. */
  const fetchFeed = (url: string) => ctx.app.inject({ method: 'GET', url });

  async function planPaola() {
    const { mario, lucia, paola, stefano, palestra } = centre;
    const db = ctx.database.db;
    const day = addDays(today, 2);
    const coro = await addActivity(
      db,
      { name: 'Coro, canto; e voce', roomId: palestra.id, day, start: '11:00', end: '12:00' },
      { patients: [mario.id, lucia.id], therapists: [paola.id, stefano.id] },
    );
    const run = await addRun(
      db,
      { route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 1, day },
      { patients: [mario.id], therapists: [paola.id] },
    );
    // Outside the feed's days: 31 days back, 91 ahead, and stefano's own activity.
    await addActivity(
      db,
      { name: 'Vecchia', roomId: palestra.id, day: addDays(today, -31), start: '09:00', end: '10:00' },
      { therapists: [paola.id] },
    );
    await addActivity(
      db,
      { name: 'Lontana', roomId: palestra.id, day: addDays(today, 91), start: '09:00', end: '10:00' },
      { therapists: [paola.id] },
    );
    await addActivity(db, { name: 'Di Stefano', roomId: palestra.id, day, start: '14:00', end: '15:00' }, { therapists: [stefano.id] });
    const past = await addActivity(
      db,
      { name: 'Passata', roomId: palestra.id, day: addDays(today, -30), start: '09:00', end: '10:00' },
      { therapists: [paola.id] },
    );
    return { day, coro, run, past };
  }

  it("serves the therapist's activities and runs, valid iCalendar, without a session and without setting a cookie", async () => {
    const { day, coro, run, past } = await planPaola();
    const url = await makeUrl(admin, centre.paola.id);
    expect(url).toMatch(/^\/server\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toMatch(/\r\n$/);
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['set-cookie']).toBeUndefined();
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const { zones, events } = parseFeed(res.body);
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Rome']);
    expect(res.body).toContain('DTSTART;TZID=Europe/Rome:');
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual(
      [`attivita-${coro.id}@giornata`, `attivita-${past.id}@giornata`, `uscita-${run.id}-${day}@giornata`].sort(),
    );
    const coroEvent = byUid.get(`attivita-${coro.id}@giornata`)!;
    expect(coroEvent.summary).toBe('Coro, canto; e voce');
    expect(coroEvent.location).toBe('Palestra');
    expect(coroEvent.description).toBe('Utenti: L. B., M. R.\nOperatori: stefano.villa');
    // 11:00 in Rome, whatever the season: the instant the zone's rules give.
    const offset = (iso: string) => new Date(iso).getTime() - Date.parse(`${day}T11:00:00Z`);
    expect([-3_600_000, -7_200_000]).toContain(offset(coroEvent.start));
    expect(new Date(coroEvent.end).getTime() - new Date(coroEvent.start).getTime()).toBe(3_600_000);
    const runEvent = byUid.get(`uscita-${run.id}-${day}@giornata`)!;
    expect(runEvent.summary).toBe('Uscita Andata Nord');
    expect(runEvent.location).toBe('Pulmino bianco');
    expect(runEvent.description).toBe('Utenti: M. R.');
    expect(res.body).not.toContain('Mario');
    expect(res.body).not.toContain('Rossi');
  });

  it('places times in Europe/Rome across a change of summer time', async () => {
    const { palestra, paola } = centre;
    const db = ctx.database.db;
    const summer = await addActivity(
      db,
      { name: 'Estate', roomId: palestra.id, day: '2026-10-20', start: '09:00', end: '10:00' },
      { therapists: [paola.id] },
    );
    const winter = await addActivity(
      db,
      { name: 'Inverno', roomId: palestra.id, day: '2026-11-02', start: '09:00', end: '10:00' },
      { therapists: [paola.id] },
    );
    const url = await makeUrl(admin, paola.id);
    const token = url.slice('/server/ical/'.length, -'.ics'.length);
    const feed = await readFeed(db, token, new Date('2026-10-20T06:00:00Z'));
    const { events } = parseFeed(feed!.text);
    const start = (id: number) => events.find((e) => e.uid === `attivita-${id}@giornata`)?.start;
    expect(start(summer.id)).toBe('2026-10-20T07:00:00.000Z');
    expect(start(winter.id)).toBe('2026-11-02T08:00:00.000Z');
  });

  it('keeps UIDs across fetches and after an edit, which the app then replaces', async () => {
    const { coro } = await planPaola();
    const url = await makeUrl(admin, centre.paola.id);
    const first = parseFeed((await fetchFeed(url)).body).events;
    const second = parseFeed((await fetchFeed(url)).body).events;
    expect(second.map((e) => e.uid)).toEqual(first.map((e) => e.uid));
    await ctx.database.db
      .update(activities)
      .set({ name: 'Coro grande', start: '10:00', version: sql`${activities.version} + 1` })
      .where(eq(activities.id, coro.id));
    const third = await fetchFeed(url);
    const edited = parseFeed(third.body).events;
    expect(edited.map((e) => e.uid)).toEqual(first.map((e) => e.uid));
    expect(edited.find((e) => e.uid === `attivita-${coro.id}@giornata`)?.summary).toBe('Coro grande');
    expect(third.body).toMatch(
      new RegExp(
        `UID:attivita-${coro.id}@giornata\\r\\nDTSTAMP:\\d{8}T\\d{6}Z\\r\\nDTSTART[^\\r]*\\r\\nDTEND[^\\r]*\\r\\nSEQUENCE:1\\r\\n`,
      ),
    );
  });

  it("shows patients' full names when the centre chooses so", async () => {
    await planPaola();
    const url = await makeUrl(admin, centre.paola.id);
    expect((await admin.post('/server/impostazioni', { nomicompleti: true })).status).toBe(200);
    const { events } = parseFeed((await fetchFeed(url)).body);
    expect(events.map((e) => e.description)).toContain('Utenti: Lucia Bianchi, Mario Rossi\nOperatori: stefano.villa');
  });

  it('answers 404 to a revoked, replaced or unknown token', async () => {
    const url = await makeUrl(admin, centre.paola.id);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const renewed = await makeUrl(admin, centre.paola.id);
    expect(renewed).not.toBe(url);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    const ok = await fetchFeed(renewed);
    expect(ok.statusCode).toBe(200);
    const revoked = await admin.post('/server/ical/revoca', { terapista: centre.paola.id });
    expect(revoked.body).toEqual({ ok: true });
    const gone = await fetchFeed(renewed);
    expect(gone.statusCode).toBe(404);
    expect(codeOf(JSON.parse(gone.body))).toBe(ERROR_CODES.notFound);
    expect(gone.headers['set-cookie']).toBeUndefined();
    for (const path of [
      '/server/ical/abc.ics',
      `/server/ical/${'A'.repeat(43)}.ics`,
      `/server/ical/${renewed.slice(13, -4)}`,
      '/server/ical/%ff.ics',
    ]) {
      const res = await fetchFeed(path);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    // An archived therapist's URL stops working, and works again when she is restored.
    const archived = await makeUrl(admin, centre.stefano.id);
    await ctx.database.db.update(therapists).set({ archived: true }).where(eq(therapists.id, centre.stefano.id));
    expect((await fetchFeed(archived)).statusCode).toBe(404);
    await ctx.database.db.update(therapists).set({ archived: false }).where(eq(therapists.id, centre.stefano.id));
    expect((await fetchFeed(archived)).statusCode).toBe(200);
    await admin.post('/server/ical/revoca', { terapista: centre.stefano.id });
    // Only the hash is stored.
    const [row] = await ctx.database.db.select().from(icalTokens);
    expect(row).toBeUndefined();
    const again = await makeUrl(admin, centre.paola.id);
    const [stored] = await ctx.database.db.select().from(icalTokens);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(again).not.toContain(stored.tokenHash);
  });

  it('tells whether the URL is active, when it was made and last used', async () => {
    const before = await admin.get<IcalState>(`/server/ical/stato?terapista=${centre.paola.id}`);
    expect(before.body).toEqual({ attivo: false, creato: null, ultimouso: null });
    const url = await makeUrl(admin, centre.paola.id);
    const made = await admin.get<IcalState>(`/server/ical/stato?terapista=${centre.paola.id}`);
    expect(made.body.attivo).toBe(true);
    expect(made.body.creato).not.toBeNull();
    expect(made.body.ultimouso).toBeNull();
    await fetchFeed(url);
    const used = await admin.get<IcalState>(`/server/ical/stato?terapista=${centre.paola.id}`);
    expect(used.body.ultimouso).not.toBeNull();
    expect((await admin.get(`/server/ical/stato?terapista=abc`)).status).toBe(400);
    expect((await admin.get(`/server/ical/stato?terapista=99999`)).status).toBe(404);
  });

  it('lets the account linked to a therapist manage its own feed only; others are refused with 403', async () => {
    for (const [method, path] of [
      ['POST', '/server/ical/token'],
      ['POST', '/server/ical/revoca'],
      ['GET', `/server/ical/stato?terapista=${centre.paola.id}`],
    ] as const) {
      const res = method === 'GET' ? await viewer.get(path) : await viewer.post(path, { terapista: centre.paola.id });
      expect(res.status, path).toBe(403);
      expect(errorOf(res.body)).toBe(M.icalNotAllowed);
    }
    const [account] = await ctx.database.db.select().from(users).where(eq(users.username, VIEWER.username));
    await ctx.database.db.update(therapists).set({ userId: account.id }).where(eq(therapists.id, centre.paola.id));
    const own = await makeUrl(viewer, centre.paola.id);
    expect((await fetchFeed(own)).statusCode).toBe(200);
    expect((await viewer.get(`/server/ical/stato?terapista=${centre.paola.id}`)).status).toBe(200);
    expect((await viewer.post('/server/ical/token', { terapista: centre.stefano.id })).status).toBe(403);
    expect((await viewer.post('/server/ical/revoca', { terapista: centre.stefano.id })).status).toBe(403);
    expect((await viewer.post('/server/ical/revoca', { terapista: centre.paola.id })).status).toBe(200);
    expect((await fetchFeed(own)).statusCode).toBe(404);
    // Not signed in, or a therapist that does not exist.
    const anonymous = await new TestClient(ctx.app).post('/server/ical/token', { terapista: centre.paola.id });
    expect(codeOf(anonymous.body)).toBe(ERROR_CODES.notSignedIn);
    expect((await admin.post('/server/ical/token', { terapista: 99_999 })).status).toBe(404);
    expect((await admin.post('/server/ical/token', { terapista: 'paola' })).status).toBe(400);
  });

  it("records the feed's use in the access log, under the therapist", async () => {
    const url = await makeUrl(admin, centre.paola.id);
    // Reads of the earlier tests may still be on their way to the table.
    await ctx.app.accessLog?.flush();
    const mark = (await ctx.database.db.execute(sql`select coalesce(max(id), 0)::int as id from access_log`)) as unknown as {
      rows: { id: number }[];
    };
    await fetchFeed(url);
    await ctx.app.accessLog?.flush();
    const rows = (await ctx.database.db.execute(
      sql`select username, kind, day::text as day from access_log where id > ${mark.rows[0].id}`,
    )) as unknown as { rows: { username: string; kind: string; day: string }[] };
    expect(rows.rows).toEqual([{ username: 'paola.neri', kind: 'calendario', day: addDays(today, -30) }]);
    // An administrator sees it among the accesses to a patient planned in those days.
    await planPaola();
    const accesses = await admin.get<{ items: { tipo: string; utente: string }[] }>(`/server/registro/accessi?paziente=${centre.mario.id}`);
    expect(accesses.body.items).toContainEqual(expect.objectContaining({ tipo: 'calendario', utente: 'paola.neri' }));
  });

  it('limits the feed to 60 fetches a minute per address', async () => {
    const url = await makeUrl(admin, centre.paola.id);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await ctx.app.inject({ method: 'GET', url, remoteAddress: '10.9.9.9' })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('never writes the token in the log', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const app = await buildApp({
      database: ctx.database,
      config: { cookieSecure: false, ...TEST_SESSION_TIMES },
      logger: { level: 'info', stream },
    });
    try {
      const client = await new TestClient(app).login(ADMIN);
      const url = (await client.post<{ url: string }>('/server/ical/token', { terapista: centre.paola.id })).body.url;
      const token = url.slice('/server/ical/'.length, -'.ics'.length);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/server/ical/${token}` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `${url}?x=1` })).statusCode).toBe(200);
      expect(log).toContain('/server/ical/[nascosto].ics');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'è'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => Buffer.byteLength(p) <= 75)).toBe(true);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});
