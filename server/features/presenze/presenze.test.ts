import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { PRESENZE_MSG as M, type Absence, type RollCallDay } from '../../../common/presenze.ts';
import { patients } from '../../db/schema.ts';
import { addActivity, addRun, type Centre } from '../../test/fixtures.ts';
import { ROLL_CALL_MARKS } from './routes.ts';
import { ADMIN, TestClient, VIEWER, buildTestApp, codeOf, describeOnBothDatabases, errorOf, signedInCentre } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

/** Today at the centre, computed here on its own (the server uses Intl too). */
const today = todayInRome();
const yesterday = addDays(today, -1);
const tomorrow = addDays(today, 1);
/** A Wednesday and the Thursday after it, far from today so no rule about today applies. */
const WED = '2027-03-10';
const THU = '2027-03-11';

/** An absence's own fields, each wrong, and the message that names it: refused alike when recorded and when edited. */
const BAD_FIELDS: [Record<string, unknown>, string][] = [
  [{ motivo: 'vacanza' }, M.reasonInvalid],
  [{ motivo: undefined }, M.reasonInvalid],
  [{ note: 'x'.repeat(201) }, M.noteInvalid],
  [{ giustificata: 'si' }, M.justifiedInvalid],
  [{ dal: THU, al: WED }, M.rangeInvalid],
  [{ dal: '2027-01-01', al: '2028-01-02' }, M.rangeTooLong],
  [{ dal: '2027-02-30' }, MSG.dateInvalid],
  [{ al: '10/03/2027' }, MSG.dateInvalid],
  [{ correzione: 'no' }, M.correctionInvalid],
];

interface DayPerson {
  RifPaziente?: number;
  RifTerapista?: number;
  Assente?: true;
  Motivo?: string;
}
interface DayAnswer {
  attivita: { ID: number; Pazienti: DayPerson[]; Terapisti: DayPerson[] }[];
  uscite: { ID: number; Pazienti: DayPerson[]; Terapisti: DayPerson[] }[];
  conflitti: { tipo: string; ID: number; persona?: string; motivo?: string; nome: string; attivita: number[]; uscite: number[] }[];
}

describeOnBothDatabases('presenze', (ctx) => {
  let admin: TestClient, viewer: TestClient, centre: Centre;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });

  const count = async (table: string) =>
    Number((await rowsOf<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n);
  const tablesDump = async () =>
    JSON.stringify(
      await Promise.all(
        ['absences', 'roll_call', 'closed_months', 'closing_days', 'attendance_corrections'].map((t) =>
          rowsOf(ctx.database.db, sql.raw(`select * from ${t} order by 1, 2`)),
        ),
      ),
    );
  /** Links an account to an operatore in Anagrafiche (therapists.user_id). */
  const link = async (username: string, therapistId: number) =>
    ctx.database.db.execute(
      sql`update therapists set user_id = (select id from users where username = ${username}) where id = ${therapistId}`,
    );

  const day = async (data: string) => {
    const res = await viewer.post<DayAnswer>('/server/calendario/giornata', { data });
    expect(res.status).toBe(200);
    return res.body;
  };
  const absence = (extra: Record<string, unknown> = {}) => ({
    tipo: 'paziente',
    persona: centre.mario.id,
    dal: WED,
    al: THU,
    motivo: 'malattia',
    ...extra,
  });

  describe('absences', () => {
    it('records, lists by start and name, and deletes; records who wrote it', async () => {
      const first = await admin.put<{ insertId: number }>('/server/presenze/assenze', absence({ note: ' febbre ' }));
      expect(first.status).toBe(200);
      const second = await admin.put<{ insertId: number }>('/server/presenze/assenze', {
        tipo: 'terapista',
        persona: centre.paola.id,
        dal: WED,
        al: WED,
        motivo: 'ferie',
        giustificata: false,
      });
      expect(second.status).toBe(200);
      // An archived patient may be recorded too (a past absence of someone who left).
      const archived = await admin.put(
        '/server/presenze/assenze',
        absence({ persona: centre.archiviato.id, dal: '2027-03-01', al: '2027-03-02' }),
      );
      expect(archived.status).toBe(200);

      const list = await viewer.get<Absence[]>(`/server/presenze/assenze?dal=${WED}&al=${WED}`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        {
          ID: first.body.insertId,
          tipo: 'paziente',
          persona: centre.mario.id,
          nome: 'Mario Rossi',
          dal: WED,
          al: THU,
          motivo: 'malattia',
          giustificata: true,
          note: 'febbre',
        },
        {
          ID: second.body.insertId,
          tipo: 'terapista',
          persona: centre.paola.id,
          nome: 'paola.neri',
          dal: WED,
          al: WED,
          motivo: 'ferie',
          giustificata: false,
          note: '',
        },
      ]);
      const wide = await viewer.get<Absence[]>('/server/presenze/assenze?dal=2027-01-01&al=2027-12-31');
      expect(wide.body.map((a) => a.nome)).toEqual(['Ugo Archiviato', 'Mario Rossi', 'paola.neri']);
      const [row] = await rowsOf<{ username: string }>(
        ctx.database.db,
        sql`select u.username from absences a join users u on u.id = a.created_by where a.id = ${first.body.insertId}`,
      );
      expect(row.username).toBe(ADMIN.username);

      expect((await admin.post('/server/presenze/assenze/elimina', { ID: first.body.insertId })).body).toEqual({ ok: true });
      const gone = await admin.post('/server/presenze/assenze/elimina', { ID: first.body.insertId });
      expect(gone.status).toBe(404);
      expect(errorOf(gone.body)).toBe(M.absenceNotFound);
      expect((await viewer.get<Absence[]>(`/server/presenze/assenze?dal=${WED}&al=${THU}`)).body.map((a) => a.nome)).toEqual([
        'paola.neri',
      ]);
    });

    it('refuses a person who does not exist with 404', async () => {
      for (const tipo of ['paziente', 'terapista']) {
        const res = await admin.put('/server/presenze/assenze', absence({ tipo, persona: 999_999 }));
        expect(res.status).toBe(404);
        expect(errorOf(res.body)).toBe(M.personNotFound);
      }
      expect(await count('absences')).toBe(0);
    });

    it('refuses an overlapping range of the same person with 409, not of another person', async () => {
      expect((await admin.put('/server/presenze/assenze', absence())).status).toBe(200);
      const clash = await admin.put('/server/presenze/assenze', absence({ dal: THU, al: '2027-03-20', motivo: 'ferie' }));
      expect(clash.status).toBe(409);
      expect(errorOf(clash.body)).toBe(M.overlap);
      expect(codeOf(clash.body)).toBe(ERROR_CODES.conflict);
      expect((await admin.put('/server/presenze/assenze', absence({ dal: '2027-03-12', al: '2027-03-20' }))).status).toBe(200);
      expect((await admin.put('/server/presenze/assenze', absence({ persona: centre.lucia.id }))).status).toBe(200);
      // A therapist with the same id as the patient is another person.
      expect((await admin.put('/server/presenze/assenze', absence({ tipo: 'terapista', persona: centre.paola.id }))).status).toBe(200);
      expect(await count('absences')).toBe(4);
    });

    it('lets exactly one of two concurrent overlapping recordings win', async () => {
      const answers = await Promise.all([
        admin.put('/server/presenze/assenze', absence({ motivo: 'malattia' })),
        admin.put('/server/presenze/assenze', absence({ motivo: 'ferie', dal: THU, al: THU })),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await count('absences')).toBe(1);
    });

    it.each([[{ tipo: 'ospite' }, M.kindInvalid], ...BAD_FIELDS])(
      'refuses %j with 400 and its message, changing nothing',
      async (change, message) => {
        const before = await tablesDump();
        const res = await admin.put('/server/presenze/assenze', absence(change));
        expect(res.status).toBe(400);
        expect(errorOf(res.body)).toBe(message);
        expect(codeOf(res.body)).toBe(ERROR_CODES.invalidInput);
        expect(await tablesDump()).toBe(before);
      },
    );

    it('accepts a range of exactly 366 days', async () => {
      expect((await admin.put('/server/presenze/assenze', absence({ dal: '2027-01-01', al: '2028-01-01' }))).status).toBe(200);
    });

    it.each([
      [`dal=${THU}&al=${WED}`, M.rangeInvalid],
      ['dal=2027-01-01&al=2028-01-02', M.listRangeTooLong],
      ['dal=2027-13-01&al=2027-12-31', MSG.dateInvalid],
      ['al=2027-12-31', MSG.dateInvalid],
    ])('refuses the list ?%s with 400', async (query, message) => {
      const res = await viewer.get(`/server/presenze/assenze?${query}`);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    });

    it('keeps writes for administrators, reads for signed-in users, and asks for the CSRF header', async () => {
      const refused = await viewer.put('/server/presenze/assenze', absence());
      expect(refused.status).toBe(403);
      expect(codeOf(refused.body)).toBe(ERROR_CODES.adminOnly);
      for (const [url, body] of [
        ['/server/presenze/assenze/elimina', { ID: 1 }],
        ['/server/presenze/assenze/togli', { ID: 1 }],
        ['/server/presenze/mese/chiudi', { mese: '2020-01' }],
        ['/server/presenze/mese/riapri', { mese: '2020-01', correzione: 'errore di battitura' }],
        ['/server/presenze/chiusure/elimina', { data: WED }],
      ] as const) {
        const res = await viewer.post(url, body);
        expect(res.status, url).toBe(403);
        expect(codeOf(res.body), url).toBe(ERROR_CODES.adminOnly);
      }
      expect((await viewer.put('/server/presenze/chiusure', { data: WED, descrizione: 'Patrono' })).status).toBe(403);
      expect(codeOf((await viewer.get('/server/presenze/correzioni?mese=2027-03')).body)).toBe(ERROR_CODES.adminOnly);

      const anonymous = new TestClient(ctx.app);
      for (const url of [
        `/server/presenze/assenze?dal=${WED}&al=${WED}`,
        `/server/presenze/appello?data=${today}`,
        '/server/presenze/mese?mese=2027-03',
        '/server/presenze/chiusure?anno=2027',
      ]) {
        const res = await anonymous.get(url);
        expect(res.status, url).toBe(403);
        expect(codeOf(res.body), url).toBe(ERROR_CODES.notSignedIn);
      }
      expect(codeOf((await anonymous.put('/server/presenze/assenze', absence())).body)).toBe(ERROR_CODES.notSignedIn);
      expect(codeOf((await anonymous.post('/server/presenze/appello', { data: today, paziente: 1, presente: true })).body)).toBe(
        ERROR_CODES.notSignedIn,
      );

      admin.sendCsrf = false;
      const noHeader = await admin.put('/server/presenze/assenze', absence());
      expect(noHeader.status).toBe(403);
      expect(codeOf(noHeader.body)).toBe(ERROR_CODES.csrfInvalid);
      expect(await count('absences')).toBe(0);
    });
  });

  describe('editing an absence', () => {
    const update = (client: TestClient, body: Record<string, unknown>) => client.post('/server/presenze/assenze/update', body);
    const create = async (extra: Record<string, unknown> = {}) => {
      const res = await admin.put<{ insertId: number }>('/server/presenze/assenze', absence(extra));
      expect(res.status).toBe(200);
      return res.body.insertId;
    };
    const listed = async () => (await viewer.get<Absence[]>('/server/presenze/assenze?dal=2027-01-01&al=2027-12-31')).body;

    it('changes dates, reason, giustificata and note; the day, the list and the registro follow', async () => {
      const id = await create({ note: 'febbre' });
      const res = await update(admin, { ID: id, dal: THU, al: '2027-03-12', motivo: 'ricovero', giustificata: false, note: ' ospedale ' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(await listed()).toEqual([
        {
          ID: id,
          tipo: 'paziente',
          persona: centre.mario.id,
          nome: 'Mario Rossi',
          dal: THU,
          al: '2027-03-12',
          motivo: 'ricovero',
          giustificata: false,
          note: 'ospedale',
        },
      ]);
      const [row] = await rowsOf<{
        action: string;
        day: string;
        day_to: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }>(ctx.database.db, sql`select action, day::text, day_to::text, before, after from audit_log where action = 'assenza.modifica'`);
      expect(row.day).toBe(WED);
      expect(row.day_to).toBe('2027-03-12');
      expect(row.before).toMatchObject({ dal: WED, al: THU, motivo: 'malattia', giustificata: true, note: 'febbre' });
      expect(row.after).toMatchObject({ dal: THU, al: '2027-03-12', motivo: 'ricovero', giustificata: false, note: 'ospedale' });
      // Left out, giustificata and note keep their value.
      expect((await update(admin, { ID: id, dal: THU, al: THU, motivo: 'malattia' })).status).toBe(200);
      expect(await listed()).toMatchObject([{ dal: THU, al: THU, motivo: 'malattia', giustificata: false, note: 'ospedale' }]);
    });

    it('refuses an overlap with another absence of the person (409), not with its own old days', async () => {
      const id = await create();
      await create({ dal: '2027-03-15', al: '2027-03-19', motivo: 'ferie' });
      // Growing over its own days is fine.
      expect((await update(admin, { ID: id, dal: '2027-03-09', al: '2027-03-12', motivo: 'malattia' })).status).toBe(200);
      const before = await tablesDump();
      const clash = await update(admin, { ID: id, dal: WED, al: '2027-03-15', motivo: 'malattia' });
      expect(clash.status).toBe(409);
      expect(errorOf(clash.body)).toBe(M.overlap);
      expect(await tablesDump()).toBe(before);
      const missing = await update(admin, { ID: 999_999, dal: WED, al: WED, motivo: 'malattia' });
      expect(missing.status).toBe(404);
      expect(errorOf(missing.body)).toBe(M.absenceNotFound);
    });

    it.each([...BAD_FIELDS, [{ ID: 0 }, MSG.idInvalid]])(
      'refuses %j with 400 and its message, changing nothing',
      async (change, message) => {
        const id = await create();
        const before = await tablesDump();
        const res = await update(admin, { ID: id, dal: WED, al: THU, motivo: 'malattia', ...change });
        expect(res.status).toBe(400);
        expect(errorOf(res.body)).toBe(message);
        expect(codeOf(res.body)).toBe(ERROR_CODES.invalidInput);
        expect(await tablesDump()).toBe(before);
      },
    );

    it('is refused to consultazione (403) and without the CSRF header, changing nothing', async () => {
      const id = await create();
      const before = await tablesDump();
      const refused = await update(viewer, { ID: id, dal: WED, al: WED, motivo: 'ferie' });
      expect(refused.status).toBe(403);
      expect(codeOf(refused.body)).toBe(ERROR_CODES.adminOnly);
      admin.sendCsrf = false;
      const noHeader = await update(admin, { ID: id, dal: WED, al: WED, motivo: 'ferie' });
      expect(noHeader.status).toBe(403);
      expect(codeOf(noHeader.body)).toBe(ERROR_CODES.csrfInvalid);
      expect(await tablesDump()).toBe(before);
    });

    it('into or out of a closed month only with a reason, kept as a correction', async () => {
      const thisMonth = today.slice(0, 7);
      const lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
      const id = await create({ dal: `${thisMonth}-01`, al: `${thisMonth}-01` });
      expect((await admin.post('/server/presenze/mese/chiudi', { mese: lastMonth })).status).toBe(200);
      const before = await tablesDump();
      const into = { ID: id, dal: `${lastMonth}-20`, al: `${thisMonth}-01`, motivo: 'malattia' };
      const noReason = await update(admin, into);
      expect(noReason.status).toBe(409);
      expect(errorOf(noReason.body)).toBe(M.monthClosed);
      expect(await tablesDump()).toBe(before);
      expect((await update(admin, { ...into, correzione: 'certificato arrivato dopo' })).status).toBe(200);
      // Out of it again: the closed month changes too.
      const out = { ID: id, dal: `${thisMonth}-01`, al: `${thisMonth}-01`, motivo: 'malattia' };
      expect((await update(admin, out)).status).toBe(409);
      expect((await update(admin, { ...out, correzione: 'registrata per errore' })).status).toBe(200);
      const corrections = await admin.get<{ motivo: string }[]>(`/server/presenze/correzioni?mese=${lastMonth}`);
      expect(corrections.body.map((c) => c.motivo)).toEqual(expect.arrayContaining(['certificato arrivato dopo', 'registrata per errore']));
    });
  });

  describe('the day plan', () => {
    async function plan() {
      const db = ctx.database.db;
      const run = await addRun(
        db,
        { route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 1, day: WED },
        { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
      );
      const gym = await addActivity(
        db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: WED, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id, centre.stefano.id] },
      );
      const next = await addActivity(
        db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: THU, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      return { run, gym, next };
    }

    it('flags absent people in activities and runs on the days of the absence only, and reports them as conflicts', async () => {
      const { run, gym, next } = await plan();
      await admin.put('/server/presenze/assenze', absence({ dal: '2027-03-08', al: WED }));
      await admin.put(
        '/server/presenze/assenze',
        absence({ tipo: 'terapista', persona: centre.paola.id, dal: WED, al: WED, motivo: 'ferie' }),
      );

      const wed = await day(WED);
      const activity = wed.attivita.find((a) => a.ID === gym.id)!;
      expect(activity.Pazienti.find((p) => p.RifPaziente === centre.mario.id)).toMatchObject({ Assente: true, Motivo: 'malattia' });
      expect(activity.Pazienti.find((p) => p.RifPaziente === centre.lucia.id)).not.toHaveProperty('Assente');
      expect(activity.Terapisti.find((t) => t.RifTerapista === centre.paola.id)).toMatchObject({ Assente: true, Motivo: 'ferie' });
      expect(activity.Terapisti.find((t) => t.RifTerapista === centre.stefano.id)).not.toHaveProperty('Assente');
      const minibus = wed.uscite.find((u) => u.ID === run.id)!;
      expect(minibus.Pazienti.find((p) => p.RifPaziente === centre.mario.id)).toMatchObject({ Assente: true, Motivo: 'malattia' });
      expect(minibus.Terapisti[0]).toMatchObject({ RifTerapista: centre.paola.id, Assente: true, Motivo: 'ferie' });
      expect(wed.conflitti.filter((c) => c.tipo === 'assente')).toEqual([
        {
          tipo: 'assente',
          ID: centre.mario.id,
          persona: 'paziente',
          motivo: 'malattia',
          nome: 'Mario Rossi',
          attivita: [gym.id],
          uscite: [run.id],
        },
        {
          tipo: 'assente',
          ID: centre.paola.id,
          persona: 'terapista',
          motivo: 'ferie',
          nome: 'paola.neri',
          attivita: [gym.id],
          uscite: [run.id],
        },
      ]);

      const thu = await day(THU);
      const after = thu.attivita.find((a) => a.ID === next.id)!;
      expect(after.Pazienti[0]).not.toHaveProperty('Assente');
      expect(after.Terapisti[0]).not.toHaveProperty('Assente');
      expect(thu.conflitti).toEqual([]);
    });

    it("flags a roll-call absence, and a roll-call presence clears a recorded absence's flag", async () => {
      const gym = await addActivity(
        ctx.database.db,
        { name: 'Coro', roomId: centre.palestra.id, day: today, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id, centre.lucia.id] },
      );
      await admin.put('/server/presenze/assenze', absence({ dal: today, al: today, motivo: 'ricovero' }));
      let pazienti = (await day(today)).attivita.find((a) => a.ID === gym.id)!.Pazienti;
      expect(pazienti.find((p) => p.RifPaziente === centre.mario.id)).toMatchObject({ Assente: true, Motivo: 'ricovero' });

      await link(VIEWER.username, centre.paola.id); // the staff mark the roll call
      await viewer.post('/server/presenze/appello', { data: today, paziente: centre.lucia.id, presente: false, motivo: 'permesso' });
      await viewer.post('/server/presenze/appello', { data: today, paziente: centre.mario.id, presente: true });
      pazienti = (await day(today)).attivita.find((a) => a.ID === gym.id)!.Pazienti;
      expect(pazienti.find((p) => p.RifPaziente === centre.lucia.id)).toMatchObject({ Assente: true, Motivo: 'permesso' });
      expect(pazienti.find((p) => p.RifPaziente === centre.mario.id)).not.toHaveProperty('Assente');
    });

    it("takes an absent therapist out of every activity and run of the absence's period in one action", async () => {
      const { run, gym, next } = await plan();
      const other = await addActivity(
        ctx.database.db,
        { name: 'Fuori periodo', roomId: centre.logopedia.id, day: '2027-03-12', start: '09:00', end: '10:00' },
        { therapists: [centre.paola.id] },
      );
      const created = await admin.put<{ insertId: number }>(
        '/server/presenze/assenze',
        absence({ tipo: 'terapista', persona: centre.paola.id, dal: WED, al: THU }),
      );
      const res = await admin.post('/server/presenze/assenze/togli', { ID: created.body.insertId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ rimossi: 3 });

      const wed = await day(WED);
      expect(wed.attivita.find((a) => a.ID === gym.id)!.Terapisti.map((t) => t.RifTerapista)).toEqual([centre.stefano.id]);
      expect(wed.uscite.find((u) => u.ID === run.id)!.Terapisti).toEqual([]);
      expect(wed.attivita.find((a) => a.ID === gym.id)!.Pazienti).toHaveLength(2);
      expect(wed.conflitti.filter((c) => c.tipo === 'assente')).toEqual([]);
      expect((await day(THU)).attivita.find((a) => a.ID === next.id)!.Terapisti).toEqual([]);
      expect((await day('2027-03-12')).attivita.find((a) => a.ID === other.id)!.Terapisti).toHaveLength(1);
      expect((await admin.post('/server/presenze/assenze/togli', { ID: created.body.insertId })).body).toEqual({ rimossi: 0 });
      expect((await admin.post('/server/presenze/assenze/togli', { ID: 999_999 })).status).toBe(404);
    });

    it('takes an absent patient out of one day only, and refuses someone who is not absent that day', async () => {
      const { run, gym, next } = await plan();
      await admin.put('/server/presenze/assenze', absence());
      const res = await admin.post('/server/presenze/assenze/togli', { tipo: 'paziente', persona: centre.mario.id, data: WED });
      expect(res.body).toEqual({ rimossi: 2 });
      const wed = await day(WED);
      expect(wed.attivita.find((a) => a.ID === gym.id)!.Pazienti.map((p) => p.RifPaziente)).toEqual([centre.lucia.id]);
      expect(wed.uscite.find((u) => u.ID === run.id)!.Pazienti.map((p) => p.RifPaziente)).toEqual([centre.lucia.id]);
      expect((await day(THU)).attivita.find((a) => a.ID === next.id)!.Pazienti.map((p) => p.RifPaziente)).toEqual([centre.mario.id]);

      const notAbsent = await admin.post('/server/presenze/assenze/togli', { tipo: 'paziente', persona: centre.lucia.id, data: WED });
      expect(notAbsent.status).toBe(409);
      expect(errorOf(notAbsent.body)).toBe(M.notAbsent);
      for (const [body, message] of [
        [{ tipo: 'ospite', persona: centre.lucia.id, data: WED }, M.kindInvalid],
        [{ tipo: 'paziente', persona: centre.lucia.id }, MSG.dateInvalid],
        [{ tipo: 'paziente', persona: centre.lucia.id, data: '2027-02-30' }, MSG.dateInvalid],
        [{ ID: 'x' }, MSG.idInvalid],
        [{ ID: 1, tipo: 'paziente' }, M.removeInvalid],
        [{}, M.removeInvalid],
        [[1], M.removeInvalid],
      ] as const) {
        const bad = await admin.post('/server/presenze/assenze/togli', body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(errorOf(bad.body), JSON.stringify(body)).toBe(message);
      }
      expect((await day(WED)).attivita.find((a) => a.ID === gym.id)!.Pazienti).toHaveLength(1);
    });
  });

  describe('roll call', () => {
    // The staff mark it: here the non-administrator account is paola.neri's, an operatore's.
    beforeEach(() => link(VIEWER.username, centre.paola.id));

    it('lists the expected patients with their marks, who made them and the recorded absence', async () => {
      await addActivity(
        ctx.database.db,
        { name: 'Coro', roomId: centre.palestra.id, day: today, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id] },
      );
      await addRun(
        ctx.database.db,
        { route: 'Andata', departure: '08:00', arrival: '09:00', minibus: 2, day: today },
        { patients: [centre.lucia.id] },
      );
      const created = await admin.put<{ insertId: number }>(
        '/server/presenze/assenze',
        absence({ dal: today, al: today, motivo: 'ferie', giustificata: false }),
      );
      let list = await viewer.get<RollCallDay>(`/server/presenze/appello?data=${today}`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual({
        data: today,
        meseChiuso: false,
        puoSegnare: true,
        pazienti: [
          {
            ID: centre.lucia.id,
            Nome: 'Lucia',
            Cognome: 'Bianchi',
            stato: null,
            motivo: null,
            giustificata: null,
            segnatoDa: null,
            segnatoIl: null,
            assenza: null,
          },
          {
            ID: centre.mario.id,
            Nome: 'Mario',
            Cognome: 'Rossi',
            stato: null,
            motivo: null,
            giustificata: null,
            segnatoDa: null,
            segnatoIl: null,
            assenza: { ID: created.body.insertId, motivo: 'ferie', giustificata: false },
          },
        ],
      });

      const before = Date.now();
      expect((await viewer.post('/server/presenze/appello', { data: today, paziente: centre.lucia.id, presente: true })).body).toEqual({
        ok: true,
      });
      await viewer.post('/server/presenze/appello', {
        data: today,
        paziente: centre.mario.id,
        presente: false,
        motivo: 'malattia',
        giustificata: false,
      });
      // An unexpected patient marked on the day joins the list.
      await viewer.post('/server/presenze/appello', { data: today, paziente: centre.archiviato.id, presente: true });
      list = await viewer.get<RollCallDay>(`/server/presenze/appello?data=${today}`);
      const [ugo, lucia, mario] = list.body.pazienti;
      expect([ugo.ID, lucia.ID, mario.ID]).toEqual([centre.archiviato.id, centre.lucia.id, centre.mario.id]);
      expect(lucia).toMatchObject({ stato: 'presente', motivo: null, giustificata: null, segnatoDa: VIEWER.username });
      expect(mario).toMatchObject({ stato: 'assente', motivo: 'malattia', giustificata: false, segnatoDa: VIEWER.username });
      expect(Date.parse(lucia.segnatoIl!)).toBeGreaterThanOrEqual(before - 2000);
      expect(lucia.segnatoIl).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      // A change of mind overwrites the mark; the reason is kept only for an absence.
      await admin.post('/server/presenze/appello', { data: today, paziente: centre.mario.id, presente: true, motivo: 'ferie' });
      list = await viewer.get<RollCallDay>(`/server/presenze/appello?data=${today}`);
      expect(list.body.pazienti[2]).toMatchObject({ stato: 'presente', motivo: null, segnatoDa: ADMIN.username });
      const [row] = await rowsOf<{ reason: string | null }>(
        ctx.database.db,
        sql`select reason from roll_call where patient_id = ${centre.mario.id}`,
      );
      expect(row.reason).toBeNull();
    });

    it('lets the staff mark today, only administrators a past day, nobody a future day', async () => {
      const mark = (client: TestClient, data: string) =>
        client.post('/server/presenze/appello', { data, paziente: centre.mario.id, presente: true });
      expect((await mark(viewer, today)).status).toBe(200);
      const past = await mark(viewer, yesterday);
      expect(past.status).toBe(403);
      expect(errorOf(past.body)).toBe(M.pastDayAdminOnly);
      expect(codeOf(past.body)).toBe(ERROR_CODES.adminOnly);
      for (const client of [viewer, admin]) {
        const future = await mark(client, tomorrow);
        expect(future.status).toBe(400);
        expect(errorOf(future.body)).toBe(M.futureDay);
      }
      expect((await mark(admin, yesterday)).status).toBe(200);
      expect(await count('roll_call')).toBe(2);
      const missing = await admin.post('/server/presenze/appello', { data: today, paziente: 999_999, presente: true });
      expect(missing.status).toBe(404);
      expect(errorOf(missing.body)).toBe(MSG.patientNotFound);
    });

    it.each([
      [{ presente: undefined }, M.presentInvalid],
      [{ presente: 'si' }, M.presentInvalid],
      [{ presente: false }, M.reasonRequired],
      [{ presente: false, motivo: 'gita' }, M.reasonInvalid],
      [{ data: '2026-02-30' }, MSG.dateInvalid],
      [{ presente: true, correzione: 'ok' }, M.correctionInvalid],
    ])('refuses %j with 400 and its message, changing nothing', async (change, message) => {
      const before = await tablesDump();
      const res = await viewer.post('/server/presenze/appello', { data: today, paziente: centre.mario.id, presente: true, ...change });
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
      expect(await tablesDump()).toBe(before);
    });

    it('"Tutti presenti" marks present only the expected utenti not yet marked: an absent one stays absent', async () => {
      const [extra] = await ctx.database.db.insert(patients).values({ firstName: 'Niccolò', lastName: 'Foà', mobile: '' }).returning();
      await addActivity(
        ctx.database.db,
        { name: 'Coro', roomId: centre.palestra.id, day: today, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id, centre.lucia.id, extra.id] },
      );
      await admin.put('/server/presenze/assenze', absence({ persona: extra.id, dal: today, al: today, motivo: 'ferie' }));
      await viewer.post('/server/presenze/appello', { data: today, paziente: centre.mario.id, presente: false, motivo: 'permesso' });
      const res = await viewer.post('/server/presenze/appello/tutti', { data: today });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ segnati: 1, giaSegnati: 1, conAssenza: 1 });
      const list = await viewer.get<RollCallDay>(`/server/presenze/appello?data=${today}`);
      expect(list.body.pazienti.map((p) => [p.Cognome, p.stato, p.motivo])).toEqual([
        ['Bianchi', 'presente', null],
        ['Foà', null, null],
        ['Rossi', 'assente', 'permesso'],
      ]);
      // Again: nothing left to mark, nothing written.
      const before = await tablesDump();
      expect((await viewer.post('/server/presenze/appello/tutti', { data: today })).body).toEqual({
        segnati: 0,
        giaSegnati: 2,
        conAssenza: 1,
      });
      expect(await tablesDump()).toBe(before);
    });

    it('"Tutti presenti" keeps the rules of one mark: staff only, a past day for administrators, never a future day', async () => {
      await addActivity(
        ctx.database.db,
        { name: 'Coro', roomId: centre.palestra.id, day: yesterday, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id] },
      );
      const before = await tablesDump();
      const past = await viewer.post('/server/presenze/appello/tutti', { data: yesterday });
      expect(past.status).toBe(403);
      expect(errorOf(past.body)).toBe(M.pastDayAdminOnly);
      const future = await admin.post('/server/presenze/appello/tutti', { data: tomorrow });
      expect(future.status).toBe(400);
      expect(errorOf(future.body)).toBe(M.futureDay);
      await link(VIEWER.username, centre.stefano.id);
      await ctx.database.db.execute(sql`update therapists set user_id = null`);
      const notStaff = await viewer.post('/server/presenze/appello/tutti', { data: today });
      expect(notStaff.status).toBe(403);
      expect(codeOf(notStaff.body)).toBe(ERROR_CODES.staffOnly);
      expect(await tablesDump()).toBe(before);
      expect((await admin.post('/server/presenze/appello/tutti', { data: yesterday })).body).toEqual({
        segnati: 1,
        giaSegnati: 0,
        conAssenza: 0,
      });
    });

    it('refuses a bad date for the list', async () => {
      const res = await viewer.get('/server/presenze/appello?data=ieri');
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(MSG.dateInvalid);
    });

    it('limits the marks of one account to 60 a minute, all its sessions together: then 429 with Retry-After, changing nothing', async () => {
      // An app of its own: the counts live in the process, and this one has counted no other test's marks.
      const app = await buildTestApp(ctx.database);
      try {
        const [phone, desk, director] = [
          await new TestClient(app).login(VIEWER),
          await new TestClient(app).login(VIEWER),
          await new TestClient(app).login(ADMIN),
        ];
        const mark = (client: TestClient, presente: boolean) =>
          client.post('/server/presenze/appello', { data: today, paziente: centre.mario.id, presente, motivo: 'altro' });
        for (let i = 0; i < ROLL_CALL_MARKS.max; i++) expect((await mark(i % 2 ? phone : desk, i % 2 === 0)).status).toBe(200);
        const before = await tablesDump();
        for (const client of [phone, desk]) {
          const refused = await mark(client, true);
          expect(refused.status).toBe(429);
          expect(refused.body).toEqual({ error: MSG.tooManyReads, code: ERROR_CODES.tooManyRequests });
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        }
        expect(await tablesDump()).toBe(before);
        // Reading it is not a mark; another account still marks.
        expect((await phone.get(`/server/presenze/appello?data=${today}`)).status).toBe(200);
        expect((await mark(director, true)).status).toBe(200);
      } finally {
        await app.close();
      }
    });
  });

  describe('roll call, consultazione accounts', () => {
    it('a consultazione account not linked to an operatore reads the roll call and gets 403 staff_only on every mark, changing nothing', async () => {
      await addActivity(
        ctx.database.db,
        { name: 'Coro', roomId: centre.palestra.id, day: today, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id] },
      );
      const list = await viewer.get<RollCallDay>(`/server/presenze/appello?data=${today}`);
      expect(list.status).toBe(200);
      expect(list.body.puoSegnare).toBe(false);
      expect(list.body.pazienti.map((p) => p.ID)).toEqual([centre.mario.id]);
      expect((await admin.get<RollCallDay>(`/server/presenze/appello?data=${today}`)).body.puoSegnare).toBe(true);

      const before = await tablesDump();
      for (const body of [
        { data: today, paziente: centre.mario.id, presente: false, motivo: 'ricovero', giustificata: true },
        { data: today, paziente: centre.mario.id, presente: true },
        // Refused before its body is read: a body that is not even valid gets the same answer.
        { data: 'ieri', paziente: 'x' },
      ]) {
        const res = await viewer.post('/server/presenze/appello', body);
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body).toEqual({ error: M.staffOnly, code: ERROR_CODES.staffOnly });
      }
      expect(await tablesDump()).toBe(before);
      expect(await count('roll_call')).toBe(0);
    });

    it('the account linked to an operatore marks it; linked to an archived one, or unlinked again, it no longer does', async () => {
      await link(VIEWER.username, centre.paola.id);
      const mark = () => viewer.post('/server/presenze/appello', { data: today, paziente: centre.mario.id, presente: true });
      expect((await viewer.get<RollCallDay>(`/server/presenze/appello?data=${today}`)).body.puoSegnare).toBe(true);
      expect((await mark()).status).toBe(200);
      expect(await count('roll_call')).toBe(1);

      await ctx.database.db.execute(sql`update therapists set archived = true where id = ${centre.paola.id}`);
      expect((await viewer.get<RollCallDay>(`/server/presenze/appello?data=${today}`)).body.puoSegnare).toBe(false);
      expect(codeOf((await mark()).body)).toBe(ERROR_CODES.staffOnly);

      await ctx.database.db.execute(sql`update therapists set archived = false, user_id = null where id = ${centre.paola.id}`);
      expect(codeOf((await mark()).body)).toBe(ERROR_CODES.staffOnly);
      const [row] = await rowsOf<{ username: string }>(
        ctx.database.db,
        sql`select u.username from roll_call rc join users u on u.id = rc.marked_by`,
      );
      expect(row.username).toBe(VIEWER.username);
    });

    it('refuses an anonymous mark with 403 not_signed_in whatever the body', async () => {
      const anonymous = new TestClient(ctx.app);
      for (const body of [{ data: today, paziente: centre.mario.id, presente: true }, { x: 1 }]) {
        const res = await anonymous.post('/server/presenze/appello', body);
        expect(res.status).toBe(403);
        expect(codeOf(res.body)).toBe(ERROR_CODES.notSignedIn);
      }
    });
  });

  describe('closing a month', () => {
    const thisMonth = today.slice(0, 7);
    const lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
    const inLastMonth = `${lastMonth}-10`;

    it('closes a past month once; refuses the current month; a closed month changes only with a reason, each change kept', async () => {
      const current = await admin.post('/server/presenze/mese/chiudi', { mese: thisMonth });
      expect(current.status).toBe(409);
      expect(errorOf(current.body)).toBe(M.monthNotOver);
      const future = await admin.post('/server/presenze/mese/chiudi', {
        mese: tomorrow.slice(0, 7) === thisMonth ? '2999-12' : tomorrow.slice(0, 7),
      });
      expect(errorOf(future.body)).toBe(M.monthNotOver);

      expect((await admin.post('/server/presenze/mese/chiudi', { mese: lastMonth })).body).toEqual({ ok: true });
      const twice = await admin.post('/server/presenze/mese/chiudi', { mese: lastMonth });
      expect(twice.status).toBe(409);
      expect(errorOf(twice.body)).toBe(M.monthAlreadyClosed);
      const register = await viewer.get<{ chiuso: { da: string; il: string } | null }>(`/server/presenze/mese?mese=${lastMonth}`);
      expect(register.body.chiuso).toMatchObject({ da: ADMIN.username });
      expect((await viewer.get<RollCallDay>(`/server/presenze/appello?data=${inLastMonth}`)).body.meseChiuso).toBe(true);

      // Roll call of a closed month: a non-administrator never, an administrator only with a reason.
      const before = await tablesDump();
      const mark = { data: inLastMonth, paziente: centre.mario.id, presente: false, motivo: 'malattia' };
      const noReason = await admin.post('/server/presenze/appello', mark);
      expect(noReason.status).toBe(409);
      expect(errorOf(noReason.body)).toBe(M.monthClosed);
      expect((await viewer.post('/server/presenze/appello', mark)).status).toBe(403);
      // Absences touching the closed month likewise.
      const spanning = absence({ dal: `${lastMonth}-28`, al: `${thisMonth}-02` });
      const absenceNoReason = await admin.put('/server/presenze/assenze', spanning);
      expect(absenceNoReason.status).toBe(409);
      expect(errorOf(absenceNoReason.body)).toBe(M.monthClosed);
      // The web app asks for the reason on this code, never on the message's words.
      expect((absenceNoReason.body as { code?: string }).code).toBe(ERROR_CODES.correctionRequired);
      expect(await tablesDump()).toBe(before);

      expect((await admin.post('/server/presenze/appello', { ...mark, correzione: 'certificato arrivato dopo' })).status).toBe(200);
      const created = await admin.put<{ insertId: number }>('/server/presenze/assenze', {
        ...spanning,
        correzione: 'ricovero comunicato in ritardo',
      });
      expect(created.status).toBe(200);
      // Outside the closed month nothing is needed.
      expect(
        (await admin.put('/server/presenze/assenze', absence({ persona: centre.lucia.id, dal: `${thisMonth}-01`, al: `${thisMonth}-01` })))
          .status,
      ).toBe(200);
      const deleteNoReason = await admin.post('/server/presenze/assenze/elimina', { ID: created.body.insertId });
      expect(deleteNoReason.status).toBe(409);
      expect(errorOf(deleteNoReason.body)).toBe(M.monthClosed);
      expect(
        (await admin.post('/server/presenze/assenze/elimina', { ID: created.body.insertId, correzione: 'registrata per errore' })).status,
      ).toBe(200);

      const reopenNoReason = await admin.post('/server/presenze/mese/riapri', { mese: lastMonth });
      expect(reopenNoReason.status).toBe(400);
      expect(errorOf(reopenNoReason.body)).toBe(M.correctionInvalid);
      expect((await admin.post('/server/presenze/mese/riapri', { mese: lastMonth, correzione: 'manca una firma' })).body).toEqual({
        ok: true,
      });
      const notClosed = await admin.post('/server/presenze/mese/riapri', { mese: lastMonth, correzione: 'manca una firma' });
      expect(notClosed.status).toBe(409);
      expect(errorOf(notClosed.body)).toBe(M.monthNotClosed);

      const corrections = await admin.get<{ ID: number; cambio: string; motivo: string; da: string; il: string }[]>(
        `/server/presenze/correzioni?mese=${lastMonth}`,
      );
      expect(corrections.status).toBe(200);
      expect(corrections.body.map(({ cambio, motivo, da }) => ({ cambio, motivo, da }))).toEqual([
        { cambio: `mese ${lastMonth} riaperto`, motivo: 'manca una firma', da: ADMIN.username },
        {
          cambio: `assenza ${lastMonth}-28…${thisMonth}-02 di paziente ${centre.mario.id} eliminata (malattia)`,
          motivo: 'registrata per errore',
          da: ADMIN.username,
        },
        {
          cambio: `assenza ${lastMonth}-28…${thisMonth}-02 di paziente ${centre.mario.id} registrata (malattia)`,
          motivo: 'ricovero comunicato in ritardo',
          da: ADMIN.username,
        },
        {
          cambio: `appello del ${inLastMonth}, paziente ${centre.mario.id}: assente (malattia)`,
          motivo: 'certificato arrivato dopo',
          da: ADMIN.username,
        },
      ]);
      expect((await admin.get<unknown[]>(`/server/presenze/correzioni?mese=${thisMonth}`)).body).toEqual([]);
      // Reopened, the month takes changes without a reason again.
      expect((await admin.post('/server/presenze/appello', { ...mark, presente: true })).status).toBe(200);
    });

    it.each(['2026-13', '26-11', '2026-1', '', '2026-11-01'])('refuses the month %j with 400', async (mese) => {
      for (const res of [
        await viewer.get(`/server/presenze/mese?mese=${mese}`),
        await admin.get(`/server/presenze/correzioni?mese=${mese}`),
        await admin.post('/server/presenze/mese/chiudi', { mese }),
      ]) {
        expect(res.status).toBe(400);
        expect(errorOf(res.body)).toBe(M.monthInvalid);
      }
      expect(await count('closed_months')).toBe(0);
    });
  });

  describe('closing days', () => {
    it('adds, lists by year, refuses a duplicate, deletes', async () => {
      expect((await admin.put('/server/presenze/chiusure', { data: '2027-12-07', descrizione: ' Sant’Ambrogio ' })).body).toEqual({
        ok: true,
        aggiunti: 1,
      });
      await admin.put('/server/presenze/chiusure', { data: '2027-08-16', descrizione: 'Ponte di Ferragosto' });
      await admin.put('/server/presenze/chiusure', { data: '2028-01-02', descrizione: 'Ponte' });
      const dup = await admin.put('/server/presenze/chiusure', { data: '2027-12-07', descrizione: 'Altro' });
      expect(dup.status).toBe(409);
      expect(errorOf(dup.body)).toBe(M.closingDayDuplicate);
      expect((await viewer.get('/server/presenze/chiusure?anno=2027')).body).toEqual([
        { data: '2027-08-16', descrizione: 'Ponte di Ferragosto' },
        { data: '2027-12-07', descrizione: 'Sant’Ambrogio' },
      ]);
      expect((await admin.post('/server/presenze/chiusure/elimina', { data: '2027-08-16' })).body).toEqual({ ok: true });
      const missing = await admin.post('/server/presenze/chiusure/elimina', { data: '2027-08-16' });
      expect(missing.status).toBe(404);
      expect(errorOf(missing.body)).toBe(M.closingDayNotFound);
      expect((await viewer.get<unknown[]>('/server/presenze/chiusure?anno=2027')).body).toHaveLength(1);
    });

    it('adds a range of days at once, keeping the days already closed as they were', async () => {
      await admin.put('/server/presenze/chiusure', { data: '2027-08-16', descrizione: 'Ponte di Ferragosto' });
      const auditRows = () => count("audit_log where action = 'chiusura.aggiungi'");
      const before = await auditRows();
      const summer = await admin.put('/server/presenze/chiusure', { data: '2027-08-09', al: '2027-08-20', descrizione: 'Chiusura estiva' });
      expect(summer.body).toEqual({ ok: true, aggiunti: 11 });
      const listed = (await viewer.get<{ data: string; descrizione: string }[]>('/server/presenze/chiusure?anno=2027')).body;
      expect(listed.map((d) => d.data).filter((d) => d.startsWith('2027-08'))).toEqual(
        Array.from({ length: 12 }, (_, i) => `2027-08-${String(9 + i).padStart(2, '0')}`),
      );
      expect(listed.find((d) => d.data === '2027-08-16')?.descrizione).toBe('Ponte di Ferragosto');
      // One registro row per day added.
      expect((await auditRows()) - before).toBe(11);
      // Nothing new in the range: the same refusal as a single day already closed.
      const again = await admin.put('/server/presenze/chiusure', { data: '2027-08-10', al: '2027-08-12', descrizione: 'Di nuovo' });
      expect([again.status, errorOf(again.body)]).toEqual([409, M.closingDayDuplicate]);
    });

    it.each([
      [{ data: '2027-08-20', al: '2027-08-19', descrizione: 'Estate' }, M.closingRangeOrder],
      [{ data: '2027-07-01', al: '2027-09-01', descrizione: 'Estate' }, M.closingRangeTooLong],
      [{ data: '2027-07-01', al: '2027-07-32', descrizione: 'Estate' }, MSG.dateInvalid],
      [{ data: '2027-07-01', al: 20270702, descrizione: 'Estate' }, MSG.dateInvalid],
      [{ data: '2027-12-07', descrizione: 'x' }, M.closingDayInvalid],
      [{ data: '2027-12-07', descrizione: 'x'.repeat(101) }, M.closingDayInvalid],
      [{ data: '2027-12-32', descrizione: 'Patrono' }, MSG.dateInvalid],
    ])('refuses %j with 400', async (body, message) => {
      const res = await admin.put('/server/presenze/chiusure', body);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
      expect(await count('closing_days')).toBe(0);
    });

    it.each(['27', 'duemila', '1800'])('refuses the year %j', async (anno) => {
      const res = await viewer.get(`/server/presenze/chiusure?anno=${anno}`);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(M.yearInvalid);
    });
  });
});
