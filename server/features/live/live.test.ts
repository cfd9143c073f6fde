/**
 * The live events stream (GET /server/eventi) read over a real socket: who
 * may open it, what it says after each kind of write, resume, limits, and
 * that it ends with its session.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import type { App } from '../../app.ts';
import { addActivity, addRun, seedCentre, seedSourceWeek, type Centre, addGinnastica } from '../../test/fixtures.ts';
import { ADMIN, TestClient, VIEWER, buildTestApp, describeOnBothDatabases } from '../../test/harness.ts';
import { openEventStream, type EventStreamReader } from './event-stream-reader.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';
const FRI = '2026-11-20';
/** A notification no write sends: once a stream has read it, it has read everything sent before it. */
const MARKER_DAY = '1999-01-01';

const day = (data: string) => ({ tipo: 'giornata', data });
const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const urlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describeOnBothDatabases('live events', (ctx) => {
  let url: string;
  let admin: TestClient;
  let centre: Centre;
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = urlOf(ctx.app);
    // Each check below waits for the quiet window once or twice: a short one keeps the file fast. One write's
    // notifications arrive together at its commit, so they still go out as one event; the tests of the windows
    // themselves set theirs.
    ctx.app.liveEvents.coalesceMs = 40;
  });
  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
    admin = await new TestClient(ctx.app).login(ADMIN);
  });
  afterEach(async () => {
    for (const stream of open.splice(0)) stream.close();
    // Streams count per account: the next test starts with none of this one's still closing.
    for (let waited = 0; ctx.app.liveEvents.hub.streamCount > 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  });

  const stream = async (client: TestClient, lastEventId?: string, app = ctx.app) => {
    const reader = await openEventStream(urlOf(app), { cookie: cookieOf(client), lastEventId });
    open.push(reader);
    return reader;
  };
  /** Waits until the stream has read everything committed so far, and answers how many messages that makes. */
  const flush = async (reader: EventStreamReader) => {
    const before = reader.messages.length;
    await ctx.database.db.execute(sql`select pg_notify('giornata_eventi', ${JSON.stringify({ giorni: [MARKER_DAY] })})`);
    await reader.until(() => reader.messages.slice(before).some((m) => m.data.includes(MARKER_DAY)));
    return reader.messages.length;
  };
  /** A signed-in stream that has read what came before it. */
  const listening = async (client: TestClient = admin) => {
    const reader = await stream(client);
    await flush(reader);
    return reader;
  };
  /** The events a write sends, in order (the marker left out). */
  const eventsOf = async (reader: EventStreamReader, write: () => Promise<unknown>) => {
    const from = reader.messages.length;
    await write();
    await flush(reader);
    return reader.data().slice(from, -1);
  };
  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Record<string, unknown>;
  };

  it('refuses an anonymous visitor with 403 and the usual body', async () => {
    const reader = await openEventStream(url);
    expect(reader.status).toBe(403);
    expect(JSON.parse(reader.body)).toEqual({ error: MSG.notSignedIn, code: ERROR_CODES.notSignedIn });
  });

  it('answers a signed-in user with an event stream that proxies neither buffer nor cache', async () => {
    const reader = await stream(await new TestClient(ctx.app).login(VIEWER));
    expect(reader.status).toBe(200);
    expect(reader.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers['cache-control']).toBe('no-cache, no-transform');
    expect(reader.headers['x-accel-buffering']).toBe('no');
    expect(reader.headers.connection).toBe('keep-alive');
    expect(reader.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(reader.headers['x-content-type-options']).toBe('nosniff');
    await reader.until(() => reader.comments.includes('connesso'));
    expect(reader.retry).toBe(3000);
    expect(reader.messages).toEqual([]);
  });

  it('names the day of an activity created, edited, moved and removed', async () => {
    const reader = await listening();
    let id = 0;
    expect(
      await eventsOf(reader, async () => {
        const body = await ok(
          admin.put('/server/calendario/createattivita', {
            nome: 'Coro',
            stanza: centre.palestra.id,
            giorno: 1,
            data: MON,
            orainizio: '14:00',
            orafine: '15:00',
            trasporto: -1,
          }),
        );
        id = body.insertId as number;
      }),
    ).toEqual([day(MON)]);
    const edit = {
      nome: 'Coro',
      stanza: centre.palestra.id,
      giorno: 1,
      orainizio: '14:30',
      orafine: '15:30',
      trasporto: -1,
      attivitaId: id,
    };
    expect(await eventsOf(reader, () => ok(admin.post('/server/calendario/updateattivita', { ...edit, data: MON })))).toEqual([day(MON)]);
    // Moved to another day: both days change.
    expect(await eventsOf(reader, () => ok(admin.post('/server/calendario/updateattivita', { ...edit, data: TUE, giorno: 2 })))).toEqual([
      day(MON),
      day(TUE),
    ]);
    expect(await eventsOf(reader, () => ok(admin.post('/server/calendario/removeattivita', { attivitaId: id })))).toEqual([day(TUE)]);
  });

  it("names the activity's day when a patient or a therapist joins or leaves it", async () => {
    const a = await addGinnastica(ctx.database.db, centre, MON);
    const reader = await listening();
    let link = 0;
    expect(
      await eventsOf(reader, async () => {
        link = (await ok(admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: a.id }))).insertId as number;
      }),
    ).toEqual([day(MON)]);
    expect(await eventsOf(reader, () => ok(admin.post('/server/calendario/removepaziente', { id: link })))).toEqual([day(MON)]);
    expect(
      await eventsOf(reader, async () => {
        link = (await ok(admin.put('/server/calendario/insertterapista', { terapista: centre.paola.id, attivita: a.id })))
          .insertId as number;
      }),
    ).toEqual([day(MON)]);
    expect(await eventsOf(reader, () => ok(admin.post('/server/calendario/removeterapista', { id: link })))).toEqual([day(MON)]);
  });

  it('names the target day of a paste once, and the emptied day', async () => {
    await addActivity(
      ctx.database.db,
      { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
    );
    await addRun(
      ctx.database.db,
      { route: 'Andata', departure: '08:00', arrival: '08:45', minibus: 1, day: MON },
      { patients: [centre.mario.id] },
    );
    const reader = await listening();
    expect(await eventsOf(reader, () => ok(admin.post('/server/calendario/pasteday', { from: MON, to: TUE })))).toEqual([day(TUE)]);
    expect(await eventsOf(reader, () => ok(admin.post('/server/calendario/emptyday', { data: MON })))).toEqual([day(MON)]);
  });

  it('names every day a template writes over planned days, as before the plan lost its foreign keys', async () => {
    // The template: a week with a run and its TRASPORTO on Monday, an activity on Monday and on Wednesday.
    await seedSourceWeek(ctx.database.db, centre, '2026-11-09');
    const saved = await ok(admin.put('/server/modelli', { nome: 'Inverno', dasettimana: '2026-11-09' }));
    // Planned already: a Monday with a run and its people, a Tuesday (the template's Tuesday is empty: emptied).
    const run = await addRun(
      ctx.database.db,
      { route: 'Ritorno', departure: '16:00', arrival: '17:00', minibus: 1, day: '2026-11-30' },
      { patients: [centre.lucia.id], therapists: [centre.paola.id] },
    );
    await addActivity(ctx.database.db, {
      name: 'TRASPORTO',
      roomId: null,
      day: '2026-11-30',
      start: '16:00',
      end: '17:00',
      transportRunId: run.id,
    });
    await addActivity(
      ctx.database.db,
      { name: 'Uscita', roomId: centre.palestra.id, day: '2026-12-01', start: '09:00', end: '12:00' },
      { patients: [centre.mario.id], therapists: [centre.stefano.id] },
    );
    const reader = await listening();
    const events = await eventsOf(reader, () =>
      ok(admin.post('/server/modelli/applica', { modello: saved.ID, dal: '2026-11-30', al: '2026-12-11', esistenti: 'sostituisci' })),
    );
    // The days named are those measured on the database before migration 0023 (foreign keys and their cascades):
    // the replaced Monday, the emptied Tuesday, every day written. How many times each comes depends on the hub
    // sending what repeats a day within its window once at the window's end (live-events.ts), so the test compares the
    // days, not the count.
    expect([...new Set(events.map((e) => (e as { data: string }).data))].sort()).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-07',
      '2026-12-09',
    ]);
    expect(events.every((e) => (e as { tipo: string }).tipo === 'giornata')).toBe(true);
  });

  it("names a minibus run's day when its people change", async () => {
    const run = await addRun(ctx.database.db, { route: 'Andata', departure: '08:00', arrival: '08:45', minibus: 1, day: MON });
    const reader = await listening();
    expect(
      await eventsOf(reader, () => ok(admin.put('/server/anagrafiche/uscite/passeggeri', { uscita: run.id, paziente: centre.mario.id }))),
    ).toEqual([day(MON)]);
    expect(
      await eventsOf(reader, () => ok(admin.put('/server/anagrafiche/uscite/operatori', { uscita: run.id, terapista: centre.paola.id }))),
    ).toEqual([day(MON)]);
    expect(
      await eventsOf(reader, () =>
        ok(admin.post('/server/anagrafiche/uscite/operatori/rimuovi', { uscita: run.id, terapista: centre.paola.id })),
      ),
    ).toEqual([day(MON)]);
  });

  it('names each day of a 3-day absence, and Presenze', async () => {
    const reader = await listening();
    let id = 0;
    const events = await eventsOf(reader, async () => {
      const body = await ok(
        admin.put('/server/presenze/assenze', {
          tipo: 'paziente',
          persona: centre.mario.id,
          dal: '2026-11-30',
          al: '2026-12-02',
          motivo: 'ferie',
          giustificata: true,
        }),
      );
      id = body.insertId as number;
    });
    expect(events).toEqual([day('2026-11-30'), day('2026-12-01'), day('2026-12-02'), { tipo: 'presenze' }]);
    expect(await eventsOf(reader, () => ok(admin.post('/server/presenze/assenze/elimina', { ID: id })))).toEqual(events);
  });

  it("names a roll call's day, and Presenze", async () => {
    const reader = await listening();
    expect(
      await eventsOf(reader, () =>
        ok(
          admin.post('/server/presenze/appello', {
            data: FRI,
            paziente: centre.mario.id,
            presente: false,
            motivo: 'malattia',
            giustificata: true,
          }),
        ),
      ),
    ).toEqual([day(FRI), { tipo: 'presenze' }]);
  });

  it('sends "Tutti presenti" of a whole day as one event', async () => {
    await addActivity(
      ctx.database.db,
      { name: 'Coro', roomId: centre.palestra.id, day: FRI, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id, centre.lucia.id] },
    );
    const reader = await listening();
    expect(await eventsOf(reader, () => ok(admin.post('/server/presenze/appello/tutti', { data: FRI })))).toEqual([
      day(FRI),
      { tipo: 'presenze' },
    ]);
  });

  it('sends a burst of 20 roll-call marks on one day as one event for that day, not one per mark', async () => {
    const reader = await listening();
    const live = ctx.app.liveEvents;
    const [quiet, longest] = [live.coalesceMs, live.maxWaitMs];
    // Long enough that the marks of the burst follow each other within them however slow the machine.
    live.coalesceMs = 3000;
    live.maxWaitMs = 120_000;
    try {
      const from = reader.messages.length;
      for (let i = 0; i < 20; i++)
        await ok(
          admin.post('/server/presenze/appello', {
            data: FRI,
            paziente: i % 2 ? centre.mario.id : centre.lucia.id,
            presente: i % 3 === 0,
            motivo: 'altro',
          }),
        );
      await flush(reader);
      expect(reader.data().slice(from, -1)).toEqual([day(FRI), { tipo: 'presenze' }]);
      // The next burst, once the first has gone out, is an event of its own.
      await ok(admin.post('/server/presenze/appello', { data: FRI, paziente: centre.mario.id, presente: true }));
      await flush(reader);
      expect(
        reader
          .data()
          .slice(from)
          .filter((e) => JSON.stringify(e) === JSON.stringify(day(FRI))),
      ).toHaveLength(2);
    } finally {
      live.coalesceMs = quiet;
      live.maxWaitMs = longest;
    }
  });

  it('sends what waits no later than the longest wait, however long the writes go on', async () => {
    const reader = await listening();
    const live = ctx.app.liveEvents;
    const [quiet, longest] = [live.coalesceMs, live.maxWaitMs];
    live.coalesceMs = 60_000;
    live.maxWaitMs = 300;
    try {
      const from = reader.messages.length;
      await ok(admin.post('/server/presenze/appello', { data: FRI, paziente: centre.mario.id, presente: true }));
      // The quiet window alone would hold it for a minute: the longest wait sends it.
      await reader.until(
        () =>
          reader
            .data()
            .slice(from)
            .some((e) => JSON.stringify(e) === JSON.stringify(day(FRI))),
        10_000,
      );
      expect(reader.data().slice(from)).toEqual([day(FRI), { tipo: 'presenze' }]);
    } finally {
      live.coalesceMs = quiet;
      live.maxWaitMs = longest;
    }
  });

  it('tells Anagrafiche of a renamed patient and a new room, Presenze of a closing day', async () => {
    const reader = await listening();
    expect(
      await eventsOf(reader, () =>
        ok(admin.post('/server/anagrafiche/pazienti/update', { ID: centre.mario.id, Nome: 'Mariano', Cognome: 'Rossi', Cellulare: '' })),
      ),
    ).toEqual([{ tipo: 'anagrafiche' }]);
    expect(await eventsOf(reader, () => ok(admin.put('/server/anagrafiche/stanze', { Nome: 'Atelier' })))).toEqual([
      { tipo: 'anagrafiche' },
    ]);
    expect(
      await eventsOf(reader, () => ok(admin.put('/server/presenze/chiusure', { data: '2026-12-07', descrizione: 'Sant’Ambrogio' }))),
    ).toEqual([{ tipo: 'presenze' }]);
  });

  it('sends nothing for a write that is refused or rolled back', async () => {
    const a = await addActivity(
      ctx.database.db,
      { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id] },
    );
    const reader = await listening();
    expect(
      await eventsOf(reader, async () => {
        expect((await admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: a.id })).status).toBe(409);
      }),
    ).toEqual([]);
    expect(
      await eventsOf(reader, async () => {
        await expect(
          ctx.database.db.transaction(async (tx) => {
            await tx.execute(sql`update activities set day = ${TUE} where id = ${a.id}`);
            throw new Error('ripensamento');
          }),
        ).rejects.toThrow('ripensamento');
      }),
    ).toEqual([]);
  });

  it('refuses a fourth stream of one account with 429, whichever of its sessions asks; another account still opens one', async () => {
    const phone = await new TestClient(ctx.app).login(VIEWER);
    const desk = await new TestClient(ctx.app).login(VIEWER);
    const tablet = await new TestClient(ctx.app).login(VIEWER);
    const three = await Promise.all([stream(phone), stream(phone), stream(desk)]);
    expect(three.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const client of [phone, desk, tablet]) {
      const fourth = await stream(client);
      expect(fourth.status).toBe(429);
      expect(JSON.parse(fourth.body)).toEqual({ error: MSG.tooManyLiveStreams, code: ERROR_CODES.tooManyRequests });
    }
    // The three open ones keep going: refusing the newcomer ends none of them.
    expect(three.map((r) => r.ended)).toEqual([false, false, false]);
    expect((await stream(admin)).status).toBe(200);
    // A closed tab frees its place, for any session of the account.
    three[0].close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await stream(tablet)).status).toBe(200);
    expect((await stream(desk)).status).toBe(429);
  });

  it('answers 503 with its message beyond LIVE_MAX_STREAMS open streams in the process, and a place frees as one closes', async () => {
    const small = await buildTestApp(ctx.database, { liveMaxStreams: 2 });
    try {
      await small.listen({ port: 0, host: '127.0.0.1' });
      const viewer = await new TestClient(small).login(VIEWER);
      const director = await new TestClient(small).login(ADMIN);
      const two = [await stream(viewer, undefined, small), await stream(director, undefined, small)];
      expect(two.map((r) => r.status)).toEqual([200, 200]);
      const full = await stream(director, undefined, small);
      expect(full.status).toBe(503);
      expect(JSON.parse(full.body)).toEqual({ error: MSG.liveStreamsFull, code: ERROR_CODES.serverBusy });
      expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
      // The other process (ctx.app) counts its own.
      expect((await stream(admin)).status).toBe(200);
      two[0].close();
      await new Promise((r) => setTimeout(r, 100));
      expect((await stream(director, undefined, small)).status).toBe(200);
    } finally {
      for (const reader of open.splice(0)) reader.close();
      await small.close();
    }
  });

  it("replays what a reconnect missed after its Last-Event-ID, and asks to reload from an id it doesn't hold", async () => {
    const first = await listening();
    const resumeFrom = first.lastEventId;
    expect(resumeFrom).toMatch(/^[\w-]+-\d+$/);
    const missed = await eventsOf(first, async () => {
      await ok(admin.put('/server/anagrafiche/stanze', { Nome: 'Atelier' }));
      await addActivity(ctx.database.db, { name: 'Coro', roomId: centre.palestra.id, day: TUE, start: '09:00', end: '10:00' });
    });
    expect(missed).toEqual([{ tipo: 'anagrafiche' }, day(TUE)]);
    first.close(); // the account's three places are for the reconnects below
    const again = await stream(admin, resumeFrom);
    await again.until(() => again.messages.length >= 3);
    expect(again.data()).toEqual([...missed, day(MARKER_DAY)]);
    again.close();

    const stranger = await stream(admin, 'altroprocesso-12');
    await stranger.until(() => stranger.messages.length >= 1);
    expect(stranger.data()).toEqual([{ tipo: 'ricarica' }]);
    // After it, a resume from the id it was given replays nothing more.
    const settled = await stream(admin, stranger.lastEventId);
    await settled.until(() => settled.comments.includes('connesso'));
    await flush(settled);
    expect(settled.data()).toEqual([day(MARKER_DAY)]);
  });

  it('asks to reload a resume older than the last 1,000 events', async () => {
    const first = await listening();
    const old = first.lastEventId;
    ctx.app.liveEvents.hub.publish(Array.from({ length: 1001 }, () => ({ tipo: 'presenze' as const })));
    const again = await stream(admin, old);
    await again.until(() => again.messages.length >= 1);
    expect(again.data()).toEqual([{ tipo: 'ricarica' }]);
  });

  it('ends the stream when its session row is deleted, and at logout', async () => {
    const viewer = await new TestClient(ctx.app).login(VIEWER);
    const viewerStream = await listening(viewer);
    const adminStream = await listening(admin);
    await ctx.database.db.execute(sql`delete from sessions where user_id = (select id from users where username = ${VIEWER.username})`);
    await viewerStream.until(() => viewerStream.ended);
    expect(adminStream.ended).toBe(false);

    await ok(admin.post('/server/user/logout'));
    await adminStream.until(() => adminStream.ended);
    // The ended session cannot open another.
    expect((await stream(admin)).status).toBe(403);
  });

  it('ends every stream when the server closes, so a graceful stop is not held up', async () => {
    const other = await buildTestApp(ctx.database);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const client = await new TestClient(other).login(VIEWER);
    const reader = await stream(client, undefined, other);
    await reader.until(() => reader.comments.includes('connesso'));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await reader.until(() => reader.ended);
  });

  it('sends a heartbeat, and ends the stream once its session has expired', async () => {
    const short = await buildTestApp(ctx.database, { sessionIdleMs: 600 });
    try {
      short.liveEvents.heartbeatMs = 100;
      await short.listen({ port: 0, host: '127.0.0.1' });
      const client = await new TestClient(short).login(VIEWER);
      const reader = await stream(client, undefined, short);
      await reader.until(() => reader.comments.includes('ping'), 1000);
      expect(reader.ended).toBe(false);
      // No request for longer than the idle time: the heartbeat's check ends it.
      await reader.until(() => reader.ended, 3000);
      expect((await client.get('/server/user/auth')).status).toBe(403);
    } finally {
      await short.close();
    }
  });
});
