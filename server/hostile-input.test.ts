/**
 * Hostile and random input against every write call and every search: the
 * answer is always a 4xx with an Italian message or a success, never a 5xx,
 * and a refused request leaves every table exactly as it was.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '../common/errors.ts';
import { MSG } from '../common/messages.ts';
import { ALL_TABLES } from './db/backup.ts';
import { addActivity, addRun, seedCentre } from './test/fixtures.ts';
import { ADMIN, TestClient, describeOnBothDatabases } from './test/harness.ts';
import { rowsOf } from './db/rows.ts';

const MON = '2026-11-23';
/** Every table but the sign-in failure log, which a refused login is meant to grow. */
const COMPARED_TABLES = ALL_TABLES.filter((table) => table !== 'login_failures');

const HOSTILE_VALUES: unknown[] = [
  '',
  ' ',
  'x'.repeat(20_000),
  'x'.repeat(100_000),
  "'; drop table activities; --",
  "Robert'); DELETE FROM patients;--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"quoted"',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '25:00',
  '9:7',
  '24:30',
  '-1',
  '1e3',
  '0x10',
  -1,
  0,
  -0,
  1.5,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  999_999,
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { $gt: '' },
  '\u0000',
  '🙂'.repeat(50),
  'Mario\u0000Rossi',
  '\u001b[31mrosso',
  'a\u007fb',
  '\u0085',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
];

/**
 * Characters no text field takes: NUL (which PostgreSQL refuses), the other
 * control characters, tab and line breaks included (no field is multi-line),
 * and the halves of a surrogate pair on their own.
 */
const UNSAFE_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
];
const unsafeChar = fc.constantFrom(...UNSAFE_CHARS);

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  // Any code unit at all, lone surrogates and control characters included.
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.tuple(fc.string({ maxLength: 10 }), unsafeChar, fc.string({ maxLength: 10 })).map(([a, c, b]) => a + c + b),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** The string fields of a valid payload, each with an unsafe character slipped in somewhere. */
function tainted(valid: Record<string, unknown>) {
  const texts = Object.keys(valid).filter((k) => typeof valid[k] === 'string');
  if (texts.length === 0) return fc.constant(valid);
  return fc.tuple(fc.constantFrom(...texts), unsafeChar, fc.nat()).map(([key, char, at]) => {
    const value = valid[key] as string;
    const i = at % (value.length + 1);
    return { ...valid, [key]: value.slice(0, i) + char + value.slice(i) };
  });
}

/** A valid payload with fields replaced, removed or added at random. */
function mutate(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.constant(valid[k]), hostile, anyJson)]))),
    fc.subarray(keys).map((kept) => Object.fromEntries(kept.map((k) => [k, valid[k]]))),
    fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), fc.oneof(hostile, anyJson)),
    fc.record({ extra: fc.oneof(hostile, anyJson) }).map((extra) => ({ ...valid, ...extra, __proto__: { admin: 1 } })),
    tainted(valid),
    anyJson,
    hostile,
  );
}

describeOnBothDatabases('hostile input', { reset: 'once' }, (ctx) => {
  let admin: TestClient;
  let ids: {
    activity: number;
    patient: number;
    therapist: number;
    room: number;
    run: number;
    patientLink: number;
    therapistLink: number;
  };

  beforeAll(async () => {
    const centre = await seedCentre(ctx.database.db);
    const run = await addRun(
      ctx.database.db,
      { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 1, day: MON },
      { patients: [centre.mario.id] },
    );
    const activity = await addActivity(
      ctx.database.db,
      { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
      { patients: [centre.lucia.id], therapists: [centre.paola.id] },
    );
    admin = await new TestClient(ctx.app).login(ADMIN);
    const day = await admin.post<{ attivita: { Pazienti: { ID: number }[]; Terapisti: { ID: number }[] }[] }>(
      '/server/calendario/giornata',
      { data: MON },
    );
    ids = {
      activity: activity.id,
      patient: centre.mario.id,
      therapist: centre.stefano.id,
      room: centre.palestra.id,
      run: run.id,
      patientLink: day.body.attivita[0].Pazienti[0].ID,
      therapistLink: day.body.attivita[0].Terapisti[0].ID,
    };
  }, 120_000);

  /**
   * Every compared table's rows, read in one query (one per table made this the file's longest part), each table's rows
   * in a total order. A session's last use moves on by itself once a minute (the idle expiry): not a change a refusal made.
   */
  const dumpQuery = sql.raw(
    `select json_build_array(${COMPARED_TABLES.map((table) => `(select coalesce(json_agg(to_jsonb(t) - 'last_seen_at'), '[]') from ${table} t)`).join(', ')}) as tables`,
  );
  async function dump(): Promise<string> {
    const [{ tables }] = await rowsOf<{ tables: unknown[][] }>(ctx.database.db, dumpQuery);
    return JSON.stringify(tables.map((rows) => rows.map((row) => JSON.stringify(row)).sort()));
  }

  const calls = (): [string, 'POST' | 'PUT', Record<string, unknown>][] => [
    ['/server/user/login', 'POST', { username: 'qualcuno', pass: 'qualcosa' }],
    ['/server/user/password', 'POST', { attuale: 'sbagliata', nuova: 'ombrello-giallo-di-marzo' }],
    [
      '/server/calendario/createattivita',
      'PUT',
      { nome: 'Coro', stanza: ids.room, giorno: 1, data: MON, orainizio: '14:00', orafine: '15:00', trasporto: -1 },
    ],
    [
      '/server/calendario/updateattivita',
      'POST',
      {
        nome: 'Coro',
        stanza: ids.room,
        giorno: 1,
        data: MON,
        orainizio: '14:00',
        orafine: '15:00',
        trasporto: -1,
        attivitaId: ids.activity,
      },
    ],
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
    [
      '/server/anagrafiche/uscite/update',
      'POST',
      { ID: ids.run, Tratta: 'Andata', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 1, Data: MON },
    ],
    ['/server/anagrafiche/uscite/passeggeri', 'PUT', { uscita: ids.run, paziente: ids.patient }],
    ['/server/anagrafiche/uscite/operatori', 'PUT', { uscita: ids.run, terapista: 999_999 }],
    ['/server/anagrafiche/uscite/elimina', 'POST', { ID: 999_999 }],
    ['/server/anagrafiche/utenti', 'PUT', { username: ADMIN.username, password: 'intruso-senza-permesso', Admin: 1 }],
    ['/server/anagrafiche/utenti/admin', 'POST', { ID: 1, Admin: 0 }],
    ['/server/anagrafiche/utenti/disattiva', 'POST', { ID: 1, disattivato: true }],
    ['/server/anagrafiche/utenti/password', 'POST', { ID: 999_999, password: 'intruso-senza-permesso' }],
    [
      '/server/presenze/assenze',
      'PUT',
      {
        tipo: 'terapista',
        persona: ids.therapist,
        dal: '2026-12-01',
        al: '2026-12-03',
        motivo: 'ferie',
        giustificata: true,
        note: 'Visita',
      },
    ],
    ['/server/presenze/assenze/elimina', 'POST', { ID: 999_999 }],
    ['/server/presenze/assenze/togli', 'POST', { tipo: 'paziente', persona: ids.patient, data: MON }],
    ['/server/presenze/appello', 'POST', { data: MON, paziente: ids.patient, presente: false, motivo: 'malattia', giustificata: true }],
    ['/server/presenze/mese/chiudi', 'POST', { mese: '2026-10' }],
    ['/server/presenze/mese/riapri', 'POST', { mese: '2026-09', correzione: 'Errore di battitura' }],
    ['/server/presenze/chiusure', 'PUT', { data: '2026-12-24', descrizione: 'Vigilia di Natale' }],
    ['/server/presenze/chiusure/elimina', 'POST', { data: '2026-12-31' }],
    ['/server/modelli', 'PUT', { nome: 'Inverno', dasettimana: '2026-11-24' }],
    ['/server/modelli/update', 'POST', { ID: 999_999, nome: 'Estate' }],
    ['/server/modelli/duplica', 'POST', { ID: 999_999, nome: 'Estate' }],
    ['/server/modelli/elimina', 'POST', { ID: 999_999 }],
    ['/server/modelli/applica', 'POST', { modello: 999_999, dal: MON, al: '2026-11-27', esistenti: 'salta' }],
    ['/server/calendario/pasteweek', 'POST', { from: MON, to: MON, esistenti: 'salta' }],
  ];

  it('answers random and hostile payloads to every write and search with a 4xx or a success, never a 5xx, and a refusal changes nothing', async () => {
    // The tables as they are before each call: read again only after a call that succeeded (a refusal left them so).
    let before = await dump();
    for (const [url, method, valid] of calls()) {
      await fc.assert(
        fc.asyncProperty(mutate(valid), async (payload) => {
          const res = await admin.request(method, url, payload as object);
          expect(res.status, `${method} ${url} ${JSON.stringify(payload).slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(typeof (res.body as { error?: unknown }).error).toBe('string');
            expect(await dump()).toBe(before);
          } else {
            before = await dump();
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
        expect(res.body, `${method} ${url} ${field}`).toEqual({ error: MSG.bodyTooLarge, code: ERROR_CODES.tooLarge });
      }
    }
    expect(await dump()).toBe(before);
  }, 120_000);

  /** The free-text fields of each call: a control character or a lone surrogate in any of them is refused with its message. */
  const TEXT_FIELDS: Record<string, string[]> = {
    '/server/user/login': ['username', 'pass'],
    '/server/user/password': ['attuale', 'nuova'],
    '/server/calendario/createattivita': ['nome'],
    '/server/calendario/updateattivita': ['nome'],
    '/server/pazienti/find/': ['value'],
    '/server/pazienti/getfromfind/': ['nome', 'cognome', 'cellulare'],
    '/server/terapisti/find/': ['value'],
    '/server/terapisti/getfromfind/': ['username'],
    '/server/anagrafiche/pazienti': ['Nome', 'Cognome', 'Cellulare'],
    '/server/anagrafiche/pazienti/update': ['Nome', 'Cognome', 'Cellulare'],
    '/server/anagrafiche/terapisti': ['username'],
    '/server/anagrafiche/stanze': ['Nome'],
    '/server/anagrafiche/uscite/update': ['Tratta'],
    '/server/anagrafiche/utenti': ['username', 'password'],
    '/server/anagrafiche/utenti/password': ['password'],
    '/server/modelli': ['nome'],
    '/server/modelli/update': ['nome'],
    '/server/modelli/duplica': ['nome'],
    '/server/presenze/assenze': ['note'],
    '/server/presenze/mese/riapri': ['correzione'],
    '/server/presenze/chiusure': ['descrizione'],
  };

  it('refuses NUL, any other control character or a lone surrogate in every text field with 400 and its message, changing nothing', async () => {
    const before = await dump();
    const byUrl = new Map(calls().map(([url, method, valid]) => [url, { method, valid }]));
    for (const [url, fields] of Object.entries(TEXT_FIELDS)) {
      const { method, valid } = byUrl.get(url)!;
      for (const field of fields) {
        for (const char of ['\u0000', '\u001b', '\n', '\u007f', '\u0085', '\ud800', '\udfff']) {
          const value = `${String(valid[field] || 'testo')}${char}x`;
          const res = await admin.request(method, url, { ...valid, [field]: value });
          const label = `${method} ${url} ${field} ${JSON.stringify(char)}`;
          expect(res.status, label).toBe(400);
          expect(res.body, label).toMatchObject({
            code: ERROR_CODES.invalidInput,
            issues: expect.arrayContaining([{ path: [field], message: MSG.textInvalidChars }]),
          });
        }
      }
    }
    for (const q of ['%00', 'ros%00', 'a%1Bb', 'x%7F']) {
      const res = await admin.get(`/server/anagrafiche/pazienti?q=${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toMatchObject({ code: ERROR_CODES.invalidInput });
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
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/server/calendario/emptyday',
        headers: {
          'content-type': contentType,
          cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
        },
        payload: 'data=2026-11-23',
      });
      expect(res.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, contentType).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await dump()).toBe(before);
  });
});
