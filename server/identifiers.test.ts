/**
 * Identifiers (usernames, therapists' usernames, rooms, templates, activities' names) refuse every
 * invisible format character and are compared in their NFKC form; names and notes refuse the bidi
 * overrides that make a text read other than it is stored. Each refusal is a 400 that changes nothing.
 */
import { count, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { ANAGRAFICHE_MSG } from '../common/anagrafiche.ts';
import { ERROR_CODES } from '../common/errors.ts';
import { MSG } from '../common/messages.ts';
import { auditLog, patients, rooms, templates, therapists, users } from './db/schema.ts';
import { seedCentre, type Centre } from './test/fixtures.ts';
import { rowsOf } from './db/rows.ts';
import { ADMIN, TestClient, codeOf, describeOnBothDatabases, errorOf } from './test/harness.ts';

const MON = '2026-11-23';
/** Zero-width space, zero-width joiner, word joiner, soft hyphen, left-to-right mark, BOM, an invisible tag. */
const INVISIBLE = ['\u200B', '\u200D', '\u2060', '\u00AD', '\u200E', '\uFEFF', '\u{E0041}'];
/** Bidi embeddings, overrides and isolates. */
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describeOnBothDatabases('identifiers and bidi text', (ctx) => {
  let admin: TestClient;
  let centre: Centre;
  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
    admin = await new TestClient(ctx.app).login(ADMIN);
  });
  const countOf = async (table: typeof users | typeof therapists | typeof rooms | typeof templates | typeof patients) =>
    (await ctx.database.db.select({ n: count() }).from(table))[0].n;

  it('refuses a zero-width or other invisible character in a username, and changes nothing', async () => {
    const before = await countOf(users);
    for (const char of INVISIBLE) {
      for (const username of [`${ADMIN.username}${char}`, `vice${char}direttrice`]) {
        const res = await admin.put('/server/anagrafiche/utenti', { username, password: 'girasole-sul-davanzale', Admin: 1 });
        expect([res.status, codeOf(res.body), errorOf(res.body)], JSON.stringify(username)).toEqual([
          400,
          ERROR_CODES.invalidInput,
          MSG.invisibleChars,
        ]);
      }
    }
    expect(await countOf(users)).toBe(before);
    // Nor can such a name be tried at sign-in, where the registro would keep it.
    const marks = (await ctx.database.db.select({ n: count() }).from(auditLog))[0].n;
    const login = await new TestClient(ctx.app).post('/server/user/login', { username: `${ADMIN.username}\u200B`, pass: ADMIN.password });
    expect(login.status).toBe(400);
    expect((await ctx.database.db.select({ n: count() }).from(auditLog))[0].n).toBe(marks);
  });

  it('compares usernames in their NFKC form: a full-width twin is the same account', async () => {
    const fullWidth = 'ｄｉｒｅｔｔｒｉｃｅ';
    const twin = await admin.put('/server/anagrafiche/utenti', { username: fullWidth, password: 'girasole-sul-davanzale', Admin: 1 });
    expect([twin.status, errorOf(twin.body)]).toEqual([409, ANAGRAFICHE_MSG.accountDuplicate]);
    await new TestClient(ctx.app).login({ username: fullWidth, password: ADMIN.password });
    // A new account is stored in that form.
    expect(
      (await admin.put('/server/anagrafiche/utenti', { username: 'ｖｉｃｅ', password: 'girasole-sul-davanzale', Admin: 0 })).status,
    ).toBe(200);
    const names = (await ctx.database.db.select({ username: users.username }).from(users)).map((u) => u.username);
    expect(names).toContain('vice');
  });

  it("refuses invisible characters in therapists', rooms', templates' and activities' names, and compares them in NFKC", async () => {
    const counts = async () => [await countOf(therapists), await countOf(rooms), await countOf(templates)];
    const before = await counts();
    for (const char of INVISIBLE) {
      for (const [method, url, body] of [
        ['PUT', '/server/anagrafiche/terapisti', { username: `paola${char}.neri` }],
        ['PUT', '/server/anagrafiche/stanze', { Nome: `Pal${char}estra` }],
        ['PUT', '/server/modelli/', { nome: `Settimana${char} tipo` }],
        [
          'PUT',
          '/server/calendario/createattivita',
          { nome: `Logo${char}pedia`, stanza: centre.palestra.id, orainizio: '09:00', orafine: '10:00', data: MON },
        ],
      ] as const) {
        const res = await admin.request(method, url, body);
        expect([res.status, errorOf(res.body)], `${url} ${JSON.stringify(body)}`).toEqual([400, MSG.invisibleChars]);
      }
    }
    expect(await counts()).toEqual(before);
    const twin = await admin.put('/server/anagrafiche/stanze', { Nome: 'Ｐａｌｅｓｔｒａ' });
    expect([twin.status, errorOf(twin.body)]).toEqual([409, ANAGRAFICHE_MSG.roomDuplicate]);
    const therapist = await admin.put('/server/anagrafiche/terapisti', { username: 'ｐａｏｌａ.ｎｅｒｉ' });
    expect([therapist.status, errorOf(therapist.body)]).toEqual([409, ANAGRAFICHE_MSG.therapistDuplicate]);
  });

  it('refuses bidi overrides in names and notes, and keeps every other letter of any script', async () => {
    for (const char of BIDI) {
      for (const [method, url, body] of [
        ['PUT', '/server/anagrafiche/pazienti', { Nome: `Mario${char}`, Cognome: 'Rossi', Cellulare: '' }],
        ['PUT', '/server/anagrafiche/pazienti', { Nome: 'Mario', Cognome: `${char}issoR`, Cellulare: '' }],
        [
          'PUT',
          '/server/presenze/assenze',
          { tipo: 'paziente', persona: centre.mario.id, dal: MON, al: MON, motivo: 'malattia', note: `febbre${char}` },
        ],
        ['PUT', '/server/presenze/chiusure', { data: '2026-12-08', descrizione: `Immacolata${char}` }],
        ['PUT', '/server/anagrafiche/uscite', { Tratta: `Andata${char}`, Ora: '08:00', OraArrivo: '09:00', RifPulmino: 1, Data: MON }],
      ] as const) {
        const res = await admin.request(method, url, body);
        expect([res.status, errorOf(res.body)], `${url} ${JSON.stringify(body)}`).toEqual([400, MSG.textInvalidChars]);
      }
    }
    const [absences] = await rowsOf<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from absences`);
    expect(absences.n).toBe(0);
    // Names of any script, with their own joiners, are people's names.
    for (const [Nome, Cognome] of [
      ['Zoë', 'D’Annunzio'],
      ['محمد', 'علي'],
      ['אברהם', 'כהן'],
      ['Ngọc', 'Nguyễn'],
    ]) {
      expect((await admin.put('/server/anagrafiche/pazienti', { Nome, Cognome, Cellulare: '' })).status, Nome).toBe(200);
    }
  });
});
