/**
 * Weekly templates (modelli): a week saved as a template and applied to other weeks comes back
 * the same; holidays, closing days, planned days, archived and absent people are handled as
 * docs/product.md (Regole) says; the template's week is edited with the calendar's own calls;
 * concurrent applies and pastes never mix a day; every bad call is refused and changes nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { AUDIT_MSG } from '../../../common/audit.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MODELLI_MSG, type ApplyResult, type TemplateCreated, type TemplateList } from '../../../common/modelli.ts';
import type { Giornata } from '../../../common/schemas.ts';
import { absences, closingDays, rollCall } from '../../db/schema.ts';
import { addActivity, seedSourceWeek, type Centre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, codeOf, describeOnBothDatabases, errorOf, signedInCentre } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

/** The demo week: Monday 23 to Friday 27 November 2026. */
const WEEK = '2026-11-23';
const WED = '2026-11-25';

/** What a user sees of a day: activities and runs with their rooms, times and people, without ids. */
function plan(day: Giornata) {
  return {
    attivita: day.attivita
      .map((a) => ({
        nome: a.NomeAttivita,
        stanza: a.RifStanza,
        dalle: a.OraInizio.slice(0, 5),
        alle: a.OraFine.slice(0, 5),
        trasporto: a.RifTrasporto > 0,
        utenti: a.Pazienti.map((p) => `${p.Nome} ${p.Cognome}`).sort(),
        operatori: a.Terapisti.map((t) => t.username).sort(),
      }))
      .sort((x, y) => `${x.dalle}${x.nome}`.localeCompare(`${y.dalle}${y.nome}`)),
    uscite: day.uscite
      .map((r) => ({
        tratta: r.Tratta,
        ora: r.Ora.slice(0, 5),
        arrivo: r.OraArrivo.slice(0, 5),
        pulmino: r.RifPulmino,
        utenti: r.Pazienti.map((p) => `${p.Nome} ${p.Cognome}`).sort(),
        operatori: r.Terapisti.map((t) => t.username).sort(),
      }))
      .sort((x, y) => x.ora.localeCompare(y.ora)),
  };
}

describeOnBothDatabases('modelli', (ctx) => {
  let admin: TestClient, viewer: TestClient, centre: Centre;

  const day = async (data: string) => {
    const res = await admin.post<Giornata>('/server/calendario/giornata', { data });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const saveWeek = async (nome: string, dasettimana = WEEK) => {
    const res = await admin.put<TemplateCreated>('/server/modelli', { nome, dasettimana });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const apply = async (body: Record<string, unknown>) => {
    const res = await admin.post<ApplyResult>('/server/modelli/applica', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.giorni;
  };
  const count = async (query: string) => Number((await rowsOf<{ n: number }>(ctx.database.db, sql.raw(query)))[0].n);

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
    const db = ctx.database.db;
    await seedSourceWeek(db, centre, WEEK);
  });

  it('saves the week as a template and applies it to other weeks: the same plan, day by day', async () => {
    const saved = await saveWeek('Inverno');
    expect(saved.settimana >= '3000-01-06').toBe(true);
    const list = await admin.get<TemplateList>('/server/modelli');
    expect(list.body).toEqual({
      modelli: [{ ID: saved.ID, nome: 'Inverno', settimana: saved.settimana, attivita: 2, uscite: 1 }],
      sabato: false,
    });
    // The template's week reads like a real week.
    expect(plan(await day(saved.settimana))).toEqual(plan(await day(WEEK)));

    const giorni = await apply({ modello: saved.ID, dal: '2027-01-11', al: '2027-01-24' });
    // Every working day of the two weeks, in order; weekends are not listed.
    expect(giorni.map((g) => g.data)).toEqual([
      '2027-01-11',
      '2027-01-12',
      '2027-01-13',
      '2027-01-14',
      '2027-01-15',
      '2027-01-18',
      '2027-01-19',
      '2027-01-20',
      '2027-01-21',
      '2027-01-22',
    ]);
    expect(giorni[0]).toEqual({ data: '2027-01-11', scritto: 2, saltato: null, esclusi: [] });
    expect(giorni[2]).toEqual({ data: '2027-01-13', scritto: 1, saltato: null, esclusi: [] });
    expect(giorni[1]).toEqual({ data: '2027-01-12', scritto: 0, saltato: null, esclusi: [] });
    for (const [source, target] of [
      [WEEK, '2027-01-11'],
      [WED, '2027-01-13'],
      [WEEK, '2027-01-18'],
      [WED, '2027-01-20'],
    ])
      expect(plan(await day(target))).toEqual(plan(await day(source)));
    expect((await day('2027-01-12')).attivita).toEqual([]);
    // Each day written is one undoable row of the registro, naming the template.
    expect(
      await count(`select count(*)::int as n from audit_log where action = 'giornata.incolla' and after->>'modello' = 'Inverno'`),
    ).toBe(4);
  });

  it('skips Italian public holidays (Easter Monday included) and the centre closing days', async () => {
    const saved = await saveWeek('Primavera');
    await ctx.database.db.insert(closingDays).values({ day: '2026-04-08', description: 'Santo patrono' });
    const giorni = await apply({ modello: saved.ID, dal: '2026-04-06', al: '2026-04-10' });
    expect(giorni.map((g) => [g.data, g.saltato])).toEqual([
      ['2026-04-06', 'festivo'],
      ['2026-04-07', null],
      ['2026-04-08', 'chiusura'],
      ['2026-04-09', null],
      ['2026-04-10', null],
    ]);
    expect((await day('2026-04-06')).attivita).toEqual([]);
    expect((await day('2026-04-08')).attivita).toEqual([]);
    const easter2027 = await apply({ modello: saved.ID, dal: '2027-03-29', al: '2027-03-31' });
    expect(easter2027.map((g) => [g.data, g.saltato, g.scritto])).toEqual([
      ['2027-03-29', 'festivo', 0],
      ['2027-03-30', null, 0],
      ['2027-03-31', null, 1],
    ]);
    expect((await day('2027-03-29')).attivita).toEqual([]);
  });

  it("skips 4 ottobre (San Francesco, a national holiday from 2026) and the centre's patron saint's day, every year", async () => {
    const saved = await saveWeek('Ottobre');
    expect((await admin.post('/server/impostazioni', { patrono: '10-06' })).status).toBe(200);
    // Monday 4 October 2027 and Wednesday 6 October (the patron), then the same days of 2031 without a new setting.
    const giorni = await apply({ modello: saved.ID, dal: '2027-10-04', al: '2027-10-06' });
    expect(giorni.map((g) => [g.data, g.saltato])).toEqual([
      ['2027-10-04', 'festivo'],
      ['2027-10-05', null],
      ['2027-10-06', 'festivo'],
    ]);
    expect((await day('2027-10-04')).attivita).toEqual([]);
    expect((await day('2027-10-06')).attivita).toEqual([]);
    const later = await apply({ modello: saved.ID, dal: '2031-10-06', al: '2031-10-06' });
    expect(later.map((g) => [g.data, g.saltato])).toEqual([['2031-10-06', 'festivo']]);
    // Without a patron the day is an ordinary Wednesday again.
    expect((await admin.post('/server/impostazioni', { patrono: null })).status).toBe(200);
    const ordinary = await apply({ modello: saved.ID, dal: '2032-10-06', al: '2032-10-06' });
    expect(ordinary).toEqual([{ data: '2032-10-06', scritto: 1, saltato: null, esclusi: [] }]);
  });

  it('leaves days already planned as they are by default, and replaces them when asked', async () => {
    const saved = await saveWeek('Autunno');
    const target = '2026-11-30';
    await addActivity(ctx.database.db, { name: 'Uscita al museo', roomId: centre.palestra.id, day: target, start: '09:00', end: '12:00' });
    const skipped = await apply({ modello: saved.ID, dal: target, al: '2026-12-02' });
    expect(skipped.map((g) => [g.data, g.saltato, g.scritto])).toEqual([
      [target, 'esistente', 0],
      ['2026-12-01', null, 0],
      ['2026-12-02', null, 1],
    ]);
    expect((await day(target)).attivita.map((a) => a.NomeAttivita)).toEqual(['Uscita al museo']);

    const replacedRes = await admin.post<ApplyResult>('/server/modelli/applica', {
      modello: saved.ID,
      dal: target,
      al: target,
      esistenti: 'sostituisci',
    });
    expect(replacedRes.body.giorni).toEqual([{ data: target, scritto: 2, saltato: null, esclusi: [] }]);
    expect(plan(await day(target))).toEqual(plan(await day(WEEK)));
    // The day's own row is part of the operation: it is not taken back alone.
    const dayRow = await count(`select max(id) as n from audit_log where action = 'giornata.incolla' and day = '${target}'`);
    const alone = await admin.post('/server/calendario/annulla', { operazione: dayRow });
    expect([alone.status, errorOf(alone.body)]).toEqual([409, AUDIT_MSG.partOfOperation]);
    // The operation puts the replaced plan back (Annulla), exactly as it was.
    const undo = await admin.post('/server/calendario/annulla', { operazione: replacedRes.body.operazione });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((await day(target)).attivita.map((a) => a.NomeAttivita)).toEqual(['Uscita al museo']);
  });

  it('leaves out archived people and rooms and people absent that day, and says who and why', async () => {
    const saved = await saveWeek('Estate');
    await ctx.database.db.execute(sql`update patients set archived = true where id = ${centre.lucia.id}`);
    await ctx.database.db.execute(sql`update rooms set archived = true where id = ${centre.logopedia.id}`);
    await ctx.database.db
      .insert(absences)
      .values({ therapistId: centre.paola.id, startDay: '2026-12-14', endDay: '2026-12-14', reason: 'ferie' });
    const giorni = await apply({ modello: saved.ID, dal: '2026-12-14', al: '2026-12-16' });
    expect(giorni[0]).toEqual({
      data: '2026-12-14',
      scritto: 2,
      saltato: null,
      esclusi: [
        { tipo: 'paziente', ID: centre.lucia.id, nome: 'Lucia Bianchi', motivo: 'archiviato' },
        { tipo: 'terapista', ID: centre.paola.id, nome: 'paola.neri', motivo: 'assente' },
      ],
    });
    // The activity in the archived room is left out whole.
    expect(giorni[2]).toEqual({
      data: '2026-12-16',
      scritto: 0,
      saltato: null,
      esclusi: [
        { tipo: 'paziente', ID: centre.lucia.id, nome: 'Lucia Bianchi', motivo: 'archiviato' },
        { tipo: 'stanza', ID: centre.logopedia.id, nome: 'Logopedia', motivo: 'archiviato' },
      ],
    });
    const monday = plan(await day('2026-12-14'));
    expect(monday.attivita.find((a) => a.nome === 'Ginnastica')).toMatchObject({ utenti: ['Mario Rossi'], operatori: [] });
    expect(monday.uscite).toEqual([
      { tratta: 'Andata Nord', ora: '08:00', arrivo: '08:45', pulmino: 2, utenti: ['Mario Rossi'], operatori: ['stefano.villa'] },
    ]);
    expect((await day('2026-12-16')).attivita).toEqual([]);
  });

  it('over weeks, leaves out whoever is absent on each day and only that day: the roll call wins over a recorded absence', async () => {
    const saved = await saveWeek('Autunno');
    const db = ctx.database.db;
    // Mario's absence covers the first Monday, but he was marked present there; Lucia is marked absent on the last Monday.
    await db.insert(absences).values({ patientId: centre.mario.id, startDay: '2026-12-14', endDay: '2026-12-14', reason: 'malattia' });
    await db.insert(rollCall).values([
      { day: '2026-12-14', patientId: centre.mario.id, present: true, reason: null },
      { day: '2026-12-21', patientId: centre.lucia.id, present: false, reason: 'ferie' },
    ]);
    const giorni = await apply({ modello: saved.ID, dal: '2026-12-14', al: '2026-12-21' });
    const mondays = giorni.filter((g) => g.data === '2026-12-14' || g.data === '2026-12-21');
    expect(mondays).toEqual([
      { data: '2026-12-14', scritto: 2, saltato: null, esclusi: [] },
      {
        data: '2026-12-21',
        scritto: 2,
        saltato: null,
        esclusi: [{ tipo: 'paziente', ID: centre.lucia.id, nome: 'Lucia Bianchi', motivo: 'assente' }],
      },
    ]);
    expect(giorni.filter((g) => g.esclusi.length > 0).map((g) => g.data)).toEqual(['2026-12-21']);
    expect(plan(await day('2026-12-14'))).toEqual(plan(await day(WEEK)));
    const lastMonday = plan(await day('2026-12-21'));
    expect(lastMonday.attivita.flatMap((a) => a.utenti)).not.toContain('Lucia Bianchi');
    expect(lastMonday.uscite.flatMap((r) => r.utenti)).not.toContain('Lucia Bianchi');
  });

  it('copies a week onto another with pasteweek, by the same rules', async () => {
    const res = await admin.post<ApplyResult>('/server/calendario/pasteweek', { from: WEEK, to: '2026-12-07' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.giorni.map((g) => [g.data, g.saltato, g.scritto])).toEqual([
      ['2026-12-07', null, 2],
      ['2026-12-08', 'festivo', 0],
      ['2026-12-09', null, 1],
      ['2026-12-10', null, 0],
      ['2026-12-11', null, 0],
    ]);
    expect(plan(await day('2026-12-07'))).toEqual(plan(await day(WEEK)));
    expect(plan(await day('2026-12-09'))).toEqual(plan(await day(WED)));
  });

  it('edits a template week with the calendar calls, only for a template that exists and on its working days', async () => {
    const activity = (data: string) => ({ nome: 'Pittura', stanza: centre.palestra.id, orainizio: '14:00', orafine: '15:00', data });
    const missing = await admin.put('/server/calendario/createattivita', activity('3000-01-06'));
    expect([missing.status, codeOf(missing.body), errorOf(missing.body)]).toEqual([404, ERROR_CODES.notFound, MODELLI_MSG.notFound]);
    const empty = await admin.put<TemplateCreated>('/server/modelli', { nome: 'Vuoto' });
    expect(empty.status).toBe(200);
    const week = empty.body.settimana;
    expect((await admin.put('/server/calendario/createattivita', activity(week))).status).toBe(200);
    const saturday = await admin.put('/server/calendario/createattivita', activity('3000-01-11'));
    expect(saturday.status).toBe(404);
    const nextWeek = await admin.post('/server/calendario/giornata', { data: '3000-01-13' });
    expect(nextWeek.status).toBe(404);
    const run = await admin.put('/server/anagrafiche/uscite', {
      Tratta: 'Ritorno',
      Ora: '16:00',
      OraArrivo: '16:40',
      RifPulmino: 1,
      Data: week,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect((await admin.post('/server/calendario/settimana', { datastart: week, datastop: '3000-01-10' })).status).toBe(200);
    const list = await admin.get<TemplateList>('/server/modelli');
    expect(list.body.modelli).toEqual([{ ID: empty.body.ID, nome: 'Vuoto', settimana: week, attivita: 1, uscite: 1 }]);
    // With Saturday a working day of the centre, the template's Saturday takes activities.
    await ctx.database.db.execute(sql`insert into centre_settings (id, saturday) values (1, true)`);
    expect((await admin.put('/server/calendario/createattivita', activity('3000-01-11'))).status).toBe(200);
    expect((await admin.get<TemplateList>('/server/modelli')).body.sabato).toBe(true);
  });

  it('renames, duplicates and deletes templates; names are unique whatever their case', async () => {
    const winter = await saveWeek('Inverno');
    const duplicate = await admin.put('/server/modelli', { nome: 'inverno' });
    expect([duplicate.status, errorOf(duplicate.body)]).toEqual([409, MODELLI_MSG.nameDuplicate]);
    const copy = await admin.post<TemplateCreated>('/server/modelli/duplica', { ID: winter.ID, nome: 'Inverno ridotto' });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(plan(await day(copy.body.settimana))).toEqual(plan(await day(winter.settimana)));
    expect((await admin.post('/server/modelli/update', { ID: copy.body.ID, nome: 'Natale' })).status).toBe(200);
    const renamedOnto = await admin.post('/server/modelli/update', { ID: copy.body.ID, nome: 'INVERNO' });
    expect(renamedOnto.status).toBe(409);
    expect((await admin.get<TemplateList>('/server/modelli')).body.modelli.map((m) => m.nome)).toEqual(['Inverno', 'Natale']);

    expect((await admin.post('/server/modelli/elimina', { ID: winter.ID })).status).toBe(200);
    expect((await admin.get<TemplateList>('/server/modelli')).body.modelli.map((m) => m.nome)).toEqual(['Natale']);
    expect(
      await count(`select count(*)::int as n from activities where day between '${winter.settimana}' and date '${winter.settimana}' + 6`),
    ).toBe(0);
    expect((await admin.post('/server/calendario/giornata', { data: winter.settimana })).status).toBe(404);
    // The real week and the other template keep their plans.
    expect((await day(WEEK)).attivita).toHaveLength(2);
    expect((await day(copy.body.settimana)).attivita).toHaveLength(2);
  });

  it('keeps at most 200 templates', async () => {
    await ctx.database.db.execute(sql`insert into templates (id, name, week)
      select g, 'Modello ' || g, date '3000-01-06' + 7 * (g - 1) from generate_series(1, 199) g`);
    await ctx.database.db.execute(sql`select setval(pg_get_serial_sequence('templates', 'id'), 199)`);
    expect((await admin.put('/server/modelli', { nome: 'Ultimo' })).status).toBe(200);
    const refused = await admin.put('/server/modelli', { nome: 'Uno di troppo' });
    expect([refused.status, errorOf(refused.body)]).toEqual([409, MODELLI_MSG.tooMany]);
    expect((await admin.get<TemplateList>('/server/modelli')).body.modelli).toHaveLength(200);
  });

  it('concurrent applies and week pastes on overlapping days leave each day wholly one or the other', async () => {
    const saved = await saveWeek('Base');
    // Another source week with other names, for the paste.
    const other = '2026-11-16';
    for (const [i, name] of ['Coro', 'Pittura', 'Orto', 'Cucina', 'Teatro'].entries())
      await addActivity(
        ctx.database.db,
        { name, roomId: centre.palestra.id, day: `2026-11-${16 + i}`, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id] },
      );
    const fromTemplate = new Set(['Ginnastica', 'TRASPORTO', 'Logopedia di gruppo']);
    const second = await new TestClient(ctx.app).login(ADMIN);
    for (let round = 0; round < 3; round++) {
      const [applied, pasted] = await Promise.all([
        admin.post<ApplyResult>('/server/modelli/applica', {
          modello: saved.ID,
          dal: '2027-02-01',
          al: '2027-02-19',
          esistenti: 'sostituisci',
        }),
        second.post<ApplyResult>('/server/calendario/pasteweek', { from: other, to: '2027-02-08', esistenti: 'sostituisci' }),
      ]);
      expect([applied.status, pasted.status]).toEqual([200, 200]);
      for (let d = 8; d <= 12; d++) {
        const names = (await day(`2027-02-${String(d).padStart(2, '0')}`)).attivita.map((a) => a.NomeAttivita);
        const wholeTemplate = names.every((n) => fromTemplate.has(n));
        const wholePaste = names.length === 1 && !fromTemplate.has(names[0]);
        expect(wholeTemplate || wholePaste, `2027-02-${d}: ${names.join(', ')}`).toBe(true);
      }
    }
  });

  it('refuses every bad call with a 4xx in Italian and changes nothing', async () => {
    const saved = await saveWeek('Inverno');
    const anonymous = new TestClient(ctx.app);
    const noCsrf = await new TestClient(ctx.app).login(ADMIN);
    noCsrf.sendCsrf = false;
    noCsrf.cookies.delete('XSRF-TOKEN');
    const snapshot = async () =>
      count(
        `select (select count(*) from activities) * 1000000 + (select count(*) from templates) * 1000 + (select count(*) from audit_log where action like 'modello.%' or action = 'giornata.incolla') as n`,
      );
    const before = await snapshot();
    const cases: [string, TestClient, 'POST' | 'PUT', string, unknown, number][] = [
      ['no name', admin, 'PUT', '/server/modelli', {}, 400],
      ['blank name', admin, 'PUT', '/server/modelli', { nome: '   ' }, 400],
      ['name too long', admin, 'PUT', '/server/modelli', { nome: 'x'.repeat(61) }, 400],
      ['week not a Monday', admin, 'PUT', '/server/modelli', { nome: 'Nuovo', dasettimana: '2026-11-24' }, 400],
      ['week not a date', admin, 'PUT', '/server/modelli', { nome: 'Nuovo', dasettimana: '2026-02-30' }, 400],
      ['duplicate name', admin, 'PUT', '/server/modelli', { nome: 'INVERNO' }, 409],
      ['rename unknown', admin, 'POST', '/server/modelli/update', { ID: 999, nome: 'Altro' }, 404],
      ['rename without id', admin, 'POST', '/server/modelli/update', { nome: 'Altro' }, 400],
      ['delete unknown', admin, 'POST', '/server/modelli/elimina', { ID: 999 }, 404],
      ['duplicate unknown', admin, 'POST', '/server/modelli/duplica', { ID: 999, nome: 'Altro' }, 404],
      ['apply unknown', admin, 'POST', '/server/modelli/applica', { modello: 999, dal: '2027-01-04', al: '2027-01-08' }, 404],
      ['apply 27 weeks', admin, 'POST', '/server/modelli/applica', { modello: saved.ID, dal: '2027-01-04', al: '2027-07-05' }, 400],
      ['apply al before dal', admin, 'POST', '/server/modelli/applica', { modello: saved.ID, dal: '2027-01-08', al: '2027-01-04' }, 400],
      [
        'apply bad choice',
        admin,
        'POST',
        '/server/modelli/applica',
        { modello: saved.ID, dal: '2027-01-04', al: '2027-01-08', esistenti: 'unisci' },
        400,
      ],
      [
        'apply onto a template week',
        admin,
        'POST',
        '/server/modelli/applica',
        { modello: saved.ID, dal: '3000-01-06', al: '3000-01-08' },
        400,
      ],
      ['apply missing dates', admin, 'POST', '/server/modelli/applica', { modello: saved.ID }, 400],
      ['paste week not Monday', admin, 'POST', '/server/calendario/pasteweek', { from: WEEK, to: '2026-12-08' }, 400],
      ['paste week onto itself', admin, 'POST', '/server/calendario/pasteweek', { from: WEEK, to: WEEK }, 400],
      ['template day of no template', admin, 'POST', '/server/calendario/pasteday', { from: WEEK, to: '3000-02-03' }, 404],
      ['viewer creates', viewer, 'PUT', '/server/modelli', { nome: 'Nuovo' }, 403],
      ['viewer applies', viewer, 'POST', '/server/modelli/applica', { modello: saved.ID, dal: '2027-01-04', al: '2027-01-08' }, 403],
      ['viewer pastes a week', viewer, 'POST', '/server/calendario/pasteweek', { from: WEEK, to: '2026-12-07' }, 403],
      ['viewer deletes', viewer, 'POST', '/server/modelli/elimina', { ID: saved.ID }, 403],
      ['signed out', anonymous, 'POST', '/server/modelli/applica', { modello: saved.ID, dal: '2027-01-04', al: '2027-01-08' }, 403],
      ['no CSRF token', noCsrf, 'POST', '/server/modelli/applica', { modello: saved.ID, dal: '2027-01-04', al: '2027-01-08' }, 403],
      ['no CSRF token, delete', noCsrf, 'POST', '/server/modelli/elimina', { ID: saved.ID }, 403],
    ];
    for (const [name, client, method, url, body, status] of cases) {
      const res = await client.request(method, url, body);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(errorOf(res.body), name).toMatch(/[a-zà-ù]/);
      expect(codeOf(res.body), name).toBeTruthy();
    }
    expect(await snapshot()).toBe(before);
    expect((await viewer.get<TemplateList>('/server/modelli')).body.modelli).toHaveLength(1);
    expect((await anonymous.get('/server/modelli')).status).toBe(403);
  });
});
