import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conflict } from '../../../common/conflicts.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { rooms } from '../../db/schema.ts';
import { addActivity, addRun, seedCentre } from '../../test/fixtures.ts';
import { TestClient, codeOf, describeOnBothDatabases, errorOf, signedInCentre } from '../../test/harness.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';

describeOnBothDatabases('conflicts of a day', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;
  let centre: Awaited<ReturnType<typeof seedCentre>>;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });

  async function conflictsOf(day: string, client = viewer): Promise<Conflict[]> {
    const res = await client.post<{ conflitti: Conflict[] }>('/server/calendario/giornata', { data: day });
    expect(res.status).toBe(200);
    return res.body.conflitti;
  }

  const activity = (name: string, roomId: number | null, start: string, end: string, day = MON) => ({ name, roomId, day, start, end });

  describe('the day answer', () => {
    it('is [] for a clean day, and intervals that only touch do not clash', async () => {
      expect(await conflictsOf(MON)).toEqual([]);
      await addActivity(ctx.database.db, activity('Ginnastica', centre.palestra.id, '09:00', '10:00'), {
        patients: [centre.mario.id],
        therapists: [centre.paola.id],
      });
      await addActivity(ctx.database.db, activity('Logopedia', centre.logopedia.id, '10:00', '11:00'), {
        patients: [centre.mario.id],
        therapists: [centre.paola.id],
      });
      await addActivity(ctx.database.db, activity('Pomeriggio', centre.palestra.id, '10:00', '11:00'));
      await addRun(
        ctx.database.db,
        { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 1, day: MON },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      expect(await conflictsOf(MON)).toEqual([]);
    });

    it('a run never clashes with its own TRASPORTO activity', async () => {
      const run = await addRun(
        ctx.database.db,
        { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 1, day: MON },
        { patients: [centre.lucia.id], therapists: [centre.stefano.id] },
      );
      await addActivity(
        ctx.database.db,
        { ...activity('TRASPORTO', null, '08:00', '09:00'), transportRunId: run.id },
        {
          patients: [centre.lucia.id],
          therapists: [centre.stefano.id],
        },
      );
      expect(await conflictsOf(MON)).toEqual([]);
    });

    it('a patient on a run and in an activity at the same time is one conflict naming both', async () => {
      const run = await addRun(
        ctx.database.db,
        { route: 'Andata', departure: '08:30', arrival: '09:30', minibus: 1, day: MON },
        // With its autista (issue 30): a run with nobody on board is a conflict of its own.
        { patients: [centre.mario.id], therapists: [centre.stefano.id] },
      );
      const a = await addActivity(ctx.database.db, activity('Ginnastica', centre.palestra.id, '09:00', '10:00'), {
        patients: [centre.mario.id, centre.lucia.id],
      });
      expect(await conflictsOf(MON)).toEqual([
        { tipo: 'paziente', ID: centre.mario.id, nome: 'Mario Rossi', attivita: [a.id], uscite: [run.id] },
      ]);
      // Another day is not concerned.
      expect(await conflictsOf(TUE)).toEqual([]);
    });

    it('a therapist in two rooms at once, and the same person three times, are each reported once', async () => {
      const a = await addActivity(ctx.database.db, activity('Ginnastica', centre.palestra.id, '09:00', '10:00'), {
        therapists: [centre.paola.id],
        patients: [centre.lucia.id],
      });
      const b = await addActivity(ctx.database.db, activity('Logopedia', centre.logopedia.id, '09:30', '10:30'), {
        therapists: [centre.paola.id],
        patients: [centre.lucia.id],
      });
      const c = await addActivity(ctx.database.db, activity('Musica', centre.archiviata.id, '10:15', '11:00'), {
        patients: [centre.lucia.id],
      });
      expect(await conflictsOf(MON)).toEqual([
        { tipo: 'terapista', ID: centre.paola.id, nome: 'paola.neri', attivita: [a.id, b.id], uscite: [] },
        { tipo: 'paziente', ID: centre.lucia.id, nome: 'Lucia Bianchi', attivita: [a.id, b.id, c.id], uscite: [] },
      ]);
    });

    it('two activities in one room clash, the room named as in Anagrafiche, archived or renamed', async () => {
      const a = await addActivity(ctx.database.db, activity('Prima', centre.archiviata.id, '09:00', '10:00'));
      const b = await addActivity(ctx.database.db, activity('Seconda', centre.archiviata.id, '09:59', '10:30'));
      expect(await conflictsOf(MON)).toEqual([
        { tipo: 'stanza', ID: centre.archiviata.id, nome: 'Vecchia sala', attivita: [a.id, b.id], uscite: [] },
      ]);
      // The answer is cached; a renamed room is not left with its old name.
      await ctx.database.db.update(rooms).set({ name: 'Sala grande' }).where(eq(rooms.id, centre.archiviata.id));
      expect((await conflictsOf(MON)).map((c) => c.nome)).toEqual(['Sala grande']);
    });
  });

  describe('the answers of the writes that change a day', () => {
    it('createattivita, updateattivita, insertterapista and insertpaziente answer the day’s conflicts', async () => {
      const first = await addActivity(ctx.database.db, activity('Ginnastica', centre.palestra.id, '09:00', '10:00'), {
        therapists: [centre.paola.id],
      });
      const form = {
        nome: 'Logopedia',
        stanza: centre.logopedia.id,
        giorno: 1,
        data: MON,
        orainizio: '11:00',
        orafine: '12:00',
        trasporto: -1,
      };
      const created = await admin.put<{ insertId: number; conflitti: Conflict[] }>('/server/calendario/createattivita', form);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ insertId: expect.any(Number), conflitti: [] });
      const id = created.body.insertId;

      const withPaola = await admin.put('/server/calendario/insertterapista', { terapista: centre.paola.id, attivita: id });
      expect(withPaola.status).toBe(200);
      expect(withPaola.body).toEqual({ insertId: expect.any(Number), conflitti: [] });

      const moved = await admin.post('/server/calendario/updateattivita', {
        ...form,
        attivitaId: id,
        orainizio: '09:30',
        orafine: '10:30',
      });
      expect(moved.status).toBe(200);
      const paolaTwice = { tipo: 'terapista', ID: centre.paola.id, nome: 'paola.neri', attivita: [first.id, id], uscite: [] };
      expect(moved.body).toEqual({ ok: true, versione: 2, conflitti: [paolaTwice] });

      const inRoom = await admin.put('/server/calendario/createattivita', {
        ...form,
        nome: 'Stessa stanza',
        stanza: centre.palestra.id,
        orainizio: '09:30',
        orafine: '10:00',
      });
      const sameRoom = inRoom.body as { insertId: number; conflitti: Conflict[] };
      expect(sameRoom.conflitti).toEqual([
        { tipo: 'stanza', ID: centre.palestra.id, nome: 'Palestra', attivita: [first.id, sameRoom.insertId], uscite: [] },
        paolaTwice,
      ]);

      await admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: first.id });
      const mario = await admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: id });
      expect(mario.status).toBe(200);
      expect(mario.body).toEqual({
        insertId: expect.any(Number),
        conflitti: expect.arrayContaining([
          { tipo: 'paziente', ID: centre.mario.id, nome: 'Mario Rossi', attivita: [first.id, id], uscite: [] },
        ]),
      });
      // The day answer says the same as the last write.
      expect(await conflictsOf(MON)).toEqual((mario.body as { conflitti: Conflict[] }).conflitti);
    });

    it('copyattivita and pasteday answer the conflicts of the day they changed', async () => {
      const source = await addActivity(ctx.database.db, activity('Ginnastica', centre.palestra.id, '09:00', '10:00'), {
        patients: [centre.mario.id],
        therapists: [centre.paola.id],
      });
      const copy = await admin.post<{ insertId: number; conflitti: Conflict[] }>('/server/calendario/copyattivita', {
        attivitaId: source.id,
        orainizio: '09:30',
        orafine: '10:30',
      });
      expect(copy.status).toBe(200);
      const ids = [source.id, copy.body.insertId];
      expect(copy.body.conflitti.map((c) => [c.tipo, c.attivita])).toEqual([
        ['stanza', ids],
        ['terapista', ids],
        ['paziente', ids],
      ]);

      const pasted = await admin.post<{ pasted: number; conflitti: Conflict[] }>('/server/calendario/pasteday', { from: MON, to: TUE });
      expect(pasted.status).toBe(200);
      expect(pasted.body.pasted).toBe(2);
      const tuesday = await admin.post<{ attivita: { ID: number }[] }>('/server/calendario/giornata', { data: TUE });
      const tuesdayIds = tuesday.body.attivita.map((a) => a.ID).sort((x, y) => x - y);
      expect(pasted.body.conflitti.map((c) => [c.tipo, c.nome, c.attivita])).toEqual([
        ['stanza', 'Palestra', tuesdayIds],
        ['terapista', 'paola.neri', tuesdayIds],
        ['paziente', 'Mario Rossi', tuesdayIds],
      ]);
    });

    it('adding a passenger or a staff member to a run answers the conflicts of the run’s day', async () => {
      const a = await addActivity(ctx.database.db, activity('Ginnastica', centre.palestra.id, '08:30', '09:30'), {
        patients: [centre.lucia.id],
        therapists: [centre.stefano.id],
      });
      const run = await addRun(ctx.database.db, { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 1, day: MON });
      const passenger = await admin.put('/server/anagrafiche/uscite/passeggeri', { uscita: run.id, paziente: centre.lucia.id });
      expect(passenger.status).toBe(200);
      // The run has nobody on board yet, nor an autista (issue 30): that conflict comes after the others.
      const noStaff = {
        tipo: 'autista',
        ID: run.id,
        nome: 'Andata',
        attivita: [],
        uscite: [run.id],
        testo: 'Andata: nessun operatore a bordo',
      };
      const noDriver = { ...noStaff, testo: 'Andata: nessun autista indicato' };
      expect(passenger.body).toEqual({
        ok: true,
        conflitti: [{ tipo: 'paziente', ID: centre.lucia.id, nome: 'Lucia Bianchi', attivita: [a.id], uscite: [run.id] }, noStaff],
      });
      const staff = await admin.put('/server/anagrafiche/uscite/operatori', { uscita: run.id, terapista: centre.stefano.id });
      expect(staff.status).toBe(200);
      expect(staff.body).toEqual({
        ok: true,
        conflitti: [
          { tipo: 'terapista', ID: centre.stefano.id, nome: 'stefano.villa', attivita: [a.id], uscite: [run.id] },
          { tipo: 'paziente', ID: centre.lucia.id, nome: 'Lucia Bianchi', attivita: [a.id], uscite: [run.id] },
          noDriver,
        ],
      });
      // A refused write still answers its error, with no conflitti.
      const dup = await admin.put('/server/anagrafiche/uscite/operatori', { uscita: run.id, terapista: centre.stefano.id });
      expect(dup.status).toBe(409);
      expect(dup.body).not.toHaveProperty('conflitti');
    });
  });

  describe('POST /server/calendario/conflitti', () => {
    it('lists the days of the range that have conflicts, in date order, for any signed-in user', async () => {
      const mon = await addActivity(ctx.database.db, activity('Prima', centre.palestra.id, '09:00', '10:00'));
      const mon2 = await addActivity(ctx.database.db, activity('Seconda', centre.palestra.id, '09:30', '10:00'));
      await addActivity(ctx.database.db, activity('Pulito', centre.palestra.id, '09:00', '10:00', TUE));
      const run = await addRun(
        ctx.database.db,
        { route: 'Ritorno', departure: '16:00', arrival: '17:00', minibus: 1, day: '2026-11-27' },
        { patients: [centre.mario.id], therapists: [centre.stefano.id] },
      );
      const fri = await addActivity(ctx.database.db, activity('Tardi', centre.logopedia.id, '16:30', '17:30', '2026-11-27'), {
        patients: [centre.mario.id],
      });
      // Outside the range.
      await addActivity(ctx.database.db, activity('Fuori', centre.palestra.id, '09:00', '10:00', '2026-11-30'));
      await addActivity(ctx.database.db, activity('Fuori 2', centre.palestra.id, '09:00', '10:00', '2026-11-30'));

      const res = await viewer.post('/server/calendario/conflitti', { datastart: MON, datastop: '2026-11-29' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        giorni: [
          { data: MON, conflitti: [{ tipo: 'stanza', ID: centre.palestra.id, nome: 'Palestra', attivita: [mon.id, mon2.id], uscite: [] }] },
          {
            data: '2026-11-27',
            conflitti: [{ tipo: 'paziente', ID: centre.mario.id, nome: 'Mario Rossi', attivita: [fri.id], uscite: [run.id] }],
          },
        ],
        // No operatore has contracted hours: no week is over them.
        settimane: [],
      });
      // Each listed day says what the day answer says.
      expect(await conflictsOf(MON)).toEqual((res.body as { giorni: { conflitti: Conflict[] }[] }).giorni[0].conflitti);
      expect((await viewer.post('/server/calendario/conflitti', { datastart: TUE, datastop: TUE })).body).toEqual({
        giorni: [],
        settimane: [],
      });
    });

    it('answers at most 31 days; a longer or reversed range is refused in Italian', async () => {
      expect((await viewer.post('/server/calendario/conflitti', { datastart: '2026-11-01', datastop: '2026-12-01' })).status).toBe(200);
      const long = await viewer.post('/server/calendario/conflitti', { datastart: '2026-11-01', datastop: '2026-12-02' });
      expect(long.status).toBe(400);
      expect(codeOf(long.body)).toBe(ERROR_CODES.invalidInput);
      expect(errorOf(long.body)).toBe(MSG.rangeTooLong);
      const reversed = await viewer.post('/server/calendario/conflitti', { datastart: TUE, datastop: MON });
      expect(reversed.status).toBe(400);
      expect(errorOf(reversed.body)).toBe(MSG.weekRangeInvalid);
      const bad = await viewer.post('/server/calendario/conflitti', { datastart: '2026-02-30', datastop: TUE });
      expect(bad.status).toBe(400);
      expect(errorOf(bad.body)).toBe(MSG.dateInvalid);
    });

    it('is refused to a caller who is not signed in', async () => {
      const anonymous = new TestClient(ctx.app);
      const res = await anonymous.post('/server/calendario/conflitti', { datastart: MON, datastop: TUE });
      expect(res.status).toBe(403);
      expect(codeOf(res.body)).toBe(ERROR_CODES.notSignedIn);
      const day = await anonymous.post('/server/calendario/giornata', { data: MON });
      expect(day.status).toBe(403);
    });
  });
});
