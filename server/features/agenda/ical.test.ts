import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { AGENDA_MSG as M, ICAL_UNUSED_DAYS, type IcalState } from '../../../common/agenda.ts';
import { addDays, todayInRome } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { buildApp } from '../../app.ts';
import { activities, icalTokens, therapists, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { addActivity, addRun, type Centre } from '../../test/fixtures.ts';
import {
  ADMIN,
  TEST_SESSION_TIMES,
  TestClient,
  VIEWER,
  codeOf,
  describeOnBothDatabases,
  errorOf,
  signedInCentre,
} from '../../test/harness.ts';
import { escapeText, foldLine } from './ical-text.ts';
import { readFeed } from './ical.ts';
import { rowsOf } from '../../db/rows.ts';

const today = todayInRome();
const DAY_MS = 86_400_000;

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
  let admin: TestClient, viewer: TestClient, centre: Centre;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
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
    // Patients counted, never named, unless the centre chose initials (below).
    expect(coroEvent.description).toBe('2 utenti\nOperatori: stefano.villa');
    // 11:00 in Rome, whatever the season: the instant the zone's rules give.
    const offset = (iso: string) => new Date(iso).getTime() - Date.parse(`${day}T11:00:00Z`);
    expect([-3_600_000, -7_200_000]).toContain(offset(coroEvent.start));
    expect(new Date(coroEvent.end).getTime() - new Date(coroEvent.start).getTime()).toBe(3_600_000);
    const runEvent = byUid.get(`uscita-${run.id}-${day}@giornata`)!;
    expect(runEvent.summary).toBe('Uscita Andata Nord');
    expect(runEvent.location).toBe('Pulmino bianco');
    expect(runEvent.description).toBe('1 utente');
    for (const name of ['Mario', 'Rossi', 'Lucia', 'Bianchi', 'M. R.']) expect(res.body).not.toContain(name);
  });

  it('a therapist on sick leave gets one all-day event "Assenza" instead of that period\'s activities', async () => {
    const { day, coro, run } = await planPaola();
    const { paola, palestra } = centre;
    const after = await addActivity(
      ctx.database.db,
      { name: 'Al rientro', roomId: palestra.id, day: addDays(day, 4), start: '09:00', end: '10:00' },
      { therapists: [paola.id] },
    );
    const created = await admin.put<{ insertId: number }>('/server/presenze/assenze', {
      tipo: 'terapista',
      persona: paola.id,
      dal: addDays(day, -1),
      al: addDays(day, 2),
      motivo: 'malattia',
    });
    expect(created.status).toBe(200);
    const url = await makeUrl(admin, paola.id);
    const text = (await fetchFeed(url)).body;
    const { root, events } = parseFeed(text);
    const uids = events.map((e) => e.uid);
    expect(uids).not.toContain(`attivita-${coro.id}@giornata`);
    expect(uids).not.toContain(`uscita-${run.id}-${day}@giornata`);
    expect(uids).toContain(`attivita-${after.id}@giornata`);
    const absence = events.filter((e) => e.summary === 'Assenza');
    expect(absence).toHaveLength(1);
    const vevent = root.getAllSubcomponents('vevent').find((c) => c.getFirstPropertyValue('summary') === 'Assenza')!;
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
    expect(start.isDate && end.isDate).toBe(true);
    expect(start.toString()).toBe(addDays(day, -1));
    // DTEND of an all-day event is the day after the last (exclusive).
    expect(end.toString()).toBe(addDays(day, 3));
    expect(text).not.toContain('Con:');
    expect(text).not.toContain('malattia');
  });

  it('marks in the description the colleagues and patients absent that day, without the reason', async () => {
    const { day, coro } = await planPaola();
    const absent = (tipo: string, persona: number) =>
      admin.put('/server/presenze/assenze', { tipo, persona, dal: day, al: day, motivo: 'malattia' });
    expect((await absent('terapista', centre.stefano.id)).status).toBe(200);
    expect((await absent('paziente', centre.lucia.id)).status).toBe(200);
    const url = await makeUrl(admin, centre.paola.id);
    const description = () =>
      fetchFeed(url).then((res) => parseFeed(res.body).events.find((e) => e.uid === `attivita-${coro.id}@giornata`)!.description);
    expect(await description()).toBe('2 utenti (1 assente)\nOperatori: stefano.villa (assente)');
    expect((await admin.post('/server/impostazioni', { iniziali: true })).status).toBe(200);
    expect(await description()).toBe('Utenti: L. B. (assente), M. R.\nOperatori: stefano.villa (assente)');
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

  it("shows patients' initials when the centre chooses them, and never their full names", async () => {
    await planPaola();
    const url = await makeUrl(admin, centre.paola.id);
    expect((await admin.post('/server/impostazioni', { iniziali: true })).status).toBe(200);
    const text = (await fetchFeed(url)).body;
    expect(parseFeed(text).events.map((e) => e.description)).toContain('Utenti: L. B., M. R.\nOperatori: stefano.villa');
    for (const name of ['Mario', 'Rossi', 'Lucia', 'Bianchi']) expect(text).not.toContain(name);
    // The switch of full names is gone: sent alone, it changes nothing.
    expect((await admin.post('/server/impostazioni', { nomicompleti: true })).status).toBe(400);
    expect((await admin.post('/server/impostazioni', { iniziali: false })).status).toBe(200);
    expect(parseFeed((await fetchFeed(url)).body).events.map((e) => e.description)).toContain('2 utenti\nOperatori: stefano.villa');
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
    // Only the hash is stored.
    const [row] = await ctx.database.db.select().from(icalTokens);
    expect(row).toBeUndefined();
    const again = await makeUrl(admin, centre.paola.id);
    const [stored] = await ctx.database.db.select().from(icalTokens);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(again).not.toContain(stored.tokenHash);
  });

  it('tells whether the URL is active, when it was made, last used and stops working', async () => {
    const before = await admin.get<IcalState>(`/server/ical/stato?terapista=${centre.paola.id}`);
    expect(before.body).toEqual({ attivo: false, creato: null, ultimouso: null, scade: null });
    const url = await makeUrl(admin, centre.paola.id);
    const made = await admin.get<IcalState>(`/server/ical/stato?terapista=${centre.paola.id}`);
    expect(made.body.attivo).toBe(true);
    expect(made.body.creato).not.toBeNull();
    expect(made.body.ultimouso).toBeNull();
    expect(Date.parse(made.body.scade!) - Date.parse(made.body.creato!)).toBe(ICAL_UNUSED_DAYS * DAY_MS);
    await fetchFeed(url);
    const used = await admin.get<IcalState>(`/server/ical/stato?terapista=${centre.paola.id}`);
    expect(used.body.ultimouso).not.toBeNull();
    expect(Date.parse(used.body.scade!) - Date.parse(used.body.ultimouso!)).toBe(ICAL_UNUSED_DAYS * DAY_MS);
    expect((await admin.get(`/server/ical/stato?terapista=abc`)).status).toBe(400);
    expect((await admin.get(`/server/ical/stato?terapista=99999`)).status).toBe(404);
  });

  describe('a link dies with its access', () => {
    const stateOf = async (therapist: number) => (await admin.get<IcalState>(`/server/ical/stato?terapista=${therapist}`)).body;
    const accountIdOf = async (username: string) => (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0].id;
    /** A second administrator, signed in: the maker of links whose end the tests watch. */
    const otherAdmin = async () => {
      await ctx.database.db.insert(users).values({ username: 'vice', passwordHash: await hashPassword('vice-del-turno-serale'), admin: 1 });
      return {
        client: await new TestClient(ctx.app).login({ username: 'vice', password: 'vice-del-turno-serale' }),
        id: await accountIdOf('vice'),
      };
    };
    /** Paola linked to the consultazione account, which makes her link itself. */
    const linkPaolaToViewer = async () => {
      const viewerId = await accountIdOf(VIEWER.username);
      await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri', RifUtente: viewerId });
      return viewerId;
    };
    const expectDead = async (url: string, therapist: number) => {
      const res = await fetchFeed(url);
      expect(res.statusCode).toBe(404);
      expect(codeOf(JSON.parse(res.body))).toBe(ERROR_CODES.notFound);
      expect((await stateOf(therapist)).attivo).toBe(false);
    };

    it('when its therapist is archived, and restoring her does not bring it back', async () => {
      const url = await makeUrl(admin, centre.paola.id);
      expect((await admin.post('/server/anagrafiche/terapisti/archivia', { ID: centre.paola.id })).status).toBe(200);
      await expectDead(url, centre.paola.id);
      expect((await admin.post('/server/anagrafiche/terapisti/ripristina', { ID: centre.paola.id })).status).toBe(200);
      await expectDead(url, centre.paola.id);
      // No new link for an archived therapist either.
      await admin.post('/server/anagrafiche/terapisti/archivia', { ID: centre.paola.id });
      const refused = await admin.post('/server/ical/token', { terapista: centre.paola.id });
      expect([refused.status, errorOf(refused.body)]).toEqual([409, M.icalArchived]);
    });

    it('when the account that made it is disabled, and enabling it again does not bring it back', async () => {
      const vice = await otherAdmin();
      const url = await makeUrl(vice.client, centre.stefano.id);
      const kept = await makeUrl(admin, centre.paola.id);
      expect((await admin.post('/server/anagrafiche/utenti/disattiva', { ID: vice.id, disattivato: true })).status).toBe(200);
      await expectDead(url, centre.stefano.id);
      await admin.post('/server/anagrafiche/utenti/disattiva', { ID: vice.id, disattivato: false });
      await expectDead(url, centre.stefano.id);
      expect((await fetchFeed(kept)).statusCode).toBe(200);
    });

    it("when the therapist's account is disabled, though an administrator made it", async () => {
      const viewerId = await linkPaolaToViewer();
      const url = await makeUrl(admin, centre.paola.id);
      await admin.post('/server/anagrafiche/utenti/disattiva', { ID: viewerId, disattivato: true });
      await expectDead(url, centre.paola.id);
    });

    it("when the therapist's linked account changes, or she is unlinked", async () => {
      const viewerId = await linkPaolaToViewer();
      const url = await makeUrl(viewer, centre.paola.id);
      const vice = await otherAdmin();
      await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri', RifUtente: vice.id });
      await expectDead(url, centre.paola.id);
      await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri', RifUtente: viewerId });
      const again = await makeUrl(admin, centre.paola.id);
      // A renamed therapist keeps her link: only who she is linked to matters.
      await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri.bis', RifUtente: viewerId });
      expect((await fetchFeed(again)).statusCode).toBe(200);
      await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri.bis', RifUtente: -1 });
      await expectDead(again, centre.paola.id);
    });

    it("when the therapist's account gets a new password, from herself or an administrator", async () => {
      const viewerId = await linkPaolaToViewer();
      const own = await makeUrl(admin, centre.paola.id);
      const other = await makeUrl(admin, centre.stefano.id);
      expect((await viewer.post('/server/user/password', { attuale: VIEWER.password, nuova: 'nuvola-sopra-il-lago' })).status).toBe(200);
      await expectDead(own, centre.paola.id);
      expect((await fetchFeed(other)).statusCode).toBe(200);
      const renewed = await makeUrl(viewer, centre.paola.id);
      await admin.post('/server/anagrafiche/utenti/password', { ID: viewerId, password: 'barca-a-vela-sul-garda' });
      await expectDead(renewed, centre.paola.id);
    });

    it('when the account that made it gets a new password', async () => {
      const vice = await otherAdmin();
      const url = await makeUrl(vice.client, centre.stefano.id);
      await vice.client.post('/server/user/password', { attuale: 'vice-del-turno-serale', nuova: 'gabbiano-sul-molo-nord' });
      await expectDead(url, centre.stefano.id);
    });

    it('after 180 days without use; a use moves the end forward', async () => {
      const url = await makeUrl(admin, centre.paola.id);
      const setLastUse = (daysAgo: number) =>
        ctx.database.db
          .update(icalTokens)
          .set({ lastUsedAt: new Date(Date.now() - daysAgo * DAY_MS) })
          .where(eq(icalTokens.therapistId, centre.paola.id));
      await setLastUse(ICAL_UNUSED_DAYS - 1);
      expect((await fetchFeed(url)).statusCode).toBe(200);
      expect(Date.parse((await stateOf(centre.paola.id)).scade!)).toBeGreaterThan(Date.now() + (ICAL_UNUSED_DAYS - 1) * DAY_MS);
      await setLastUse(ICAL_UNUSED_DAYS + 1);
      expect(await stateOf(centre.paola.id)).toEqual({ attivo: false, creato: null, ultimouso: null, scade: null });
      await expectDead(url, centre.paola.id);
      expect(await ctx.database.db.select().from(icalTokens)).toEqual([]);
      // Never used at all: counted from when it was made.
      const unused = await makeUrl(admin, centre.stefano.id);
      await ctx.database.db
        .update(icalTokens)
        .set({ createdAt: new Date(Date.now() - (ICAL_UNUSED_DAYS + 1) * DAY_MS) })
        .where(eq(icalTokens.therapistId, centre.stefano.id));
      await expectDead(unused, centre.stefano.id);
    });
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
    // Reads of the earlier tests may still be on their way to the table; identical reads within 10 minutes are one
    // coalesced row (docs/decisions/0022-coalesced-access-log.md), so the reads are counted, not the rows.
    const feedReads = async () => {
      await ctx.app.accessLog?.flush();
      const result = await rowsOf<{ n: number; other: number }>(
        ctx.database.db,
        sql`select coalesce(sum(conteggio), 0)::int as n, count(*) filter (where kind <> 'calendario' or username <> 'paola.neri')::int as other
            from access_log where username = 'paola.neri' or kind = 'calendario'`,
      );
      return result[0];
    };
    const onDay = async () =>
      Number(
        (
          await rowsOf<{ n: number }>(
            ctx.database.db,
            sql`select coalesce(sum(conteggio), 0)::int as n from access_log
                where username = 'paola.neri' and kind = 'calendario' and day = ${addDays(today, -30)}::date`,
          )
        )[0].n,
      );
    const before = await feedReads();
    const beforeOnDay = await onDay();
    await fetchFeed(url);
    const after = await feedReads();
    expect(after.n - before.n).toBe(1);
    expect(after.other).toBe(before.other);
    expect((await onDay()) - beforeOnDay).toBe(1);
    // An administrator sees it among the accesses to a patient planned in those days.
    await planPaola();
    const accesses = await admin.get<{ items: { tipo: string; utente: string }[] }>(`/server/registro/accessi?paziente=${centre.mario.id}`);
    expect(accesses.body.items).toContainEqual(expect.objectContaining({ tipo: 'calendario', utente: 'paola.neri' }));
  });

  it('limits each link to 60 fetches a minute, from any address, and never blocks the other links of that address', async () => {
    const url = await makeUrl(admin, centre.paola.id);
    const other = await makeUrl(admin, centre.stefano.id);
    const from = async (address: string, path: string) =>
      (await ctx.app.inject({ method: 'GET', url: path, remoteAddress: address })).statusCode;
    // A noisy client behind the centre's NAT, with bogus links and then a real one.
    for (let i = 0; i < 70; i++) expect(await from('10.9.9.9', `/server/ical/${'B'.repeat(42)}${i % 10}.ics`)).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push(await from(i % 2 ? '10.9.9.9' : '10.8.8.8', url));
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(await from('10.7.7.7', url)).toBe(429);
    expect(await from('10.9.9.9', other)).toBe(200);
  });

  it('never writes the token in the log, however the URL is spelled', async () => {
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
      // Every spelling the router may read as the feed, or that merely carries the token: none reaches the log.
      const escaped = [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
      for (const spelling of [
        `/server/%69cal/${token}%2eics`,
        `/server/%2569cal/${token}%252eics`,
        `/%73erver/ical/${token}.ics`,
        `/server/ical/${escaped}.ics`,
        `/server/ical/${token}.ICS`,
        `/server/./ical/${token}.ics`,
        `//server/ical/${token}.ics`,
        `/server/ical%2f${token}.ics`,
        `/server/ical/${token.slice(0, 20)}%${token.slice(20)}`,
        `/server/altro/${token}`,
      ]) {
        const res = await app.inject({ method: 'GET', url: spelling });
        expect(res.statusCode, spelling).toBeLessThan(500);
      }
      expect(log).toContain('/server/ical/[nascosto].ics');
      expect(log).not.toContain(token);
      expect(log.toLowerCase()).not.toContain(token.toLowerCase());
      expect(log).not.toContain(escaped);
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
