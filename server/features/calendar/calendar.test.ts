import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { addActivity, addRun, type Centre, addGinnastica } from '../../test/fixtures.ts';
import { TestClient, codeOf, describeOnBothDatabases, errorOf, signedInCentre } from '../../test/harness.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';

describeOnBothDatabases('calendar calls', (ctx) => {
  let admin: TestClient, viewer: TestClient, centre: Centre;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });

  /** Ginnastica in the Palestra on Monday, 09:00–10:30, no transport and no type, as the wire answers it. */
  const ginnasticaWire = (ID: number) => ({
    ID,
    NomeAttivita: 'Ginnastica',
    RifStanza: centre.palestra.id,
    Data: MON,
    Giorno: 1,
    OraInizio: '09:00',
    OraFine: '10:30',
    RifTrasporto: -1,
    RifTipo: -1,
  });

  async function dayOf(client: TestClient, data: string) {
    const res = await client.post<{
      attivita: {
        ID: number;
        NomeAttivita: string;
        RifStanza: number;
        OraInizio: string;
        OraFine: string;
        Pazienti: { RifPaziente: number }[];
        Terapisti: { RifTerapista: number }[];
      }[];
    }>('/server/calendario/giornata', { data });
    expect(res.status).toBe(200);
    return res.body.attivita;
  }

  describe('reads', () => {
    it('answers the activities of a day with the wire field names, -1 for no transport', async () => {
      const a = await addActivity(ctx.database.db, {
        name: 'Ginnastica',
        roomId: centre.palestra.id,
        day: MON,
        start: '09:00',
        end: '10:30',
      });
      await addActivity(ctx.database.db, { name: 'Altro giorno', roomId: centre.palestra.id, day: TUE, start: '09:00', end: '10:00' });
      const res = await viewer.post('/server/calendario/get', { data: MON });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          ...ginnasticaWire(a.id),
        },
      ]);
    });

    it('answers rooms in column order, archived ones last and marked', async () => {
      const res = await viewer.get('/server/calendario/getstanze');
      expect(res.body).toEqual([
        { ID: centre.palestra.id, Nome: 'Palestra', Archiviato: false },
        { ID: centre.logopedia.id, Nome: 'Logopedia', Archiviato: false },
        { ID: centre.archiviata.id, Nome: 'Vecchia sala', Archiviato: true },
      ]);
    });

    it('answers present therapists and patients, not archived ones', async () => {
      const t = await viewer.get<{ username: string }[]>('/server/terapisti/getpresenze');
      expect(t.body.map((x) => x.username)).toEqual(['paola.neri', 'stefano.villa']);
      const p = await viewer.get<{ ID: number; Nome: string; Cognome: string; Cellulare: string }[]>('/server/pazienti/getpresenze');
      expect(p.body).toEqual([
        { ID: centre.lucia.id, Nome: 'Lucia', Cognome: 'Bianchi', Cellulare: '+393334445555' },
        { ID: centre.mario.id, Nome: 'Mario', Cognome: 'Rossi', Cellulare: '+393331112222' },
      ]);
    });

    it('answers the link lists, of all days or filtered by data or datastart/datastop', async () => {
      const mon = await addActivity(
        ctx.database.db,
        { name: 'Lun', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      const tue = await addActivity(
        ctx.database.db,
        { name: 'Mar', roomId: centre.palestra.id, day: TUE, start: '09:00', end: '10:00' },
        { patients: [centre.lucia.id], therapists: [centre.stefano.id] },
      );
      const all = await viewer.get<{ RifAttivita: number; RifTerapista: number }[]>('/server/calendario/getterapisti');
      expect(all.body.map((l) => [l.RifAttivita, l.RifTerapista])).toEqual([
        [mon.id, centre.paola.id],
        [tue.id, centre.stefano.id],
      ]);
      const one = await viewer.get<{ ID: number; RifAttivita: number; RifPaziente: number }[]>(
        `/server/calendario/getpazienti?data=${TUE}`,
      );
      expect(one.body).toEqual([{ ID: expect.any(Number), RifAttivita: tue.id, RifPaziente: centre.lucia.id }]);
      const range = await viewer.get<unknown[]>(`/server/calendario/getpazienti?datastart=${MON}&datastop=${TUE}`);
      expect(range.body).toHaveLength(2);
      const bad = await viewer.get(`/server/calendario/getpazienti?data=2026-13-01`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad.body)).toBe(MSG.dateInvalid);
    });

    it('answers the transport runs of a day and their links', async () => {
      const run = await addRun(
        ctx.database.db,
        { route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 1, day: MON },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      await addRun(
        ctx.database.db,
        { route: 'Altro', departure: '08:00', arrival: '09:00', minibus: 2, day: TUE },
        { patients: [centre.lucia.id] },
      );
      const runs = await viewer.post('/server/calendario/gettrasporto', { data: MON });
      expect(runs.body).toEqual([{ ID: run.id, Tratta: 'Andata Nord', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 1, Data: MON }]);
      expect((await viewer.get(`/server/calendario/gettrasportoter?data=${MON}`)).body).toEqual([
        { RifUscita: run.id, RifTerapista: centre.paola.id },
      ]);
      expect((await viewer.get(`/server/calendario/gettrasportopaz?data=${MON}`)).body).toEqual([
        { RifUscita: run.id, RifPaziente: centre.mario.id },
      ]);
      expect((await viewer.get('/server/calendario/gettrasportopaz')).body).toHaveLength(2);
    });

    it('answers the whole day in one request, people included', async () => {
      const run = await addRun(
        ctx.database.db,
        { route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 2, day: MON },
        { patients: [centre.lucia.id], therapists: [centre.stefano.id] },
      );
      const t = await addActivity(ctx.database.db, {
        name: 'TRASPORTO',
        roomId: null,
        day: MON,
        start: '08:00',
        end: '09:00',
        transportRunId: run.id,
      });
      const a = await addActivity(
        ctx.database.db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:30' },
        { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
      );
      const res = await viewer.post('/server/calendario/giornata', { data: MON });
      expect(res.body).toEqual({
        data: MON,
        attivita: [
          {
            ID: t.id,
            NomeAttivita: 'TRASPORTO',
            RifStanza: -1,
            Data: MON,
            Giorno: 1,
            OraInizio: '08:00',
            OraFine: '09:00',
            RifTrasporto: run.id,
            RifTipo: -1,
            Versione: 1,
            Pazienti: [],
            Terapisti: [],
          },
          {
            ...ginnasticaWire(a.id),
            Versione: 1,
            Pazienti: [
              { ID: expect.any(Number), RifPaziente: centre.lucia.id, Nome: 'Lucia', Cognome: 'Bianchi' },
              { ID: expect.any(Number), RifPaziente: centre.mario.id, Nome: 'Mario', Cognome: 'Rossi' },
            ],
            Terapisti: [{ ID: expect.any(Number), RifTerapista: centre.paola.id, username: 'paola.neri', Nome: '', Cognome: '' }],
          },
        ],
        uscite: [
          {
            ID: run.id,
            Tratta: 'Andata Nord',
            Ora: '08:00',
            OraArrivo: '09:00',
            RifPulmino: 2,
            // Issue 30: the run's mezzo and autista, each passenger's place, stop time, address and wheelchair.
            Mezzo: { ID: 2, Nome: 'Pulmino blu', posti: 8, postiCarrozzina: 1, colore: 'blu', Targa: '' },
            RifAutista: centre.stefano.id,
            Data: MON,
            Pazienti: [
              {
                RifPaziente: centre.lucia.id,
                Nome: 'Lucia',
                Cognome: 'Bianchi',
                Ordine: 1,
                OraFermata: null,
                Indirizzo: '',
                Carrozzina: false,
              },
            ],
            Terapisti: [{ RifTerapista: centre.stefano.id, username: 'stefano.villa', Nome: '', Cognome: '' }],
          },
        ],
        conflitti: [],
      });
    });

    it('answers the week in one request: activities with therapists, runs with their people', async () => {
      await addActivity(
        ctx.database.db,
        { name: 'Lun', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      await addActivity(
        ctx.database.db,
        { name: 'Prima', roomId: centre.palestra.id, day: '2026-11-22', start: '09:00', end: '10:00' },
        { therapists: [centre.paola.id] },
      );
      await addRun(
        ctx.database.db,
        { route: 'Ritorno', departure: '16:00', arrival: '17:00', minibus: 2, day: TUE },
        { patients: [centre.lucia.id], therapists: [centre.stefano.id] },
      );
      const res = await viewer.post<{
        datastart: string;
        attivita: { NomeAttivita: string; Pazienti: unknown[]; Terapisti: { username: string }[] }[];
        uscite: { Tratta: string; Terapisti: { username: string }[] }[];
      }>('/server/calendario/settimana', { datastart: MON, datastop: '2026-11-27' });
      expect(res.status).toBe(200);
      expect(res.body.attivita.map((a) => [a.NomeAttivita, a.Pazienti, a.Terapisti.map((t) => t.username)])).toEqual([
        ['Lun', [], ['paola.neri']],
      ]);
      expect(res.body.uscite.map((r) => [r.Tratta, r.Terapisti.map((t) => t.username)])).toEqual([['Ritorno', ['stefano.villa']]]);
      expect((await new TestClient(ctx.app).post('/server/calendario/settimana', { datastart: MON, datastop: TUE })).status).toBe(403);
    });

    it('answers single records: an activity, a therapist link, a patient link', async () => {
      const a = await addActivity(
        ctx.database.db,
        { name: 'Logopedia', roomId: centre.logopedia.id, day: MON, start: '11:00', end: '12:00' },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      const single = await viewer.post<{ ID: number }[]>('/server/calendario/getattivitasingle', { attivita: a.id });
      expect(single.body.map((x) => x.ID)).toEqual([a.id]);
      const day = await dayOf(viewer, MON);
      const tLink = (day[0].Terapisti[0] as unknown as { ID: number }).ID;
      const pLink = (day[0].Pazienti[0] as unknown as { ID: number }).ID;
      expect((await viewer.post('/server/calendario/getattivitaterapista', { terapistaId: tLink })).body).toEqual([
        { ID: tLink, RifAttivita: a.id, RifTerapista: centre.paola.id, username: 'paola.neri', Nome: '', Cognome: '' },
      ]);
      expect((await viewer.post('/server/calendario/getattivitapaziente', { pazienteId: pLink })).body).toEqual([
        { ID: pLink, RifAttivita: a.id, RifPaziente: centre.mario.id, Nome: 'Mario', Cognome: 'Rossi' },
      ]);
      expect((await viewer.post('/server/calendario/getattivitasingle', { attivita: 999999 })).body).toEqual([]);
    });

    it('answers the previous activity of a room before a time', async () => {
      await addActivity(ctx.database.db, { name: 'Prima', roomId: centre.palestra.id, day: MON, start: '08:00', end: '09:00' });
      const second = await addActivity(ctx.database.db, {
        name: 'Seconda',
        roomId: centre.palestra.id,
        day: MON,
        start: '09:00',
        end: '10:00',
      });
      await addActivity(ctx.database.db, { name: 'Altra stanza', roomId: centre.logopedia.id, day: MON, start: '09:30', end: '10:00' });
      const res = await viewer.post<{ ID: number }[]>('/server/calendario/getfirstattivita', {
        data: MON,
        ora: '10:00',
        stanza: centre.palestra.id,
      });
      expect(res.body.map((a) => a.ID)).toEqual([second.id]);
      const none = await viewer.post('/server/calendario/getfirstattivita', { data: MON, ora: '08:00', stanza: centre.palestra.id });
      expect(none.body).toEqual([]);
    });

    it("answers a week of activities with their therapists, and the week's runs", async () => {
      await addActivity(
        ctx.database.db,
        { name: 'Lun', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { therapists: [centre.paola.id] },
      );
      await addActivity(
        ctx.database.db,
        { name: 'Fuori', roomId: centre.palestra.id, day: '2026-11-30', start: '09:00', end: '10:00' },
        { therapists: [centre.paola.id] },
      );
      await addRun(
        ctx.database.db,
        { route: 'Ritorno', departure: '16:00', arrival: '17:00', minibus: 1, day: TUE },
        { therapists: [centre.stefano.id] },
      );
      const week = await viewer.post<{ Data: string; Terapisti: { username: string }[] }[]>('/server/calendario/getattivitaweek', {
        datastart: MON,
        datastop: '2026-11-27',
      });
      expect(week.body.map((a) => [a.Data, a.Terapisti.map((t) => t.username)])).toEqual([[MON, ['paola.neri']]]);
      const runs = await viewer.post<{ Data: string; Terapisti: { username: string }[] }[]>('/server/calendario/getweektrasporto', {
        datastart: MON,
        datastop: '2026-11-27',
      });
      expect(runs.body.map((r) => [r.Data, r.Terapisti.map((t) => t.username)])).toEqual([[TUE, ['stefano.villa']]]);
      const backwards = await viewer.post('/server/calendario/getattivitaweek', { datastart: '2026-11-27', datastop: MON });
      expect(backwards.status).toBe(400);
      expect(errorOf(backwards.body)).toBe(MSG.weekRangeInvalid);
    });
  });

  describe('writes', () => {
    it('creates, edits and deletes an activity', async () => {
      const created = await admin.put<{ insertId: number }>('/server/calendario/createattivita', {
        nome: 'Musicoterapia',
        stanza: centre.palestra.id,
        giorno: 1,
        data: MON,
        orainizio: '14:00',
        orafine: '15:30',
        trasporto: -1,
      });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ insertId: expect.any(Number), conflitti: [] });
      const id = created.body.insertId;
      expect((await dayOf(viewer, MON)).map((a) => [a.NomeAttivita, a.RifStanza, a.OraInizio, a.OraFine])).toEqual([
        ['Musicoterapia', centre.palestra.id, '14:00', '15:30'],
      ]);

      const updated = await admin.post('/server/calendario/updateattivita', {
        nome: 'Coro',
        stanza: centre.logopedia.id,
        data: MON,
        giorno: 1,
        orainizio: '15:00:00',
        orafine: '16:00',
        trasporto: -1,
        attivitaId: id,
      });
      expect(updated.status).toBe(200);
      expect((await dayOf(viewer, MON)).map((a) => [a.NomeAttivita, a.RifStanza, a.OraInizio, a.OraFine])).toEqual([
        ['Coro', centre.logopedia.id, '15:00', '16:00'],
      ]);

      const removed = await admin.post('/server/calendario/removeattivita', { attivitaId: id });
      expect(removed.status).toBe(200);
      expect(await dayOf(viewer, MON)).toEqual([]);
      const again = await admin.post('/server/calendario/removeattivita', { attivitaId: id });
      expect(again.status).toBe(404);
      expect(errorOf(again.body)).toBe(MSG.activityNotFound);
    });

    it('stores the weekday of the date, whatever giorno the client sends', async () => {
      const created = await admin.put<{ insertId: number }>('/server/calendario/createattivita', {
        nome: 'Ginnastica',
        stanza: centre.palestra.id,
        giorno: 5,
        data: TUE,
        orainizio: '09:00',
        orafine: '10:00',
        trasporto: -1,
      });
      const [a] = (await viewer.post<{ Giorno: number }[]>('/server/calendario/getattivitasingle', { attivita: created.body.insertId }))
        .body;
      expect(a.Giorno).toBe(2);
    });

    it("creates a transport activity as TRASPORTO in room -1 at the run's times, and refuses to edit it", async () => {
      const run = await addRun(ctx.database.db, { route: 'Andata', departure: '08:10', arrival: '08:55', minibus: 1, day: MON });
      const created = await admin.put<{ insertId: number }>('/server/calendario/createattivita', {
        nome: '',
        stanza: -1,
        giorno: 1,
        data: MON,
        orainizio: '',
        orafine: '',
        trasporto: run.id,
      });
      expect(created.status).toBe(200);
      const [a] = (
        await viewer.post<Record<string, unknown>[]>('/server/calendario/getattivitasingle', { attivita: created.body.insertId })
      ).body;
      expect(a).toMatchObject({ NomeAttivita: 'TRASPORTO', RifStanza: -1, OraInizio: '08:10', OraFine: '08:55', RifTrasporto: run.id });
      const edit = await admin.post('/server/calendario/updateattivita', {
        nome: 'Cambiato',
        stanza: centre.palestra.id,
        data: MON,
        giorno: 1,
        orainizio: '09:00',
        orafine: '10:00',
        trasporto: -1,
        attivitaId: created.body.insertId,
      });
      expect(edit.status).toBe(409);
      expect(errorOf(edit.body)).toBe(MSG.transportNotEditable);
      const otherDay = await admin.put('/server/calendario/createattivita', {
        nome: '',
        stanza: -1,
        data: TUE,
        orainizio: '',
        orafine: '',
        trasporto: run.id,
      });
      expect(otherDay.status).toBe(400);
      expect(errorOf(otherDay.body)).toBe(MSG.transportOtherDay);
      const missing = await admin.put('/server/calendario/createattivita', {
        nome: '',
        stanza: -1,
        data: MON,
        orainizio: '',
        orafine: '',
        trasporto: 999999,
      });
      expect(missing.status).toBe(400);
      expect(errorOf(missing.body)).toBe(MSG.transportNotFound);
      expect((await admin.post('/server/calendario/removeattivita', { attivitaId: created.body.insertId })).status).toBe(200);
    });

    const valid = { nome: 'Ginnastica', giorno: 1, data: MON, orainizio: '09:00', orafine: '10:00', trasporto: -1 };
    it.each([
      [{ nome: 'ab' }, MSG.activityNameInvalid],
      [{ nome: '   ab   ' }, MSG.activityNameInvalid],
      [{ nome: 'x'.repeat(101) }, MSG.activityNameInvalid],
      [{ nome: 42 }, MSG.activityNameInvalid],
      [{ stanza: 0 }, MSG.roomInvalid],
      [{ stanza: -1 }, MSG.roomInvalid],
      [{ stanza: 'abc' }, MSG.roomInvalid],
      [{ orainizio: '9:00' }, MSG.startInvalid],
      [{ orainizio: '25:00' }, MSG.startInvalid],
      [{ orainizio: '10:60' }, MSG.startInvalid],
      [{ orafine: '9:7' }, MSG.endInvalid],
      [{ orafine: '24:30' }, MSG.endInvalid],
      [{ orafine: 'mezzogiorno' }, MSG.endInvalid],
      [{ orainizio: '10:00', orafine: '09:00' }, MSG.endBeforeStart],
      [{ orainizio: '10:00', orafine: '10:00' }, MSG.endBeforeStart],
      [{ data: '2026-02-30' }, MSG.dateInvalid],
      [{ data: '2026-13-01' }, MSG.dateInvalid],
      [{ data: '23/11/2026' }, MSG.dateInvalid],
    ])('refuses to create an activity with %j: %s', async (change, message) => {
      const res = await admin.put('/server/calendario/createattivita', { ...valid, stanza: centre.palestra.id, ...change });
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
      expect(await dayOf(viewer, MON)).toEqual([]);
    });

    it('accepts end time 24:00 and HH:mm:ss', async () => {
      const res = await admin.put('/server/calendario/createattivita', {
        ...valid,
        stanza: centre.palestra.id,
        orainizio: '23:00:00',
        orafine: '24:00',
      });
      expect(res.status).toBe(200);
    });

    it('refuses an archived or missing room, and the same rules on edit', async () => {
      const archived = await admin.put('/server/calendario/createattivita', { ...valid, stanza: centre.archiviata.id });
      expect(archived.status).toBe(400);
      expect(errorOf(archived.body)).toBe(MSG.roomInvalid);
      const missing = await admin.put('/server/calendario/createattivita', { ...valid, stanza: 999999 });
      expect(errorOf(missing.body)).toBe(MSG.roomInvalid);
      const a = await addGinnastica(ctx.database.db, centre, MON);
      const edit = await admin.post('/server/calendario/updateattivita', {
        ...valid,
        stanza: centre.palestra.id,
        nome: 'x',
        attivitaId: a.id,
      });
      expect(edit.status).toBe(400);
      expect(errorOf(edit.body)).toBe(MSG.activityNameInvalid);
      const moveIntoArchived = await admin.post('/server/calendario/updateattivita', {
        ...valid,
        stanza: centre.archiviata.id,
        attivitaId: a.id,
      });
      expect(errorOf(moveIntoArchived.body)).toBe(MSG.roomInvalid);
      const old = await addActivity(ctx.database.db, {
        name: 'Vecchia',
        roomId: centre.archiviata.id,
        day: MON,
        start: '11:00',
        end: '12:00',
      });
      const keepArchived = await admin.post('/server/calendario/updateattivita', {
        ...valid,
        nome: 'Vecchia corretta',
        stanza: centre.archiviata.id,
        orainizio: '11:00',
        orafine: '12:00',
        attivitaId: old.id,
      });
      expect(keepArchived.status).toBe(200);
      await admin.post('/server/calendario/removeattivita', { attivitaId: old.id });
      const missingActivity = await admin.post('/server/calendario/updateattivita', {
        ...valid,
        stanza: centre.palestra.id,
        attivitaId: 999999,
      });
      expect(missingActivity.status).toBe(404);
      expect((await dayOf(viewer, MON)).map((x) => x.NomeAttivita)).toEqual(['Ginnastica']);
    });

    it('adds patients and therapists, refuses duplicates with their messages, removes them', async () => {
      const a = await addGinnastica(ctx.database.db, centre, MON);
      expect((await admin.post('/server/calendario/checkattivita', { paziente: centre.mario.id, attivita: a.id })).status).toBe(200);
      const ins = await admin.put<{ insertId: number }>('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: a.id });
      expect(ins.status).toBe(200);
      expect(ins.body.insertId).toEqual(expect.any(Number));
      const check = await admin.post('/server/calendario/checkattivita', { paziente: centre.mario.id, attivita: a.id });
      expect(check.status).toBe(409);
      expect(errorOf(check.body)).toBe(MSG.patientDuplicate);
      const dup = await admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: a.id });
      expect(dup.status).toBe(409);
      expect(errorOf(dup.body)).toBe(MSG.patientDuplicate);

      expect((await admin.post('/server/calendario/checkattivitater', { terapista: centre.paola.id, attivita: a.id })).status).toBe(200);
      const tIns = await admin.put<{ insertId: number }>('/server/calendario/insertterapista', {
        terapista: centre.paola.id,
        attivita: a.id,
      });
      expect(tIns.status).toBe(200);
      const tDup = await admin.put('/server/calendario/insertterapista', { terapista: centre.paola.id, attivita: a.id });
      expect(tDup.status).toBe(409);
      expect(errorOf(tDup.body)).toBe(MSG.therapistDuplicate);
      expect(errorOf((await admin.post('/server/calendario/checkattivitater', { terapista: centre.paola.id, attivita: a.id })).body)).toBe(
        MSG.therapistDuplicate,
      );

      let [day] = await dayOf(viewer, MON);
      expect(day.Pazienti.map((p) => p.RifPaziente)).toEqual([centre.mario.id]);
      expect(day.Terapisti.map((t) => t.RifTerapista)).toEqual([centre.paola.id]);

      expect((await admin.post('/server/calendario/removepaziente', { id: ins.body.insertId })).status).toBe(200);
      expect((await admin.post('/server/calendario/removeterapista', { id: tIns.body.insertId })).status).toBe(200);
      [day] = await dayOf(viewer, MON);
      expect(day.Pazienti).toEqual([]);
      expect(day.Terapisti).toEqual([]);
      const gone = await admin.post('/server/calendario/removepaziente', { id: ins.body.insertId });
      expect(gone.status).toBe(404);
      expect(errorOf(gone.body)).toBe(MSG.linkNotFound);
    });

    it('refuses to add a missing or archived person, or to a missing activity', async () => {
      const a = await addGinnastica(ctx.database.db, centre, MON);
      const archived = await admin.put('/server/calendario/insertpaziente', { paziente: centre.archiviato.id, attivita: a.id });
      expect(archived.status).toBe(404);
      expect(errorOf(archived.body)).toBe(MSG.patientNotFound);
      const noTherapist = await admin.put('/server/calendario/insertterapista', { terapista: 999999, attivita: a.id });
      expect(errorOf(noTherapist.body)).toBe(MSG.therapistNotFound);
      const noActivity = await admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: 999999 });
      expect(noActivity.status).toBe(404);
      expect(errorOf(noActivity.body)).toBe(MSG.activityNotFound);
      const badId = await admin.put('/server/calendario/insertpaziente', { paziente: -3, attivita: a.id });
      expect(badId.status).toBe(400);
      expect(errorOf(badId.body)).toBe(MSG.idInvalid);
      const [day] = await dayOf(viewer, MON);
      expect(day.Pazienti).toEqual([]);
    });

    it('deletes an activity with its links', async () => {
      const a = await addActivity(
        ctx.database.db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      await admin.post('/server/calendario/removeattivita', { attivitaId: a.id });
      expect((await viewer.get('/server/calendario/getpazienti')).body).toEqual([]);
      expect((await viewer.get('/server/calendario/getterapisti')).body).toEqual([]);
    });

    it('copies an activity with its people to an empty slot (Incolla da precedente)', async () => {
      const a = await addActivity(
        ctx.database.db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
      );
      const res = await admin.post<{ insertId: number }>('/server/calendario/copyattivita', {
        attivitaId: a.id,
        orainizio: '10:00',
        orafine: '11:00',
      });
      expect(res.status).toBe(200);
      const day = await dayOf(viewer, MON);
      expect(day.map((x) => [x.NomeAttivita, x.RifStanza, x.OraInizio, x.Pazienti.length, x.Terapisti.length])).toEqual([
        ['Ginnastica', centre.palestra.id, '09:00', 2, 1],
        ['Ginnastica', centre.palestra.id, '10:00', 2, 1],
      ]);
    });
  });

  describe('whole days', () => {
    async function planMonday() {
      const run = await addRun(ctx.database.db, { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 1, day: MON });
      await addActivity(ctx.database.db, {
        name: 'TRASPORTO',
        roomId: null,
        day: MON,
        start: '08:00',
        end: '09:00',
        transportRunId: run.id,
      });
      await addActivity(
        ctx.database.db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
      );
      await addActivity(
        ctx.database.db,
        { name: 'Logopedia', roomId: centre.logopedia.id, day: MON, start: '10:00', end: '11:00' },
        { patients: [centre.lucia.id], therapists: [centre.stefano.id, centre.paola.id] },
      );
    }
    const summary = (day: Awaited<ReturnType<typeof dayOf>>) =>
      day.map(
        (a) =>
          `${a.OraInizio} ${a.NomeAttivita} p${a.Pazienti.map((p) => p.RifPaziente).join(',')} t${a.Terapisti.map((t) => t.RifTerapista)
            .sort()
            .join(',')}`,
      );

    it('empties a day and only that day', async () => {
      await planMonday();
      await addActivity(ctx.database.db, { name: 'Martedì', roomId: centre.palestra.id, day: TUE, start: '09:00', end: '10:00' });
      const res = await admin.post('/server/calendario/emptyday', { data: MON });
      expect(res.status).toBe(200);
      expect(await dayOf(viewer, MON)).toEqual([]);
      expect((await dayOf(viewer, TUE)).map((a) => a.NomeAttivita)).toEqual(['Martedì']);
    });

    it('pastes a day: the target is emptied, then every activity is recreated with its people, runs included', async () => {
      await planMonday();
      await addActivity(ctx.database.db, { name: 'Da cancellare', roomId: centre.palestra.id, day: TUE, start: '15:00', end: '16:00' });
      await addRun(ctx.database.db, { route: 'Vecchia tratta', departure: '07:00', arrival: '07:30', minibus: 2, day: TUE });
      const res = await admin.post('/server/calendario/pasteday', { from: MON, to: TUE });
      expect(res.status).toBe(200);
      // Monday's run has nobody on board, nor has its copy: the autista conflict of issue 30.
      expect(res.body).toEqual({
        pasted: 2,
        esclusi: [],
        conflitti: [expect.objectContaining({ tipo: 'autista', nome: 'Andata' })],
        operazione: expect.any(Number),
      });
      const monday = summary(await dayOf(viewer, MON));
      const tuesday = await dayOf(viewer, TUE);
      expect(summary(tuesday)).toEqual(monday);
      // The Tuesday transport activity places a copy of Monday's run on Tuesday, not Monday's run itself.
      const tuesdayRuns = (
        await viewer.post<{ ID: number; Tratta: string; Data: string }[]>('/server/calendario/gettrasporto', { data: TUE })
      ).body;
      expect(tuesdayRuns.map((r) => r.Tratta)).toEqual(['Andata']);
      const transport = tuesday.find((a) => a.NomeAttivita === 'TRASPORTO') as unknown as { RifTrasporto: number };
      expect(transport.RifTrasporto).toBe(tuesdayRuns[0].ID);
      expect((await viewer.post<unknown[]>('/server/calendario/gettrasporto', { data: MON })).body).toHaveLength(1);
      const [single] = (
        await viewer.post<{ Giorno: number; Data: string }[]>('/server/calendario/getattivitasingle', { attivita: tuesday[0].ID })
      ).body;
      expect(single).toMatchObject({ Giorno: 2, Data: TUE });
    });

    it('refuses to paste a day onto itself', async () => {
      await planMonday();
      const res = await admin.post('/server/calendario/pasteday', { from: MON, to: MON });
      expect(res.status).toBe(409);
      expect(errorOf(res.body)).toBe(MSG.activityAlreadyPresent);
      expect(await dayOf(viewer, MON)).toHaveLength(3);
    });

    it('leaves the target day exactly as it was when the paste fails half-way', async () => {
      await planMonday();
      await addActivity(
        ctx.database.db,
        { name: 'Resto', roomId: centre.palestra.id, day: TUE, start: '15:00', end: '16:00' },
        { patients: [centre.mario.id] },
      );
      const before = summary(await dayOf(viewer, TUE));
      // A real failure inside the database, after the target day was emptied and the activities recreated.
      await ctx.database.db.execute(
        sql.raw(`
        create or replace function fail_on_lucia() returns trigger language plpgsql as $$
        begin
          if new.patient_id = ${centre.lucia.id} then raise exception 'forced failure'; end if;
          return new;
        end $$;
      `),
      );
      await ctx.database.db.execute(
        sql.raw('create trigger fail_on_lucia before insert on activity_patients for each row execute function fail_on_lucia()'),
      );
      try {
        const res = await admin.post('/server/calendario/pasteday', { from: MON, to: TUE });
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ error: MSG.genericError, code: ERROR_CODES.internal });
        expect(summary(await dayOf(viewer, TUE))).toEqual(before);
      } finally {
        await ctx.database.db.execute(sql.raw('drop trigger fail_on_lucia on activity_patients'));
        await ctx.database.db.execute(sql.raw('drop function fail_on_lucia()'));
      }
    });

    it('leaves the day whole when emptying fails half-way', async () => {
      await planMonday();
      const before = summary(await dayOf(viewer, MON));
      await ctx.database.db.execute(
        sql.raw(`
        create or replace function fail_on_delete() returns trigger language plpgsql as $$
        begin
          if old.name = 'Logopedia' then raise exception 'forced failure'; end if;
          return old;
        end $$;
      `),
      );
      await ctx.database.db.execute(
        sql.raw('create trigger fail_on_delete before delete on activities for each row execute function fail_on_delete()'),
      );
      try {
        const res = await admin.post('/server/calendario/emptyday', { data: MON });
        expect(res.status).toBe(500);
        expect(summary(await dayOf(viewer, MON))).toEqual(before);
      } finally {
        await ctx.database.db.execute(sql.raw('drop trigger fail_on_delete on activities'));
        await ctx.database.db.execute(sql.raw('drop function fail_on_delete()'));
      }
    });
  });

  describe('roles', () => {
    const writes: [string, 'POST' | 'PUT', Record<string, unknown>][] = [
      ['/server/calendario/insertpaziente', 'PUT', { paziente: 1, attivita: 1 }],
      ['/server/calendario/insertterapista', 'PUT', { terapista: 1, attivita: 1 }],
      ['/server/calendario/checkattivita', 'POST', { paziente: 1, attivita: 1 }],
      ['/server/calendario/checkattivitater', 'POST', { terapista: 1, attivita: 1 }],
      ['/server/calendario/emptyday', 'POST', { data: MON }],
      ['/server/calendario/pasteday', 'POST', { from: MON, to: TUE }],
      [
        '/server/calendario/createattivita',
        'PUT',
        { nome: 'Ginnastica', stanza: 1, giorno: 1, data: MON, orainizio: '09:00', orafine: '10:00', trasporto: -1 },
      ],
      [
        '/server/calendario/updateattivita',
        'POST',
        { nome: 'Ginnastica', stanza: 1, giorno: 1, data: MON, orainizio: '09:00', orafine: '10:00', trasporto: -1, attivitaId: 1 },
      ],
      ['/server/calendario/copyattivita', 'POST', { attivitaId: 1, orainizio: '10:00', orafine: '11:00' }],
      ['/server/calendario/removeattivita', 'POST', { attivitaId: 1 }],
      ['/server/calendario/removepaziente', 'POST', { id: 1 }],
      ['/server/calendario/removeterapista', 'POST', { id: 1 }],
    ];
    const reads: [string, 'GET' | 'POST', Record<string, unknown>?][] = [
      ['/server/calendario/get', 'POST', { data: MON }],
      ['/server/calendario/giornata', 'POST', { data: MON }],
      ['/server/calendario/getterapisti', 'GET'],
      ['/server/calendario/getpazienti', 'GET'],
      ['/server/terapisti/getpresenze', 'GET'],
      ['/server/pazienti/getpresenze', 'GET'],
      ['/server/calendario/getstanze', 'GET'],
      ['/server/calendario/gettrasporto', 'POST', { data: MON }],
      ['/server/calendario/gettrasportoter', 'GET'],
      ['/server/calendario/gettrasportopaz', 'GET'],
      ['/server/calendario/getattivitasingle', 'POST', { attivita: 1 }],
      ['/server/calendario/getattivitaterapista', 'POST', { terapistaId: 1 }],
      ['/server/calendario/getattivitapaziente', 'POST', { pazienteId: 1 }],
      ['/server/calendario/getfirstattivita', 'POST', { data: MON, ora: '10:00', stanza: 1 }],
      ['/server/calendario/getattivitaweek', 'POST', { datastart: MON, datastop: TUE }],
      ['/server/calendario/getweektrasporto', 'POST', { datastart: MON, datastop: TUE }],
      ['/server/calendario/settimana', 'POST', { datastart: MON, datastop: TUE }],
      ['/server/pazienti/find/', 'POST', { value: 'ros' }],
      ['/server/pazienti/getfromfind/', 'POST', { nome: 'Mario', cognome: 'Rossi', cellulare: '' }],
      ['/server/terapisti/find/', 'POST', { value: 'pao' }],
      ['/server/terapisti/getfromfind/', 'POST', { username: 'paola.neri' }],
    ];

    it.each(writes)('%s answers 403 to a signed-in non-administrator and changes nothing', async (url, method, payload) => {
      const a = await addActivity(
        ctx.database.db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      const before = JSON.stringify(await dayOf(viewer, MON));
      const res = await viewer.request(method, url, {
        ...payload,
        ...('attivita' in payload ? { attivita: a.id } : {}),
        ...('attivitaId' in payload ? { attivitaId: a.id } : {}),
      });
      expect(res.status).toBe(403);
      expect(errorOf(res.body)).toBe(MSG.adminOnly);
      expect(codeOf(res.body)).toBe(ERROR_CODES.adminOnly);
      expect(JSON.stringify(await dayOf(viewer, MON))).toBe(before);
    });

    it.each(writes)('%s answers 403 to an anonymous caller', async (url, method, payload) => {
      const res = await new TestClient(ctx.app).request(method, url, payload);
      expect(res.status).toBe(403);
      expect(errorOf(res.body)).toBe(MSG.notSignedIn);
      expect(codeOf(res.body)).toBe(ERROR_CODES.notSignedIn);
    });

    it.each(writes)('%s answers 403 to an administrator without the CSRF header', async (url, method, payload) => {
      admin.sendCsrf = false;
      const res = await admin.request(method, url, payload);
      expect(res.status).toBe(403);
      expect(errorOf(res.body)).toBe(MSG.csrfInvalid);
      expect(codeOf(res.body)).toBe(ERROR_CODES.csrfInvalid);
    });

    it.each(reads)('%s answers 403 to an anonymous caller and 200 to a signed-in one', async (url, method, payload) => {
      const anonymous = await new TestClient(ctx.app).request(method, url, payload);
      expect(anonymous.status).toBe(403);
      expect((await viewer.request(method, url, payload)).status).toBe(200);
    });
  });

  describe('bad requests', () => {
    it('answers malformed JSON with 400 and an Italian message', async () => {
      const res = await admin.request('POST', '/server/calendario/emptyday', '{"data": ');
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(MSG.bodyInvalid);
      expect(codeOf(res.body)).toBe(ERROR_CODES.invalidInput);
    });

    it.each(['null', '[]', '"testo"', '42'])('answers a body that is not an object (%s) with 400 in Italian', async (payload) => {
      for (const [method, url] of [
        ['POST', '/server/calendario/emptyday'],
        ['POST', '/server/presenze/appello'],
        ['PUT', '/server/anagrafiche/stanze'],
      ] as const) {
        const res = await admin.request(method, url, payload);
        expect(res.status).toBe(400);
        expect(errorOf(res.body)).toBe(MSG.bodyInvalid);
        expect(codeOf(res.body)).toBe(ERROR_CODES.invalidInput);
      }
    });

    it('answers a body over the size limit with 413', async () => {
      const res = await admin.post('/server/calendario/emptyday', { data: MON, extra: 'x'.repeat(100_000) });
      expect(res.status).toBe(413);
      expect(errorOf(res.body)).toBe(MSG.bodyTooLarge);
      expect(codeOf(res.body)).toBe(ERROR_CODES.tooLarge);
    });

    it('answers an unknown call with 404 in Italian', async () => {
      const res = await viewer.get('/server/calendario/nonesiste');
      expect(res.status).toBe(404);
      expect(errorOf(res.body)).toBe(MSG.notFound);
      expect(codeOf(res.body)).toBe(ERROR_CODES.notFound);
    });

    it('answers huge and non-integer ids with 400', async () => {
      for (const attivitaId of [0, -1, 1.5, 2 ** 40, '1e3', null, 'DROP TABLE']) {
        const res = await admin.post('/server/calendario/removeattivita', { attivitaId });
        expect(res.status).toBe(400);
        expect(errorOf(res.body)).toBe(MSG.idInvalid);
      }
    });
  });
});
