/**
 * Hostile and random input against every write call and every search: the
 * answer is always a 4xx with an Italian message or a success, never a 5xx,
 * and a refused request leaves every table exactly as it was.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import type { App } from './app.ts';
import type { Database } from './db/client.ts';
import { addActivity, addRun, seedCentre } from './test/fixtures.ts';
import { ADMIN, DB_KINDS, TestClient, buildTestApp, createAccounts, openTestDatabase, truncateAll } from './test/harness.ts';

const MON = '2026-11-23';
/** Every table but the sign-in failure log, which a refused login is meant to grow. */
const COMPARED_TABLES = ['users', 'sessions', 'rooms', 'patients', 'therapists', 'transport_runs', 'activities', 'activity_patients', 'activity_therapists', 'transport_patients', 'transport_therapists'];

const HOSTILE_VALUES: unknown[] = [
  '', ' ', 'x'.repeat(20_000), 'x'.repeat(100_000), "'; drop table activities; --", "Robert'); DELETE FROM patients;--", '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>', '"quoted"', '2026-02-30', '2026-13-01', '0000-00-00', '25:00', '9:7', '24:30', '-1', '1e3', '0x10',
  -1, 0, -0, 1.5, 2 ** 31, 2 ** 53, 1e308, -1e308, 999_999, null, true, false, [], {}, [1, 2], { $gt: '' }, '\u0000', '🙂'.repeat(50),
];

const hostile = fc.constantFrom(...HOSTILE_VALUES);
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** A valid payload with fields replaced, removed or added at random. */
function mutate(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.constant(valid[k]), hostile, anyJson)]))),
    fc.subarray(keys).map((kept) => Object.fromEntries(kept.map((k) => [k, valid[k]]))),
    fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), fc.oneof(hostile, anyJson)),
    fc.record({ extra: fc.oneof(hostile, anyJson) }).map((extra) => ({ ...valid, ...extra, __proto__: { admin: 1 } })),
    anyJson,
    hostile,
  );
}

describe.each(DB_KINDS)('hostile input on %s', (kind) => {
  let database: Database;
  let app: App;
  let admin: TestClient;
  let ids: { activity: number; patient: number; therapist: number; room: number; run: number; patientLink: number; therapistLink: number };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
    await truncateAll(database);
    await createAccounts(database);
    const centre = await seedCentre(database.db);
    const run = await addRun(database.db, { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 1, day: MON }, { patients: [centre.mario.id] });
    const activity = await addActivity(database.db, { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' }, { patients: [centre.lucia.id], therapists: [centre.paola.id] });
    admin = await new TestClient(app).login(ADMIN);
    const day = await admin.post<{ attivita: { Pazienti: { ID: number }[]; Terapisti: { ID: number }[] }[] }>('/server/calendario/giornata', { data: MON });
    ids = {
      activity: activity.id, patient: centre.mario.id, therapist: centre.stefano.id, room: centre.palestra.id, run: run.id,
      patientLink: day.body.attivita[0].Pazienti[0].ID, therapistLink: day.body.attivita[0].Terapisti[0].ID,
    };
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function dump(): Promise<string> {
    const parts: unknown[] = [];
    for (const table of COMPARED_TABLES) {
      const res = (await database.db.execute(sql.raw(`select * from ${table} order by 1, 2`))) as unknown as { rows: unknown[] };
      parts.push(res.rows);
    }
    return JSON.stringify(parts);
  }

  const calls = (): [string, 'POST' | 'PUT', Record<string, unknown>][] => [
    ['/server/user/login', 'POST', { username: 'qualcuno', pass: 'qualcosa' }],
    ['/server/user/password', 'POST', { attuale: 'sbagliata', nuova: 'nuovissima' }],
    ['/server/calendario/createattivita', 'PUT', { nome: 'Coro', stanza: ids.room, giorno: 1, data: MON, orainizio: '14:00', orafine: '15:00', trasporto: -1 }],
    ['/server/calendario/updateattivita', 'POST', { nome: 'Coro', stanza: ids.room, giorno: 1, data: MON, orainizio: '14:00', orafine: '15:00', trasporto: -1, attivitaId: ids.activity }],
    ['/server/calendario/removeattivita', 'POST', { attivitaId: 999_999 }],
    ['/server/calendario/copyattivita', 'POST', { attivitaId: ids.activity, orainizio: '10:00', orafine: '09:00' }],
    ['/server/calendario/insertpaziente', 'PUT', { paziente: ids.patient, attivita: ids.activity }],
    ['/server/calendario/insertterapista', 'PUT', { terapista: ids.therapist, attivita: ids.activity }],
    ['/server/calendario/checkattivita', 'POST', { paziente: ids.patient, attivita: ids.activity }],
    ['/server/calendario/checkattivitater', 'POST', { terapista: ids.therapist, attivita: ids.activity }],
    ['/server/calendario/removepaziente', 'POST', { id: 999_999 }],
    ['/server/calendario/removeterapista', 'POST', { id: 999_999 }],
    ['/server/calendario/emptyday', 'POST', { data: '2026-12-25' }],
    ['/server/calendario/pasteday', 'POST', { from: MON, to: MON }],
    ['/server/calendario/giornata', 'POST', { data: MON }],
    ['/server/calendario/settimana', 'POST', { datastart: MON, datastop: '2026-11-27' }],
    ['/server/calendario/getfirstattivita', 'POST', { data: MON, ora: '10:00', stanza: ids.room }],
    ['/server/pazienti/find/', 'POST', { value: 'ros' }],
    ['/server/pazienti/getfromfind/', 'POST', { nome: 'Mario', cognome: 'Rossi', cellulare: '' }],
    ['/server/terapisti/find/', 'POST', { value: 'pao' }],
    ['/server/terapisti/getfromfind/', 'POST', { username: 'paola.neri' }],
    ['/server/anagrafiche/pazienti', 'PUT', { Nome: 'Ada', Cognome: 'Neri', Cellulare: '333 1234567' }],
    ['/server/anagrafiche/pazienti/update', 'POST', { ID: ids.patient, Nome: 'Mario', Cognome: 'Rossi', Cellulare: '+393331112222' }],
    ['/server/anagrafiche/pazienti/archivia', 'POST', { ID: 999_999 }],
    ['/server/anagrafiche/terapisti', 'PUT', { username: 'paola.neri', RifUtente: -1 }],
    ['/server/anagrafiche/stanze', 'PUT', { Nome: 'Palestra' }],
    ['/server/anagrafiche/stanze/sposta', 'POST', { ID: ids.room, direzione: 'su' }],
    ['/server/anagrafiche/uscite', 'PUT', { Tratta: 'Andata', Ora: '09:00', OraArrivo: '08:00', RifPulmino: 1, Data: MON }],
    ['/server/anagrafiche/uscite/update', 'POST', { ID: ids.run, Tratta: 'Andata', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 1, Data: MON }],
    ['/server/anagrafiche/uscite/passeggeri', 'PUT', { uscita: ids.run, paziente: ids.patient }],
    ['/server/anagrafiche/uscite/operatori', 'PUT', { uscita: ids.run, terapista: 999_999 }],
    ['/server/anagrafiche/uscite/elimina', 'POST', { ID: 999_999 }],
    ['/server/anagrafiche/utenti', 'PUT', { username: ADMIN.username, password: 'abcdef', Admin: 1 }],
    ['/server/anagrafiche/utenti/admin', 'POST', { ID: 1, Admin: 0 }],
    ['/server/anagrafiche/utenti/disattiva', 'POST', { ID: 1, disattivato: true }],
    ['/server/anagrafiche/utenti/password', 'POST', { ID: 999_999, password: 'abcdef' }],
  ];

  it('answers random and hostile payloads to every write and search with a 4xx or a success, never a 5xx, and a refusal changes nothing', async () => {
    for (const [url, method, valid] of calls()) {
      await fc.assert(
        fc.asyncProperty(mutate(valid), async (payload) => {
          const before = await dump();
          const res = await admin.request(method, url, payload as object);
          expect(res.status, `${method} ${url} ${JSON.stringify(payload).slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(typeof (res.body as { error?: unknown }).error).toBe('string');
            expect(await dump()).toBe(before);
          }
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
  }, 600_000);

  it('refuses a 100 kB string in any field of every write and search with 413 and its message, changing nothing', async () => {
    const before = await dump();
    for (const [url, method, valid] of calls()) {
      for (const field of Object.keys(valid)) {
        const res = await admin.request(method, url, { ...valid, [field]: 'x'.repeat(100_000) });
        expect(res.status, `${method} ${url} ${field}`).toBe(413);
        expect((res.body as { error?: unknown }).error).toBe(MSG.bodyTooLarge);
      }
    }
    expect(await dump()).toBe(before);
  }, 120_000);

  it('answers malformed JSON, bodies over the limit and wrong content types with a 4xx', async () => {
    const before = await dump();
    for (const raw of ['{', '{"data": }', 'null', '[]', '"stringa"', '{"data":"2026-11-23"', '\u0000']) {
      const res = await admin.request('POST', '/server/calendario/emptyday', raw);
      expect(res.status, raw).toBeGreaterThanOrEqual(400);
      expect(res.status, raw).toBeLessThan(500);
    }
    const huge = await admin.post('/server/calendario/createattivita', { nome: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const res = await app.inject({
        method: 'POST',
        url: '/server/calendario/emptyday',
        headers: { 'content-type': contentType, cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')! },
        payload: 'data=2026-11-23',
      });
      expect(res.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, contentType).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await dump()).toBe(before);
  });
});
