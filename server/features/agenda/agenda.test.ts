import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { AGENDA_MSG as M, type Agenda } from '../../../common/agenda.ts';
import { addDays } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { therapists, users } from '../../db/schema.ts';
import { addActivity, addRun, type Centre } from '../../test/fixtures.ts';
import { TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf, signedInCentre } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

const MON = '2027-03-08';
const TUE = '2027-03-09';

describeOnBothDatabases('agenda', (ctx) => {
  let admin: TestClient, viewer: TestClient, centre: Centre;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });

  /** A small week: two activities and a run on Monday, one on Tuesday, a TRASPORTO activity. */
  async function plan() {
    const { mario, lucia, paola, stefano, palestra, logopedia } = centre;
    const db = ctx.database.db;
    const late = await addActivity(
      db,
      { name: 'Coro', roomId: palestra.id, day: MON, start: '11:00', end: '12:00' },
      { patients: [mario.id, lucia.id], therapists: [paola.id, stefano.id] },
    );
    const early = await addActivity(
      db,
      { name: 'Logopedia', roomId: logopedia.id, day: MON, start: '09:30', end: '10:30' },
      { patients: [mario.id], therapists: [paola.id] },
    );
    const run = await addRun(
      db,
      { route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 2, day: MON },
      { patients: [mario.id, lucia.id], therapists: [paola.id] },
    );
    // Its TRASPORTO activity places the run on the calendar: the agenda lists the run once.
    await addActivity(
      db,
      { name: 'TRASPORTO', roomId: null, day: MON, start: '08:00', end: '09:00', transportRunId: run.id },
      { patients: [mario.id], therapists: [paola.id] },
    );
    const tuesday = await addActivity(
      db,
      { name: 'Ginnastica', roomId: palestra.id, day: TUE, start: '09:00', end: '10:00' },
      { patients: [lucia.id], therapists: [stefano.id] },
    );
    return { late, early, run, tuesday };
  }

  const agenda = (client: TestClient, body: Record<string, unknown>) => client.post<Agenda>('/server/agenda', body);

  it("a therapist's agenda: her activities and runs in time order, with the patients and her colleagues", async () => {
    const { late, early, run } = await plan();
    const res = await agenda(viewer, { tipo: 'terapista', ID: centre.paola.id, datastart: MON, datastop: addDays(MON, 6) });
    expect(res.status).toBe(200);
    expect(res.body.persona).toEqual({ ID: centre.paola.id, nome: 'paola.neri', cognome: '', archiviato: false });
    expect(res.body.voci).toEqual([
      {
        tipo: 'uscita',
        ID: run.id,
        data: MON,
        inizio: '08:00',
        fine: '09:00',
        nome: 'Andata Nord',
        mezzo: 'Pulmino blu',
        pulmino: 'blu',
        operatori: [],
        utenti: [
          { ID: centre.lucia.id, nome: 'Lucia', cognome: 'Bianchi', archiviato: false },
          { ID: centre.mario.id, nome: 'Mario', cognome: 'Rossi', archiviato: false },
        ],
      },
      {
        tipo: 'attivita',
        ID: early.id,
        data: MON,
        inizio: '09:30',
        fine: '10:30',
        nome: 'Logopedia',
        stanza: 'Logopedia',
        operatori: [],
        utenti: [{ ID: centre.mario.id, nome: 'Mario', cognome: 'Rossi', archiviato: false }],
      },
      {
        tipo: 'attivita',
        ID: late.id,
        data: MON,
        inizio: '11:00',
        fine: '12:00',
        nome: 'Coro',
        stanza: 'Palestra',
        operatori: [{ ID: centre.stefano.id, nome: 'stefano.villa', cognome: '', archiviato: false }],
        utenti: [
          { ID: centre.lucia.id, nome: 'Lucia', cognome: 'Bianchi', archiviato: false },
          { ID: centre.mario.id, nome: 'Mario', cognome: 'Rossi', archiviato: false },
        ],
      },
    ]);
  });

  it("a patient's agenda names its therapists and never another patient", async () => {
    await plan();
    const res = await agenda(viewer, { tipo: 'paziente', ID: centre.mario.id, datastart: MON, datastop: TUE });
    expect(res.status).toBe(200);
    expect(res.body.persona).toEqual({ ID: centre.mario.id, nome: 'Mario', cognome: 'Rossi', archiviato: false });
    expect(res.body.voci.map((v) => [v.tipo, v.inizio, v.nome])).toEqual([
      ['uscita', '08:00', 'Andata Nord'],
      ['attivita', '09:30', 'Logopedia'],
      ['attivita', '11:00', 'Coro'],
    ]);
    expect(res.body.voci.every((v) => v.utenti.length === 0)).toBe(true);
    expect(res.body.voci[2].operatori.map((o) => o.nome)).toEqual(['paola.neri', 'stefano.villa']);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Lucia');
    expect(text).not.toContain('Bianchi');
  });

  describe('absences', () => {
    const absent = (tipo: 'paziente' | 'terapista', persona: number, dal: string, al: string, motivo: string) =>
      admin.put('/server/presenze/assenze', { tipo, persona, dal, al, motivo });

    it('marks a utente and an operatore absent on their days, and no one on the other days', async () => {
      const { late, run, tuesday } = await plan();
      expect((await absent('paziente', centre.lucia.id, MON, MON, 'malattia')).status).toBe(200);
      expect((await absent('terapista', centre.stefano.id, MON, MON, 'ferie')).status).toBe(200);
      const res = await agenda(viewer, { tipo: 'terapista', ID: centre.paola.id, datastart: MON, datastop: TUE });
      expect(res.status).toBe(200);
      const coro = res.body.voci.find((v) => v.ID === late.id && v.tipo === 'attivita')!;
      expect(coro.assente).toBeUndefined();
      expect(coro.utenti).toEqual([
        { ID: centre.lucia.id, nome: 'Lucia', cognome: 'Bianchi', archiviato: false, assente: true, motivo: 'malattia' },
        { ID: centre.mario.id, nome: 'Mario', cognome: 'Rossi', archiviato: false },
      ]);
      expect(coro.operatori).toEqual([
        { ID: centre.stefano.id, nome: 'stefano.villa', cognome: '', archiviato: false, assente: true, motivo: 'ferie' },
      ]);
      const andata = res.body.voci.find((v) => v.ID === run.id && v.tipo === 'uscita')!;
      expect(andata.utenti.find((u) => u.ID === centre.lucia.id)).toMatchObject({ assente: true, motivo: 'malattia' });
      // Tuesday, the day after: Lucia and Stefano are back.
      const tue = await agenda(viewer, { tipo: 'terapista', ID: centre.stefano.id, datastart: TUE, datastop: TUE });
      const ginnastica = tue.body.voci.find((v) => v.ID === tuesday.id)!;
      expect(ginnastica.assente).toBeUndefined();
      expect(ginnastica.utenti).toEqual([{ ID: centre.lucia.id, nome: 'Lucia', cognome: 'Bianchi', archiviato: false }]);
    });

    it("marks a patient's operatore absent in the patient's agenda", async () => {
      await plan();
      await absent('terapista', centre.paola.id, MON, TUE, 'malattia');
      const res = await agenda(viewer, { tipo: 'paziente', ID: centre.mario.id, datastart: MON, datastop: MON });
      const coro = res.body.voci.find((v) => v.nome === 'Coro')!;
      expect(coro.operatori.map((o) => [o.nome, o.assente ?? false, o.motivo ?? null])).toEqual([
        ['paola.neri', true, 'malattia'],
        ['stefano.villa', false, null],
      ]);
    });

    it("marks every voce of the agenda's own person on the days she is absent", async () => {
      await plan();
      await absent('terapista', centre.stefano.id, TUE, addDays(TUE, 3), 'malattia');
      const therapist = await agenda(viewer, { tipo: 'terapista', ID: centre.stefano.id, datastart: MON, datastop: TUE });
      expect(therapist.body.voci.map((v) => [v.data, v.nome, v.assente ?? false, v.motivo ?? null])).toEqual([
        [MON, 'Coro', false, null],
        [TUE, 'Ginnastica', true, 'malattia'],
      ]);
      await absent('paziente', centre.mario.id, MON, MON, 'ricovero');
      const patient = await agenda(viewer, { tipo: 'paziente', ID: centre.mario.id, datastart: MON, datastop: MON });
      expect(patient.body.voci.map((v) => [v.nome, v.assente, v.motivo])).toEqual([
        ['Andata Nord', true, 'ricovero'],
        ['Logopedia', true, 'ricovero'],
        ['Coro', true, 'ricovero'],
      ]);
    });
  });

  it('orders equal starts by end and then by name, across days', async () => {
    const db = ctx.database.db;
    const { mario, palestra, logopedia } = centre;
    await addActivity(db, { name: 'Zumba', roomId: palestra.id, day: TUE, start: '09:00', end: '10:00' }, { patients: [mario.id] });
    await addActivity(db, { name: 'Arte', roomId: logopedia.id, day: TUE, start: '09:00', end: '10:00' }, { patients: [mario.id] });
    await addActivity(db, { name: 'Breve', roomId: palestra.id, day: TUE, start: '09:00', end: '09:30' }, { patients: [mario.id] });
    await addActivity(db, { name: 'Ieri', roomId: palestra.id, day: MON, start: '15:00', end: '16:00' }, { patients: [mario.id] });
    const res = await agenda(viewer, { tipo: 'paziente', ID: mario.id, datastart: MON, datastop: TUE });
    expect(res.body.voci.map((v) => `${v.data} ${v.inizio}-${v.fine} ${v.nome}`)).toEqual([
      `${MON} 15:00-16:00 Ieri`,
      `${TUE} 09:00-09:30 Breve`,
      `${TUE} 09:00-10:00 Arte`,
      `${TUE} 09:00-10:00 Zumba`,
    ]);
  });

  it("keeps an archived person's history, and says the person is archived", async () => {
    const { archiviato, palestra } = centre;
    await addActivity(
      ctx.database.db,
      { name: 'Pittura', roomId: palestra.id, day: MON, start: '14:00', end: '15:00' },
      { patients: [archiviato.id] },
    );
    await ctx.database.db.update(therapists).set({ archived: true }).where(eq(therapists.id, centre.stefano.id));
    await plan();
    const patient = await agenda(viewer, { tipo: 'paziente', ID: archiviato.id, datastart: MON, datastop: MON });
    expect(patient.status).toBe(200);
    expect(patient.body.persona.archiviato).toBe(true);
    expect(patient.body.voci.map((v) => v.nome)).toEqual(['Pittura']);
    const therapist = await agenda(viewer, { tipo: 'terapista', ID: centre.stefano.id, datastart: MON, datastop: TUE });
    expect(therapist.body.persona.archiviato).toBe(true);
    expect(therapist.body.voci.map((v) => v.nome)).toEqual(['Coro', 'Ginnastica']);
  });

  it('refuses a bad request with 400 and its Italian message, an unknown person with 404', async () => {
    const base = { tipo: 'paziente', ID: centre.mario.id, datastart: MON, datastop: MON };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, datastop: addDays(MON, 31) }, M.rangeTooLong],
      [{ ...base, datastart: TUE, datastop: MON }, M.rangeInvalid],
      [{ ...base, datastart: '2027-02-30' }, MSG.dateInvalid],
      [{ ...base, datastop: '08-03-2027' }, MSG.dateInvalid],
      [{ ...base, tipo: 'stanza' }, M.kindInvalid],
      [{ ...base, ID: 'mario' }, MSG.idInvalid],
      [{ ...base, ID: 0 }, MSG.idInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await agenda(viewer, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body)).toBe(message);
      expect(codeOf(res.body)).toBe(ERROR_CODES.invalidInput);
    }
    expect((await agenda(viewer, { ...base, datastop: addDays(MON, 30) })).status).toBe(200);
    const unknown = await agenda(viewer, { ...base, ID: 99_999 });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body)).toBe(M.personNotFound);
    expect((await agenda(viewer, { ...base, tipo: 'terapista', ID: 99_999 })).status).toBe(404);
  });

  it('is refused to whoever is not signed in', async () => {
    const res = await agenda(new TestClient(ctx.app), { tipo: 'paziente', ID: centre.mario.id, datastart: MON, datastop: MON });
    expect(res.status).toBe(403);
    expect(codeOf(res.body)).toBe(ERROR_CODES.notSignedIn);
  });

  it("records the read of a patient's agenda in the access log", async () => {
    await agenda(viewer, { tipo: 'paziente', ID: centre.mario.id, datastart: MON, datastop: TUE });
    await ctx.app.accessLog?.flush();
    const rows = await rowsOf<{ username: string; kind: string; patient_id: number }>(
      ctx.database.db,
      sql`select username, kind, patient_id from access_log`,
    );
    expect(rows).toContainEqual({ username: VIEWER.username, kind: 'paziente', patient_id: centre.mario.id });
  });

  describe('session', () => {
    it('names the therapist the account is linked to, or null', async () => {
      const [account] = await ctx.database.db.select().from(users).where(eq(users.username, VIEWER.username));
      await ctx.database.db.update(therapists).set({ userId: account.id }).where(eq(therapists.id, centre.paola.id));
      const client = new TestClient(ctx.app);
      const login = await client.post<{ value: { terapista: number | null } }>('/server/user/login', {
        username: VIEWER.username,
        pass: VIEWER.password,
      });
      expect(login.body.value).toEqual({
        ID: account.id,
        username: VIEWER.username,
        Admin: 0,
        terapista: centre.paola.id,
        cambiopassword: false,
      });
      expect((await client.get<{ terapista: number | null }[]>('/server/user/auth')).body[0].terapista).toBe(centre.paola.id);
      expect((await admin.get<{ terapista: number | null }[]>('/server/user/auth')).body[0].terapista).toBeNull();
    });
  });
});
