/**
 * Issue 30 on the server: the fleet, the utenti's pickup fields, a run's order, stop times and autista, the fleet's
 * conflicts, order kept across add/remove/paste/template, fogli di marcia and Trasporti del mese.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PatientRecord } from '../../../common/anagrafiche.ts';
import { addDays } from '../../../common/dates.ts';
import type { DayTransportRun, Giornata } from '../../../common/schemas.ts';
import { ANDATA_BEFORE, TRASPORTI_MSG as M, type Fogli, type MezzoRecord, type TrasportiMese } from '../../../common/trasporti.ts';
import { absences, patients, rollCall, transportTherapists } from '../../db/schema.ts';
import { addRun, seedCentre } from '../../test/fixtures.ts';
import { TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf, signedInCentre, issueAt } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';

describeOnBothDatabases('trasporti', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;
  let centre: Awaited<ReturnType<typeof seedCentre>>;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });

  const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(ctx.database.db, query);
  const maxAudit = async () => (await rows<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from audit_log`))[0].n;
  const actionsAfter = async (mark: number) =>
    (await rows<{ action: string }>(sql`select action from audit_log where id > ${mark} order by id`)).map((r) => r.action);
  const newPatient = async (Nome: string, Cognome: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.put<{ insertId: number }>('/server/anagrafiche/pazienti', { Nome, Cognome, Cellulare: '', ...extra });
    expect(res.status).toBe(200);
    return res.body.insertId;
  };
  const newMezzo = async (over: Record<string, unknown> = {}) => {
    const res = await admin.put<{ insertId: number }>('/server/anagrafiche/mezzi', {
      Nome: 'Pulmino rosso',
      Targa: 'ab 123 cd',
      posti: 8,
      postiCarrozzina: 2,
      colore: 'rosso',
      ...over,
    });
    expect(res.status).toBe(200);
    return res.body.insertId;
  };
  const newRun = async (over: Record<string, unknown> = {}) => {
    const res = await admin.put<{ insertId: number }>('/server/anagrafiche/uscite', {
      Tratta: 'Andata Nord',
      Ora: '08:00',
      OraArrivo: '09:00',
      RifPulmino: 1,
      Data: MON,
      ...over,
    });
    expect(res.status).toBe(200);
    return res.body.insertId;
  };
  const board = async (uscita: number, pazienti: number[]) => {
    for (const paziente of pazienti)
      expect((await admin.put('/server/anagrafiche/uscite/passeggeri', { uscita, paziente })).status).toBe(200);
  };
  const staff = async (uscita: number, terapista: number, autista = false) => {
    expect((await admin.put('/server/anagrafiche/uscite/operatori', { uscita, terapista })).status).toBe(200);
    if (autista) expect((await admin.post('/server/anagrafiche/uscite/autista', { uscita, terapista })).status).toBe(200);
  };
  const day = async (data: string) => (await admin.post<Giornata>('/server/calendario/giornata', { data })).body;
  const runOf = async (data: string, id: number) => (await day(data)).uscite.find((r) => r.ID === id)!;
  const order = (run: DayTransportRun) => run.Pazienti.map((p) => p.RifPaziente);
  const conflictsOf = async (data: string, tipo: string) => ((await day(data)).conflitti ?? []).filter((c) => c.tipo === tipo);

  describe('mezzi', () => {
    it('starts with the two minibuses of before, creates, edits, archives and restores, each in the registro', async () => {
      const start = await admin.get<MezzoRecord[]>('/server/anagrafiche/mezzi?archiviati=0');
      expect(start.body).toEqual([
        { ID: 1, Nome: 'Pulmino bianco', Targa: '', posti: 8, postiCarrozzina: 1, colore: 'bianco', Archiviato: false },
        { ID: 2, Nome: 'Pulmino blu', Targa: '', posti: 8, postiCarrozzina: 1, colore: 'blu', Archiviato: false },
      ]);
      const mark = await maxAudit();
      const id = await newMezzo();
      expect(id).toBe(3);
      const dup = await admin.put('/server/anagrafiche/mezzi', { Nome: 'Pulmino rosso', posti: 4, postiCarrozzina: 0, colore: 'verde' });
      expect([dup.status, errorOf(dup.body)]).toEqual([409, M.mezzoDuplicate]);
      const edit = await admin.post('/server/anagrafiche/mezzi/update', {
        ID: id,
        Nome: 'Pulmino rosso',
        Targa: '',
        posti: 9,
        postiCarrozzina: 3,
        colore: 'viola',
      });
      expect(edit.status).toBe(200);
      expect((await admin.post('/server/anagrafiche/mezzi/archivia', { ID: id })).status).toBe(200);
      expect((await admin.get<MezzoRecord[]>('/server/anagrafiche/mezzi?archiviati=0')).body.map((m) => m.ID)).toEqual([1, 2]);
      expect((await admin.get<MezzoRecord[]>('/server/anagrafiche/mezzi?archiviati=1')).body).toEqual([
        { ID: id, Nome: 'Pulmino rosso', Targa: '', posti: 9, postiCarrozzina: 3, colore: 'viola', Archiviato: true },
      ]);
      expect((await admin.post('/server/anagrafiche/mezzi/ripristina', { ID: id })).status).toBe(200);
      expect((await admin.post('/server/anagrafiche/mezzi/archivia', { ID: 999 })).status).toBe(404);
      expect(await actionsAfter(mark)).toEqual([
        'anagrafica.mezzo.crea',
        'anagrafica.mezzo.modifica',
        'anagrafica.mezzo.archivia',
        'anagrafica.mezzo.ripristina',
      ]);
      const plate = (await admin.get<MezzoRecord[]>('/server/anagrafiche/mezzi')).body;
      expect(plate.map((m) => m.Nome)).toEqual(['Pulmino bianco', 'Pulmino blu', 'Pulmino rosso']);
    });

    it('refuses every bad field with its message under it, and changes nothing', async () => {
      const good = { Nome: 'Pulmino verde', Targa: 'AB123CD', posti: 8, postiCarrozzina: 1, colore: 'verde' };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ Targa: 'A1234BC' }, 'Targa', M.plateInvalid],
        [{ Targa: 'AB123C' }, 'Targa', M.plateInvalid],
        [{ posti: 0 }, 'posti', M.seatsInvalid],
        [{ posti: 61 }, 'posti', M.seatsInvalid],
        [{ postiCarrozzina: 11, posti: 20 }, 'postiCarrozzina', M.wheelchairInvalid],
        [{ postiCarrozzina: 5, posti: 4 }, 'postiCarrozzina', M.wheelchairOverSeats],
        [{ colore: 'fucsia' }, 'colore', M.colourInvalid],
        [{ Nome: 'X' }, 'Nome', M.mezzoNameInvalid],
        [{ Nome: 'Pulmino\u0007' }, 'Nome', 'Il testo contiene caratteri non ammessi'],
      ];
      for (const [over, field, message] of cases) {
        const res = await admin.put('/server/anagrafiche/mezzi', { ...good, ...over });
        expect([res.status, issueAt(res.body, field)], JSON.stringify(over)).toEqual([400, message]);
      }
      expect((await admin.get<MezzoRecord[]>('/server/anagrafiche/mezzi')).body).toHaveLength(2);
    });

    it('is for administrators only', async () => {
      expect((await viewer.get('/server/anagrafiche/mezzi')).status).toBe(403);
      const res = await viewer.put('/server/anagrafiche/mezzi', { Nome: 'Pulmino', posti: 8, postiCarrozzina: 1, colore: 'blu' });
      expect([res.status, codeOf(res.body)]).toEqual([403, 'admin_only']);
      expect((await viewer.post('/server/anagrafiche/uscite/ordine', { uscita: 1, pazienti: [] })).status).toBe(403);
      expect((await viewer.get('/server/trasporti/mese?mese=2026-11')).status).toBe(403);
    });

    it('takes any active mezzo on a run, and refuses an unknown or archived one with "Mezzo non valido"', async () => {
      const red = await newMezzo();
      const run = await newRun({ RifPulmino: red });
      expect((await runOf(MON, run)).Mezzo).toEqual({
        ID: red,
        Nome: 'Pulmino rosso',
        posti: 8,
        postiCarrozzina: 2,
        colore: 'rosso',
        Targa: 'AB123CD',
      });
      await admin.post('/server/anagrafiche/mezzi/archivia', { ID: red });
      for (const RifPulmino of [red, 99]) {
        const res = await admin.put('/server/anagrafiche/uscite', {
          Tratta: 'Andata',
          Ora: '08:00',
          OraArrivo: '09:00',
          RifPulmino,
          Data: MON,
        });
        expect([res.status, issueAt(res.body, 'RifPulmino') ?? errorOf(res.body)]).toEqual([400, M.mezzoInvalid]);
        const upd = await admin.post('/server/anagrafiche/uscite/update', {
          ID: run,
          Tratta: 'Andata',
          Ora: '08:00',
          OraArrivo: '09:00',
          RifPulmino,
          Data: MON,
        });
        expect(upd.status).toBe(400);
      }
      expect((await day(MON)).uscite).toHaveLength(1);
    });
  });

  describe('the utente’s pickup fields', () => {
    it('are saved, answered, left alone by an update that leaves them out, and refused when too long', async () => {
      const id = await newPatient('Anna', 'Verdi', { Indirizzo: 'via Roma 12, Fano', Carrozzina: true, NoteTrasporto: 'citofono Verdi' });
      const find = async () =>
        (await admin.get<{ items: PatientRecord[] }>('/server/anagrafiche/pazienti?q=verdi')).body.items.find((p) => p.ID === id)!;
      expect(await find()).toMatchObject({ Indirizzo: 'via Roma 12, Fano', Carrozzina: true, NoteTrasporto: 'citofono Verdi' });
      await admin.post('/server/anagrafiche/pazienti/update', { ID: id, Nome: 'Anna', Cognome: 'Verdi', Cellulare: '' });
      expect(await find()).toMatchObject({ Indirizzo: 'via Roma 12, Fano', Carrozzina: true });
      await admin.post('/server/anagrafiche/pazienti/update', { ID: id, Nome: 'Anna', Cognome: 'Verdi', Cellulare: '', Carrozzina: false });
      expect((await find()).Carrozzina).toBe(false);
      const plain = await newPatient('Bruno', 'Neri');
      expect((await admin.get<{ items: PatientRecord[] }>('/server/anagrafiche/pazienti?q=neri')).body.items[0]).toMatchObject({
        ID: plain,
        Indirizzo: '',
        Carrozzina: false,
        NoteTrasporto: '',
      });
      for (const [field, value, message] of [
        ['Indirizzo', 'x'.repeat(201), M.addressInvalid],
        ['NoteTrasporto', 'x'.repeat(201), M.transportNotesInvalid],
        ['Indirizzo', 'via\u0000Roma', 'Il testo contiene caratteri non ammessi'],
      ] as const) {
        const res = await admin.post('/server/anagrafiche/pazienti/update', {
          ID: id,
          Nome: 'Anna',
          Cognome: 'Verdi',
          Cellulare: '',
          [field]: value,
        });
        expect([res.status, issueAt(res.body, field)]).toEqual([400, message]);
      }
      expect((await find()).Indirizzo).toBe('via Roma 12, Fano');
    });
  });

  describe('a run’s stops and autista', () => {
    it('lists passengers in order everywhere, new ones last, and keeps the order when one leaves', async () => {
      const anna = await newPatient('Anna', 'Verdi', { Indirizzo: 'via Roma 12', Carrozzina: true });
      const run = await newRun();
      await board(run, [centre.mario.id, anna, centre.lucia.id]);
      expect(order(await runOf(MON, run))).toEqual([centre.mario.id, anna, centre.lucia.id]);
      const mark = await maxAudit();
      const res = await admin.post('/server/anagrafiche/uscite/ordine', {
        uscita: run,
        pazienti: [centre.lucia.id, centre.mario.id, anna],
      });
      expect([res.status, res.body]).toEqual([200, { ok: true }]);
      expect(await actionsAfter(mark)).toEqual(['uscita.ordine']);
      const read = await runOf(MON, run);
      expect(read.Pazienti.map((p) => [p.RifPaziente, p.Ordine])).toEqual([
        [centre.lucia.id, 1],
        [centre.mario.id, 2],
        [anna, 3],
      ]);
      expect(read.Pazienti[2]).toMatchObject({ Indirizzo: 'via Roma 12', Carrozzina: true, OraFermata: null });
      const giorno = await admin.post<DayTransportRun[]>('/server/anagrafiche/uscite/giorno', { data: MON });
      expect(order(giorno.body[0])).toEqual([centre.lucia.id, centre.mario.id, anna]);
      const week = await admin.post<DayTransportRun[]>('/server/calendario/getweektrasporto', {
        datastart: MON,
        datastop: addDays(MON, 4),
      });
      expect(order(week.body[0])).toEqual([centre.lucia.id, centre.mario.id, anna]);
      // One leaves: the others keep their order, numbered 1, 2; a new one goes last.
      await admin.post('/server/anagrafiche/uscite/passeggeri/rimuovi', { uscita: run, paziente: centre.mario.id });
      const bruno = await newPatient('Bruno', 'Abate');
      await board(run, [bruno]);
      const after = await runOf(MON, run);
      expect(after.Pazienti.map((p) => [p.RifPaziente, p.Ordine])).toEqual([
        [centre.lucia.id, 1],
        [anna, 2],
        [bruno, 3],
      ]);
    });

    it('refuses an order that misses or repeats a passenger, and changes nothing', async () => {
      const run = await newRun();
      await board(run, [centre.mario.id, centre.lucia.id]);
      for (const pazienti of [[centre.mario.id], [centre.mario.id, centre.mario.id], [centre.mario.id, centre.lucia.id, 999], []]) {
        const res = await admin.post('/server/anagrafiche/uscite/ordine', { uscita: run, pazienti });
        expect([res.status, issueAt(res.body, 'pazienti')]).toEqual([400, M.orderInvalid]);
      }
      expect(order(await runOf(MON, run))).toEqual([centre.mario.id, centre.lucia.id]);
      expect((await admin.post('/server/anagrafiche/uscite/ordine', { uscita: 999, pazienti: [] })).status).toBe(404);
    });

    it('sets and clears a stop time within two hours before the departure and the arrival', async () => {
      const run = await newRun({ Ora: '08:00', OraArrivo: '09:00' });
      await board(run, [centre.mario.id]);
      const stop = (ora: string | null, paziente = centre.mario.id) =>
        admin.post('/server/anagrafiche/uscite/fermata', { uscita: run, paziente, ora });
      for (const ora of ['06:00', '07:40', '09:00']) expect((await stop(ora)).status).toBe(200);
      expect((await runOf(MON, run)).Pazienti[0].OraFermata).toBe('09:00');
      for (const ora of ['05:59', '09:01']) {
        const res = await stop(ora);
        expect([res.status, issueAt(res.body, 'ora')]).toEqual([400, M.stopTimeInvalid]);
      }
      expect((await stop('7:40')).status).toBe(400);
      const notOn = await stop('08:10', centre.lucia.id);
      expect([notOn.status, errorOf(notOn.body)]).toEqual([404, M.passengerNotOnRun]);
      expect((await runOf(MON, run)).Pazienti[0].OraFermata).toBe('09:00');
      expect((await stop(null)).status).toBe(200);
      expect((await runOf(MON, run)).Pazienti[0].OraFermata).toBeNull();
    });

    it('marks one of the staff autista, moves and clears the mark, and refuses someone not on the run', async () => {
      const run = await newRun();
      await board(run, [centre.mario.id]);
      await staff(run, centre.paola.id);
      await staff(run, centre.stefano.id);
      const mark = (terapista: number | null) =>
        admin.post<{ ok: boolean; conflitti: unknown[] }>('/server/anagrafiche/uscite/autista', { uscita: run, terapista });
      expect((await mark(centre.paola.id)).body.ok).toBe(true);
      expect((await runOf(MON, run)).RifAutista).toBe(centre.paola.id);
      expect((await mark(centre.stefano.id)).status).toBe(200);
      expect((await runOf(MON, run)).RifAutista).toBe(centre.stefano.id);
      const drivers = await ctx.database.db.select().from(transportTherapists);
      expect(drivers.filter((d) => d.driver).map((d) => d.therapistId)).toEqual([centre.stefano.id]);
      await admin.post('/server/anagrafiche/uscite/operatori/rimuovi', { uscita: run, terapista: centre.paola.id });
      const outsider = await mark(centre.paola.id);
      expect([outsider.status, errorOf(outsider.body)]).toEqual([404, M.staffNotOnRun]);
      expect((await runOf(MON, run)).RifAutista).toBe(centre.stefano.id);
      // Taking the autista off the run takes the mark with him.
      await admin.post('/server/anagrafiche/uscite/operatori/rimuovi', { uscita: run, terapista: centre.stefano.id });
      expect((await runOf(MON, run)).RifAutista).toBeNull();
      await staff(run, centre.paola.id, true);
      expect((await mark(null)).status).toBe(200);
      expect((await runOf(MON, run)).RifAutista).toBeNull();
    });

    it('keeps order, stop times and autista through pasteday and the weekly templates', async () => {
      const anna = await newPatient('Anna', 'Verdi');
      const run = await newRun({ Data: MON });
      await board(run, [centre.mario.id, anna, centre.lucia.id]);
      await admin.post('/server/anagrafiche/uscite/ordine', { uscita: run, pazienti: [anna, centre.lucia.id, centre.mario.id] });
      await admin.post('/server/anagrafiche/uscite/fermata', { uscita: run, paziente: anna, ora: '07:40' });
      await staff(run, centre.paola.id);
      await staff(run, centre.stefano.id, true);
      const expected = [
        [anna, 1, '07:40'],
        [centre.lucia.id, 2, null],
        [centre.mario.id, 3, null],
      ];
      const shape = (r: DayTransportRun) => ({
        stops: r.Pazienti.map((p) => [p.RifPaziente, p.Ordine, p.OraFermata]),
        autista: r.RifAutista,
      });

      expect((await admin.post('/server/calendario/pasteday', { from: MON, to: TUE })).status).toBe(200);
      const pasted = (await day(TUE)).uscite;
      expect(pasted.map(shape)).toEqual([{ stops: expected, autista: centre.stefano.id }]);

      const template = await admin.put<{ ID: number }>('/server/modelli', { nome: 'Settimana con uscita', dasettimana: MON });
      expect(template.status).toBe(200);
      const applied = await admin.post('/server/modelli/applica', {
        modello: template.body.ID,
        dal: addDays(MON, 14),
        al: addDays(MON, 14),
        esistenti: 'sostituisci',
      });
      expect(applied.status).toBe(200);
      expect((await day(addDays(MON, 14))).uscite.map(shape)).toEqual([{ stops: expected, autista: centre.stefano.id }]);
    });
  });

  describe('the fleet’s conflicts', () => {
    it('raises posti and clears it when a passenger is absent that day', async () => {
      const small = await newMezzo({ Nome: 'Auto', posti: 2, postiCarrozzina: 0, Targa: '' });
      const run = await newRun({ RifPulmino: small });
      await staff(run, centre.paola.id, true);
      await board(run, [centre.mario.id, centre.lucia.id]);
      const [posti] = await conflictsOf(MON, 'posti');
      expect(posti).toMatchObject({
        ID: run,
        nome: 'Andata Nord',
        persone: 3,
        posti: 2,
        uscite: [run],
        testo: 'Andata Nord: 3 persone su 2 posti',
      });
      await ctx.database.db.insert(absences).values({ patientId: centre.lucia.id, startDay: MON, endDay: MON, reason: 'malattia' });
      expect(await conflictsOf(MON, 'posti')).toEqual([]);
      // Still on the run, marked absent.
      expect((await runOf(MON, run)).Pazienti.find((p) => p.RifPaziente === centre.lucia.id)).toMatchObject({
        Assente: true,
        Motivo: 'malattia',
      });
    });

    it('raises carrozzina for wheelchairs beyond the places, an absent one not counted', async () => {
      const anna = await newPatient('Anna', 'Verdi', { Carrozzina: true });
      const bruno = await newPatient('Bruno', 'Neri', { Carrozzina: true });
      const run = await newRun({ RifPulmino: 1 });
      await staff(run, centre.paola.id, true);
      await board(run, [anna]);
      expect(await conflictsOf(MON, 'carrozzina')).toEqual([]);
      const added = await admin.put<{ conflitti: { tipo: string; testo?: string }[] }>('/server/anagrafiche/uscite/passeggeri', {
        uscita: run,
        paziente: bruno,
      });
      expect(added.body.conflitti.filter((c) => c.tipo === 'carrozzina').map((c) => c.testo)).toEqual([
        'Andata Nord: 2 carrozzine su 1 posto carrozzina',
      ]);
      await ctx.database.db.insert(rollCall).values({ day: MON, patientId: bruno, present: false, reason: 'altro' });
      expect(await conflictsOf(MON, 'carrozzina')).toEqual([]);
    });

    it('raises mezzo for one mezzo on two overlapping runs, half-open', async () => {
      const a = await newRun({ Tratta: 'Andata Nord', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 2 });
      const b = await newRun({ Tratta: 'Andata Sud', Ora: '08:30', OraArrivo: '09:30', RifPulmino: 2 });
      await newRun({ Tratta: 'Giro', Ora: '09:30', OraArrivo: '10:00', RifPulmino: 2 });
      await newRun({ Tratta: 'Altro', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 1 });
      expect(await conflictsOf(MON, 'mezzo')).toMatchObject([
        { ID: 2, nome: 'Pulmino blu', uscite: [a, b], testo: 'Pulmino blu è su 2 uscite nello stesso orario' },
      ]);
      await admin.post('/server/anagrafiche/uscite/update', {
        ID: b,
        Tratta: 'Andata Sud',
        Ora: '09:00',
        OraArrivo: '09:30',
        RifPulmino: 2,
        Data: MON,
      });
      expect(await conflictsOf(MON, 'mezzo')).toEqual([]);
    });

    it('raises autista for a run with no staff or none marked, and clears it when one is marked', async () => {
      const run = await newRun();
      expect((await conflictsOf(MON, 'autista')).map((c) => c.testo)).toEqual(['Andata Nord: nessun operatore a bordo']);
      await staff(run, centre.paola.id);
      expect((await conflictsOf(MON, 'autista')).map((c) => c.testo)).toEqual(['Andata Nord: nessun autista indicato']);
      const marked = await admin.post<{ conflitti: { tipo: string }[] }>('/server/anagrafiche/uscite/autista', {
        uscita: run,
        terapista: centre.paola.id,
      });
      expect(marked.body.conflitti.filter((c) => c.tipo === 'autista')).toEqual([]);
      expect(await conflictsOf(MON, 'autista')).toEqual([]);
    });
  });

  describe('fogli di marcia', () => {
    it('lists every run of the day with its stops in order for an administrator, only her runs for an operatore', async () => {
      const anna = await newPatient('Anna', 'Verdi', { Indirizzo: 'via Roma 12', Carrozzina: true, NoteTrasporto: 'citofono' });
      const run = await newRun({ RifPulmino: 2 });
      await board(run, [centre.mario.id, anna]);
      await admin.post('/server/anagrafiche/uscite/ordine', { uscita: run, pazienti: [anna, centre.mario.id] });
      await staff(run, centre.paola.id, true);
      await staff(run, centre.stefano.id);
      await newRun({ Tratta: 'Ritorno', Ora: '16:00', OraArrivo: '17:00' });
      await ctx.database.db.insert(absences).values({ patientId: centre.mario.id, startDay: MON, endDay: MON, reason: 'malattia' });
      const res = await admin.get<Fogli>(`/server/trasporti/fogli?data=${MON}`);
      expect(res.status).toBe(200);
      expect(res.body.uscite.map((r) => r.Tratta)).toEqual(['Andata Nord', 'Ritorno']);
      const first = res.body.uscite[0];
      expect(first.autista).toEqual({ RifTerapista: centre.paola.id, nome: 'paola.neri' });
      expect(first.operatori).toEqual([{ RifTerapista: centre.stefano.id, nome: 'stefano.villa' }]);
      expect(first.fermate).toEqual([
        {
          Ordine: 1,
          OraFermata: null,
          RifPaziente: anna,
          Nome: 'Anna',
          Cognome: 'Verdi',
          Indirizzo: 'via Roma 12',
          Carrozzina: true,
          Cellulare: '',
          NoteTrasporto: 'citofono',
        },
        {
          Ordine: 2,
          OraFermata: null,
          RifPaziente: centre.mario.id,
          Nome: 'Mario',
          Cognome: 'Rossi',
          Indirizzo: '',
          Carrozzina: false,
          Cellulare: '+393331112222',
          NoteTrasporto: '',
          Assente: true,
          Motivo: 'malattia',
        },
      ]);
      // The viewer account is not linked to an operatore: no runs.
      expect((await viewer.get<Fogli>(`/server/trasporti/fogli?data=${MON}`)).body.uscite).toEqual([]);
      await ctx.database.db.execute(
        sql`update therapists set user_id = (select id from users where username = ${VIEWER.username}) where id = ${centre.stefano.id}`,
      );
      expect((await viewer.get<Fogli>(`/server/trasporti/fogli?data=${MON}`)).body.uscite.map((r) => r.ID)).toEqual([run]);
    });
  });

  describe('trasporti del mese', () => {
    it('refuses a month not written aaaa-mm', async () => {
      const res = await admin.get('/server/trasporti/mese?mese=2026-13');
      expect([res.status, issueAt(res.body, 'mese') ?? errorOf(res.body)]).toEqual([400, M.monthInvalid]);
    });

    it('counts the trips actually travelled as an independent count does, on generated months of 50 runs', async () => {
      const extra = await ctx.database.db
        .insert(patients)
        .values(['Anna', 'Bruno', 'Carla', 'Dario'].map((firstName) => ({ firstName, lastName: 'Prova' })))
        .returning({ id: patients.id });
      const people = [centre.mario.id, centre.lucia.id, ...extra.map((p) => p.id)];
      const dayOf = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;
      const runArb = fc.record({
        d: fc.integer({ min: 1, max: 30 }),
        hour: fc.integer({ min: 7, max: 17 }),
        minibus: fc.constantFrom(1, 2),
        riders: fc.subarray(people),
      });
      const absenceArb = fc.record({
        who: fc.constantFrom(...people),
        from: fc.integer({ min: 1, max: 30 }),
        len: fc.integer({ min: 0, max: 4 }),
      });
      const markArb = fc.record({ who: fc.constantFrom(...people), d: fc.integer({ min: 1, max: 30 }), present: fc.boolean() });
      await fc.assert(
        fc.asyncProperty(
          fc.array(runArb, { minLength: 50, maxLength: 50 }),
          fc.array(absenceArb, { maxLength: 8 }),
          fc.uniqueArray(markArb, { maxLength: 10, selector: (m) => `${m.who}:${m.d}` }),
          async (runs, abs, marks) => {
            await ctx.database.db.execute(sql`delete from transport_runs`);
            await ctx.database.db.execute(sql`delete from absences`);
            await ctx.database.db.execute(sql`delete from roll_call`);
            // A run of another month counts for nothing.
            await addRun(
              ctx.database.db,
              { route: 'Fuori mese', departure: '08:00', arrival: '09:00', minibus: 1, day: '2026-12-01' },
              { patients: people },
            );
            for (const r of runs) {
              const departure = `${String(r.hour).padStart(2, '0')}:00`;
              await addRun(
                ctx.database.db,
                { route: 'Giro', departure, arrival: `${String(r.hour).padStart(2, '0')}:45`, minibus: r.minibus, day: dayOf(r.d) },
                { patients: r.riders },
              );
            }
            for (const a of abs)
              await ctx.database.db
                .insert(absences)
                .values({ patientId: a.who, startDay: dayOf(a.from), endDay: addDays(dayOf(a.from), a.len), reason: 'ferie' });
            for (const m of marks)
              await ctx.database.db
                .insert(rollCall)
                .values({ day: dayOf(m.d), patientId: m.who, present: m.present, reason: m.present ? null : 'altro' });

            // The independent count: the roll call's mark wins, else any absence covering the day.
            const absent = (who: number, d: string) => {
              const mark = marks.find((m) => m.who === who && dayOf(m.d) === d);
              if (mark) return !mark.present;
              return abs.some((a) => a.who === who && dayOf(a.from) <= d && d <= addDays(dayOf(a.from), a.len));
            };
            const perPerson = new Map<number, { andata: number; ritorno: number }>();
            const perMezzo = new Map<number, { andata: number; ritorno: number; uscite: number }>();
            for (const r of runs) {
              const andata = `${String(r.hour).padStart(2, '0')}:00` < ANDATA_BEFORE;
              const m = perMezzo.get(r.minibus) ?? { andata: 0, ritorno: 0, uscite: 0 };
              m.uscite++;
              perMezzo.set(r.minibus, m);
              for (const who of r.riders) {
                if (absent(who, dayOf(r.d))) continue;
                const p = perPerson.get(who) ?? { andata: 0, ritorno: 0 };
                p[andata ? 'andata' : 'ritorno']++;
                m[andata ? 'andata' : 'ritorno']++;
                perPerson.set(who, p);
              }
            }
            const res = await admin.get<TrasportiMese>('/server/trasporti/mese?mese=2026-11');
            expect(res.status).toBe(200);
            const got = new Map(res.body.utenti.map((u) => [u.RifPaziente, { andata: u.andata, ritorno: u.ritorno }]));
            expect(got).toEqual(perPerson);
            expect(new Map(res.body.mezzi.map((m) => [m.ID, { andata: m.andata, ritorno: m.ritorno, uscite: m.uscite }]))).toEqual(
              perMezzo,
            );
            const total = [...perPerson.values()].reduce((n, p) => n + p.andata + p.ritorno, 0);
            expect(res.body.totale.totale).toBe(total);
          },
        ),
        { numRuns: 3 },
      );
    }, 120_000);
  });
});
