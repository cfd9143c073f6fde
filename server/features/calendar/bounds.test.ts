/**
 * Every call's work is bounded: week calls and list filters take at most 31
 * days, the list of every day is streamed page by page with the same JSON,
 * the calendar cache holds a bounded number of bytes, and the costly calls
 * are limited per session while day reads and health are not.
 */
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it, onTestFinished } from 'vitest';
import { addDays } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import type { ApiErrorBody } from '../../../common/schemas.ts';
import { PAGE_ROWS } from '../../lib/json-array-stream.ts';
import { DEFAULT_CALL_LIMITS, RANGE_READS, SEARCHES } from '../../lib/rate-limits.ts';
import { addActivity, addRun, seedCentre, type Centre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, VIEWER, buildTestApp, describeOnBothDatabases } from '../../test/harness.ts';
import { createCalendarCache } from './day-cache.ts';
import { rowsOf } from '../../db/rows.ts';

const MON = '2026-11-23';
/** The last day of a 31-day range starting MON, and the first day too many. */
const DAY_31 = addDays(MON, 30);
const DAY_32 = addDays(MON, 31);

const WEEK_CALLS = ['/server/calendario/settimana', '/server/calendario/getattivitaweek', '/server/calendario/getweektrasporto'];
const LIST_CALLS = [
  '/server/calendario/getterapisti',
  '/server/calendario/getpazienti',
  '/server/calendario/gettrasportoter',
  '/server/calendario/gettrasportopaz',
];

describeOnBothDatabases('bounded work per request', (ctx) => {
  let viewer: TestClient;
  let centre: Centre;
  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
    viewer = await new TestClient(ctx.app).login(VIEWER);
  });

  it('answers a week call of up to 31 days and refuses 32 days, or a stop before the start, with 400 in Italian', async () => {
    await addActivity(
      ctx.database.db,
      { name: 'Ultimo giorno', roomId: centre.palestra.id, day: DAY_31, start: '09:00', end: '10:00' },
      { therapists: [centre.paola.id] },
    );
    for (const url of WEEK_CALLS) {
      const ok = await viewer.post(url, { datastart: MON, datastop: DAY_31 });
      expect(ok.status, url).toBe(200);
      const tooLong = await viewer.post<ApiErrorBody>(url, { datastart: MON, datastop: DAY_32 });
      expect(tooLong.status, url).toBe(400);
      expect(tooLong.body.error).toBe(MSG.rangeTooLong);
      expect(tooLong.body.code).toBe(ERROR_CODES.invalidInput);
      expect(tooLong.body.issues).toEqual([{ path: ['datastop'], message: MSG.rangeTooLong }]);
      const tenYears = await viewer.post<ApiErrorBody>(url, { datastart: '2016-01-01', datastop: '2026-12-31' });
      expect(tenYears.status, url).toBe(400);
      expect(tenYears.body.error).toBe(MSG.rangeTooLong);
      const backwards = await viewer.post<ApiErrorBody>(url, { datastart: DAY_31, datastop: MON });
      expect(backwards.status, url).toBe(400);
      expect(backwards.body.error).toBe(MSG.weekRangeInvalid);
    }
    const activities = await viewer.post<{ NomeAttivita: string }[]>('/server/calendario/getattivitaweek', {
      datastart: MON,
      datastop: DAY_31,
    });
    expect(activities.body.map((a) => a.NomeAttivita)).toEqual(['Ultimo giorno']);
  });

  it('filters the link lists by a range of up to 31 days and refuses a longer or backward one with 400', async () => {
    await addActivity(
      ctx.database.db,
      { name: 'Ultimo giorno', roomId: centre.palestra.id, day: DAY_31, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id], therapists: [centre.paola.id] },
    );
    await addRun(
      ctx.database.db,
      { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 1, day: DAY_31 },
      { patients: [centre.mario.id], therapists: [centre.paola.id] },
    );
    for (const url of LIST_CALLS) {
      const ok = await viewer.get<unknown[]>(`${url}?datastart=${MON}&datastop=${DAY_31}`);
      expect(ok.status, url).toBe(200);
      expect(ok.body, url).toHaveLength(1);
      const tooLong = await viewer.get<ApiErrorBody>(`${url}?datastart=${MON}&datastop=${DAY_32}`);
      expect(tooLong.status, url).toBe(400);
      expect(tooLong.body.error, url).toBe(MSG.rangeTooLong);
      expect(tooLong.body.code, url).toBe(ERROR_CODES.invalidInput);
      const backwards = await viewer.get<ApiErrorBody>(`${url}?datastart=${DAY_31}&datastop=${MON}`);
      expect(backwards.status, url).toBe(400);
      expect(backwards.body.error, url).toBe(MSG.weekRangeInvalid);
    }
  });

  it('streams the lists of every day, across several pages, as the same JSON the rows make', async () => {
    const db = ctx.database.db;
    const activity = await addActivity(db, { name: 'Tante persone', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' });
    const run = await addRun(db, { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 1, day: MON });
    // More rows than two and a half pages: enough people for that many distinct links.
    const count = Math.floor(PAGE_ROWS * 2.5);
    await db.execute(
      sql`insert into patients (first_name, last_name, mobile) select 'P', 'N' || g, '' from generate_series(1, ${count}) g`,
    );
    await db.execute(sql`insert into therapists (username) select 'terapista.' || g from generate_series(1, ${count}) g`);
    await db.execute(sql`insert into activity_patients (activity_id, patient_id) select ${activity.id}, id from patients`);
    await db.execute(sql`insert into activity_therapists (activity_id, therapist_id) select ${activity.id}, id from therapists`);
    await db.execute(sql`insert into transport_patients (run_id, patient_id) select ${run.id}, id from patients`);
    await db.execute(sql`insert into transport_therapists (run_id, therapist_id) select ${run.id}, id from therapists`);

    const rows = async (query: string) => await rowsOf(db, sql.raw(query));
    const expected: Record<string, unknown[]> = {
      getpazienti: await rows(
        'select id as "ID", activity_id as "RifAttivita", patient_id as "RifPaziente" from activity_patients order by id',
      ),
      getterapisti: await rows(
        'select id as "ID", activity_id as "RifAttivita", therapist_id as "RifTerapista" from activity_therapists order by id',
      ),
      gettrasportopaz: await rows('select run_id as "RifUscita", patient_id as "RifPaziente" from transport_patients order by 1, 2'),
      gettrasportoter: await rows('select run_id as "RifUscita", therapist_id as "RifTerapista" from transport_therapists order by 1, 2'),
    };
    for (const [call, list] of Object.entries(expected)) {
      expect(list.length, call).toBeGreaterThan(PAGE_ROWS * 2);
      const res = await viewer.get(`/server/calendario/${call}`);
      expect(res.status, call).toBe(200);
      expect(String(res.headers['content-type']), call).toMatch(/^application\/json/);
      expect(res.body, call).toEqual(list);
      // The filtered form answers the same links (here all of one day), in its own order.
      const sorted = (rows: unknown) => (rows as object[]).map((row) => JSON.stringify(row)).sort();
      expect(sorted((await viewer.get(`/server/calendario/${call}?data=${MON}`)).body), call).toEqual(sorted(list));
    }
  });

  it('streams an empty list as []', async () => {
    for (const url of LIST_CALLS) {
      const res = await viewer.get(url);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toEqual([]);
    }
  });

  it('keeps the calendar cache within its bytes, dropping the least recently read first, and still answers right', async () => {
    for (let i = 0; i < 20; i++) {
      await addActivity(
        ctx.database.db,
        {
          name: `Attività del giorno ${i} ${'x'.repeat(200)}`,
          roomId: centre.palestra.id,
          day: addDays(MON, i),
          start: '09:00',
          end: '10:00',
        },
        { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
      );
    }
    // A day here is about 740 bytes, 1 KB with its gzip: 20 of them overflow this, so the oldest must go.
    const maxBytes = 8_000;
    const cache = createCalendarCache(ctx.database.db, maxBytes);
    for (let i = 0; i < 20; i++) {
      const answer = await cache.day(addDays(MON, i));
      const day = JSON.parse(answer.json.toString()) as { attivita: { NomeAttivita: string }[] };
      // Every other day also read by a browser: its gzip counts in the bytes too.
      if (i % 2 === 0) expect(JSON.parse(zlib.gunzipSync(await answer.gzip()).toString())).toEqual(day);
      expect(day.attivita[0].NomeAttivita).toContain(`giorno ${i} `);
      expect(cache.bytes()).toBeGreaterThan(0);
      expect(cache.bytes()).toBeLessThanOrEqual(maxBytes);
    }
    const week = JSON.parse((await cache.week(MON, addDays(MON, 13))).json.toString()) as { attivita: unknown[] };
    expect(week.attivita).toHaveLength(14);
    expect(cache.bytes()).toBeLessThanOrEqual(maxBytes);
  });

  it('limits the range calls per account with 429 in Italian, each call on its own, but never day reads or health', async () => {
    // An app of its own: the counts are the account's, and the other tests' calls would count.
    const app = await buildTestApp(ctx.database, {}, DEFAULT_CALL_LIMITS);
    onTestFinished(() => app.close());
    const viewer = await new TestClient(app).login(VIEWER);
    const other = await new TestClient(app).login(VIEWER);
    const week = { datastart: MON, datastop: addDays(MON, 4) };
    for (let i = 0; i < RANGE_READS.max; i++) expect((await viewer.post('/server/calendario/settimana', week)).status).toBe(200);
    const refused = await viewer.post<ApiErrorBody>('/server/calendario/settimana', week);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MSG.tooManyReads, code: ERROR_CODES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The unfiltered list counts; the list of one day does not.
    for (let i = 0; i < RANGE_READS.max; i++) expect((await viewer.get('/server/calendario/getpazienti')).status).toBe(200);
    expect((await viewer.get('/server/calendario/getpazienti')).status).toBe(429);
    expect((await viewer.get(`/server/calendario/getpazienti?data=${MON}`)).status).toBe(200);
    // Another session of the same account waits too (the count is the account's); another account goes on,
    // and so do the same session's day reads and health.
    expect((await other.post('/server/calendario/settimana', week)).status).toBe(429);
    const admin = await new TestClient(app).login(ADMIN);
    expect((await admin.post('/server/calendario/settimana', week)).status).toBe(200);
    expect((await viewer.post('/server/calendario/getattivitaweek', week)).status).toBe(200);
    for (let i = 0; i < RANGE_READS.max + 5; i++) {
      expect((await viewer.post('/server/calendario/giornata', { data: MON })).status).toBe(200);
      expect((await viewer.get('/server/health')).status).toBe(200);
    }
  });

  it('limits the searches per account with 429 in Italian', async () => {
    const app = await buildTestApp(ctx.database, {}, DEFAULT_CALL_LIMITS);
    onTestFinished(() => app.close());
    const viewer = await new TestClient(app).login(VIEWER);
    const admin = await new TestClient(app).login(ADMIN);
    for (let i = 0; i < SEARCHES.max; i++) expect((await viewer.post('/server/pazienti/find', { value: 'ros' })).status).toBe(200);
    const refused = await viewer.post<ApiErrorBody>('/server/pazienti/find/', { value: 'ros' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MSG.tooManyReads, code: ERROR_CODES.tooManyRequests });
    expect((await viewer.post('/server/terapisti/find', { value: 'pao' })).status).toBe(200);
    expect((await admin.post('/server/pazienti/find', { value: 'ros' })).status).toBe(200);
    for (let i = 0; i < SEARCHES.max; i++) expect((await admin.get('/server/anagrafiche/pazienti?q=ros')).status).toBe(200);
    expect((await admin.get('/server/anagrafiche/pazienti?q=ros')).status).toBe(429);
  });
});
