/**
 * Issue 29 on the server: types of activity, the operatori's profile, hours and availability, activities with a
 * type, progetti, the week's coverage, reviews due, the new conflicts, chi può sostituire and the swap.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { PROGETTI_MSG as M, type Copertura, type Progetto, type Scadenze, type TipoRecord } from '../../../common/progetti.ts';
import type { TherapistRecord } from '../../../common/anagrafiche.ts';
import type { Conflict } from '../../../common/conflicts.ts';
import type { Giornata } from '../../../common/schemas.ts';
import { absences, rollCall, transportRuns } from '../../db/schema.ts';
import { addActivity, addRun, seedCentre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf, signedInCentre, issueAt } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';
const SAT = '2026-11-28';

describeOnBothDatabases('progetti', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;
  let centre: Awaited<ReturnType<typeof seedCentre>>;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });

  const count = async (table: string) => {
    const r = (await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
      rows: { n: number }[];
    };
    return r.rows[0].n;
  };
  const maxId = async (table: string) => {
    const r = (await ctx.database.db.execute(sql`select coalesce(max(id), 0)::int as n from ${sql.identifier(table)}`)) as unknown as {
      rows: { n: number }[];
    };
    return r.rows[0].n;
  };
  const newType = async (Nome: string, profilo: string | null, partecipanti = 1, minuti = 45) => {
    const res = await admin.put<{ insertId: number }>('/server/anagrafiche/tipi', { Nome, profilo, partecipanti, minuti });
    expect(res.status).toBe(200);
    return res.body.insertId;
  };
  const plan = (over: Record<string, unknown> = {}) => ({
    paziente: centre.mario.id,
    dal: '2026-09-01',
    verifica: '2026-12-15',
    obiettivi: 'Migliorare la deglutizione.\nAutonomia nel pasto.',
    righe: [],
    ...over,
  });
  const day = async (data: string) => (await admin.post<Giornata>('/server/calendario/giornata', { data })).body;
  const conflictsOf = async (data: string, tipo: string) => ((await day(data)).conflitti ?? []).filter((c) => c.tipo === tipo);

  describe('tipi di attività', () => {
    it('creates, lists, edits, archives and restores; the name is unique after NFKC', async () => {
      const mark = await maxId('audit_log');
      const id = await newType('Logopedia individuale', 'logopedista', 1, 45);
      const list = await admin.get<TipoRecord[]>('/server/anagrafiche/tipi?archiviati=0');
      expect(list.body).toEqual([
        { ID: id, Nome: 'Logopedia individuale', profilo: 'logopedista', partecipanti: 1, minuti: 45, Archiviato: false },
      ]);
      const dup = await admin.put('/server/anagrafiche/tipi', {
        Nome: 'Ｌogopedia individuale',
        profilo: null,
        partecipanti: 1,
        minuti: 30,
      });
      expect(dup.status).toBe(409);
      expect(errorOf(dup.body)).toBe(M.tipoDuplicate);
      const pranzo = await newType('Pranzo', null, 30, 60);
      expect(
        (
          await admin.post('/server/anagrafiche/tipi/update', {
            ID: pranzo,
            Nome: 'Logopedia individuale',
            profilo: null,
            partecipanti: 30,
            minuti: 60,
          })
        ).status,
      ).toBe(409);
      expect(
        (
          await admin.post('/server/anagrafiche/tipi/update', {
            ID: pranzo,
            Nome: 'Pranzo insieme',
            profilo: null,
            partecipanti: 25,
            minuti: 60,
          })
        ).status,
      ).toBe(200);
      expect((await admin.post('/server/anagrafiche/tipi/archivia', { ID: id })).status).toBe(200);
      expect((await admin.get<TipoRecord[]>('/server/anagrafiche/tipi')).body.map((t) => t.Nome)).toEqual(['Pranzo insieme']);
      expect((await admin.get<TipoRecord[]>('/server/anagrafiche/tipi?archiviati=1')).body.map((t) => t.ID)).toEqual([id]);
      expect((await admin.post('/server/anagrafiche/tipi/ripristina', { ID: id })).status).toBe(200);
      expect((await admin.post('/server/anagrafiche/tipi/archivia', { ID: 9999 })).status).toBe(404);
      const rows = await rowsOf<{ action: string }>(
        ctx.database.db,
        sql`select action from audit_log where entity = 'tipo' and id > ${mark} order by id`,
      );
      expect(rows.map((r) => r.action)).toEqual([
        'anagrafica.tipo.crea',
        'anagrafica.tipo.crea',
        'anagrafica.tipo.modifica',
        'anagrafica.tipo.archivia',
        'anagrafica.tipo.ripristina',
      ]);
    });

    it.each([
      ['Nome', { Nome: 'Lo' }, M.tipoNameInvalid],
      ['Nome', { Nome: 'x'.repeat(101) }, M.tipoNameInvalid],
      ['profilo', { profilo: 'dentista' }, M.profiloInvalid],
      ['partecipanti', { partecipanti: 0 }, M.partecipantiInvalid],
      ['partecipanti', { partecipanti: 31 }, M.partecipantiInvalid],
      ['minuti', { minuti: 10 }, M.minutiInvalid],
      ['minuti', { minuti: 47 }, M.minutiInvalid],
      ['minuti', { minuti: 485 }, M.minutiInvalid],
    ])('refuses a bad %s with its message and changes nothing', async (field, over, message) => {
      const res = await admin.put('/server/anagrafiche/tipi', {
        Nome: 'Fisioterapia',
        profilo: 'fisioterapista',
        partecipanti: 1,
        minuti: 45,
        ...over,
      });
      expect(res.status).toBe(400);
      expect(issueAt(res.body, field)).toBe(message);
      expect(await count('activity_types')).toBe(0);
    });

    it('is for administrators', async () => {
      expect((await viewer.get('/server/anagrafiche/tipi')).status).toBe(403);
      expect((await viewer.put('/server/anagrafiche/tipi', { Nome: 'Pranzo', profilo: null, partecipanti: 1, minuti: 60 })).status).toBe(
        403,
      );
    });
  });

  describe("operatori's profile, hours and availability", () => {
    it('stores and answers them; an operatore without them keeps working', async () => {
      const created = await admin.put<{ insertId: number }>('/server/anagrafiche/terapisti', {
        username: 'anna.blu',
        profilo: 'logopedista',
        oreSettimanali: 27.5,
        disponibilita: [
          { giorno: 2, dalle: '14:00', alle: '18:00' },
          { giorno: 1, dalle: '08:00', alle: '14:00' },
          { giorno: 2, dalle: '08:00', alle: '12:00' },
        ],
      });
      expect(created.status).toBe(200);
      const list = (await admin.get<TherapistRecord[]>('/server/anagrafiche/terapisti')).body;
      expect(list.find((t) => t.ID === created.body.insertId)).toMatchObject({
        profilo: 'logopedista',
        oreSettimanali: 27.5,
        disponibilita: [
          { giorno: 1, dalle: '08:00', alle: '14:00' },
          { giorno: 2, dalle: '08:00', alle: '12:00' },
          { giorno: 2, dalle: '14:00', alle: '18:00' },
        ],
      });
      expect(list.find((t) => t.ID === centre.paola.id)).toMatchObject({ profilo: null, oreSettimanali: null, disponibilita: [] });
      // An update that does not send them leaves them; one that sends null clears them.
      expect((await admin.post('/server/anagrafiche/terapisti/update', { ID: created.body.insertId, username: 'anna.blu' })).status).toBe(
        200,
      );
      expect(
        (await admin.get<TherapistRecord[]>('/server/anagrafiche/terapisti')).body.find((t) => t.ID === created.body.insertId),
      ).toMatchObject({ profilo: 'logopedista', oreSettimanali: 27.5 });
      await admin.post('/server/anagrafiche/terapisti/update', {
        ID: created.body.insertId,
        username: 'anna.blu',
        profilo: null,
        oreSettimanali: null,
        disponibilita: [],
      });
      expect(
        (await admin.get<TherapistRecord[]>('/server/anagrafiche/terapisti')).body.find((t) => t.ID === created.body.insertId),
      ).toMatchObject({ profilo: null, oreSettimanali: null, disponibilita: [] });
    });

    it.each([
      ['profilo', { profilo: 'mago' }, M.profiloInvalid],
      ['oreSettimanali', { oreSettimanali: 60.5 }, M.oreInvalid],
      ['oreSettimanali', { oreSettimanali: -1 }, M.oreInvalid],
      ['oreSettimanali', { oreSettimanali: 27.3 }, M.oreInvalid],
      ['disponibilita.0.giorno', { disponibilita: [{ giorno: 7, dalle: '08:00', alle: '09:00' }] }, M.giornoInvalid],
      ['disponibilita.0.alle', { disponibilita: [{ giorno: 1, dalle: '10:00', alle: '09:00' }] }, M.alleBeforeDalle],
      ['disponibilita.0.dalle', { disponibilita: [{ giorno: 1, dalle: '8', alle: '09:00' }] }, M.dalleInvalid],
      [
        'disponibilita.1.dalle',
        {
          disponibilita: [
            { giorno: 1, dalle: '08:00', alle: '12:00' },
            { giorno: 1, dalle: '11:00', alle: '13:00' },
          ],
        },
        M.windowsOverlap,
      ],
    ])('refuses a bad %s with its message and changes nothing', async (field, over, message) => {
      const res = await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri', ...over });
      expect(res.status).toBe(400);
      expect(issueAt(res.body, field)).toBe(message);
      expect(
        (await admin.get<TherapistRecord[]>('/server/anagrafiche/terapisti')).body.find((t) => t.ID === centre.paola.id),
      ).toMatchObject({ profilo: null, oreSettimanali: null, disponibilita: [] });
    });
  });

  describe('activities with a type', () => {
    it('takes tipo on create and update and answers RifTipo; old activities answer -1', async () => {
      const tipo = await newType('Logopedia individuale', 'logopedista');
      const old = await addActivity(ctx.database.db, {
        name: 'Ginnastica',
        roomId: centre.palestra.id,
        day: MON,
        start: '09:00',
        end: '10:00',
      });
      const created = await admin.put<{ insertId: number }>('/server/calendario/createattivita', {
        nome: 'Logopedia',
        stanza: centre.logopedia.id,
        orainizio: '10:00',
        orafine: '10:45',
        data: MON,
        tipo,
      });
      expect(created.status).toBe(200);
      let attivita = (await day(MON)).attivita;
      expect(attivita.map((a) => [a.ID, a.RifTipo])).toEqual([
        [old.id, -1],
        [created.body.insertId, tipo],
      ]);
      expect(
        (await admin.post<{ RifTipo: number }[]>('/server/calendario/getattivitasingle', { attivita: created.body.insertId })).body[0]
          .RifTipo,
      ).toBe(tipo);
      expect(
        (await admin.post<{ RifTipo: number }[]>('/server/calendario/getattivitaweek', { datastart: MON, datastop: SAT })).body.map(
          (a) => a.RifTipo,
        ),
      ).toEqual([-1, tipo]);
      // An edit that does not send tipo keeps it; -1 takes it away.
      const edit = {
        nome: 'Logopedia',
        stanza: centre.logopedia.id,
        orainizio: '10:00',
        orafine: '11:00',
        data: MON,
        attivitaId: created.body.insertId,
      };
      expect((await admin.post('/server/calendario/updateattivita', edit)).status).toBe(200);
      expect((await day(MON)).attivita[1].RifTipo).toBe(tipo);
      expect((await admin.post('/server/calendario/updateattivita', { ...edit, tipo: -1 })).status).toBe(200);
      attivita = (await day(MON)).attivita;
      expect(attivita[1].RifTipo).toBe(-1);
      const unknown = await admin.post('/server/calendario/updateattivita', { ...edit, tipo: 999 });
      expect(unknown.status).toBe(400);
      expect(issueAt(unknown.body, 'tipo')).toBe(MSG.activityTypeNotFound);
      const bad = await admin.put('/server/calendario/createattivita', {
        nome: 'X attività',
        stanza: centre.palestra.id,
        orainizio: '12:00',
        orafine: '13:00',
        data: MON,
        tipo: 0,
      });
      expect(bad.status).toBe(400);
      expect((await day(MON)).attivita).toHaveLength(2);
    });
  });

  describe('progetti', () => {
    it('creates, lists newest first, edits, closes; the registro keeps before and after', async () => {
      const mark = await maxId('audit_log');
      const logo = await newType('Logopedia individuale', 'logopedista');
      const fisio = await newType('Fisioterapia', 'fisioterapista');
      const first = await admin.put<{ insertId: number }>(
        '/server/progetti',
        plan({ dal: '2025-09-01', al: '2026-06-30', verifica: '2026-01-15', righe: [{ tipo: fisio, sedute: 1, minuti: 30 }] }),
      );
      expect(first.status).toBe(200);
      const second = await admin.put<{ insertId: number }>(
        '/server/progetti',
        plan({
          righe: [
            { tipo: logo, sedute: 2, minuti: 45 },
            { tipo: fisio, sedute: 1, minuti: 60 },
          ],
        }),
      );
      expect(second.status).toBe(200);
      const list = await admin.get<Progetto[]>(`/server/progetti?paziente=${centre.mario.id}`);
      expect(list.status).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.body.map((p) => p.ID)).toEqual([second.body.insertId, first.body.insertId]);
      expect(list.body[0]).toEqual({
        ID: second.body.insertId,
        paziente: centre.mario.id,
        dal: '2026-09-01',
        al: null,
        verifica: '2026-12-15',
        obiettivi: 'Migliorare la deglutizione.\nAutonomia nel pasto.',
        frequenza: [1, 2, 3, 4, 5].map((giorno) => ({ giorno, dalle: '09:00', alle: '16:00' })),
        righe: [
          { tipo: logo, sedute: 2, minuti: 45 },
          { tipo: fisio, sedute: 1, minuti: 60 },
        ],
      });
      // Overlapping periods of one utente: 409.
      const overlap = await admin.put('/server/progetti', plan({ dal: '2026-06-01', al: '2026-09-10', verifica: '2026-07-01' }));
      expect(overlap.status).toBe(409);
      expect(errorOf(overlap.body)).toBe(M.progettiOverlap);
      expect((await admin.post('/server/progetti/update', { ...plan({ dal: '2026-06-15' }), ID: second.body.insertId })).status).toBe(409);
      // Another utente may share the period.
      expect((await admin.put('/server/progetti', plan({ paziente: centre.lucia.id }))).status).toBe(200);
      const upd = await admin.post('/server/progetti/update', {
        ...plan({ frequenza: [{ giorno: 1, dalle: '09:00', alle: '13:00' }], righe: [{ tipo: logo, sedute: 3, minuti: 45 }] }),
        ID: second.body.insertId,
      });
      expect(upd.status).toBe(200);
      expect(upd.body).toEqual({ ok: true });
      expect((await admin.post('/server/progetti/chiudi', { ID: second.body.insertId, al: '2026-12-01' })).body).toEqual({ ok: true });
      const closed = (await admin.get<Progetto[]>(`/server/progetti?paziente=${centre.mario.id}`)).body[0];
      expect(closed).toMatchObject({
        al: '2026-12-01',
        verifica: '2026-12-01',
        righe: [{ tipo: logo, sedute: 3, minuti: 45 }],
        frequenza: [{ giorno: 1, dalle: '09:00', alle: '13:00' }],
      });
      const closeBefore = await admin.post('/server/progetti/chiudi', { ID: second.body.insertId, al: '2026-08-01' });
      expect(closeBefore.status).toBe(400);
      expect(issueAt(closeBefore.body, 'al')).toBe(M.chiudiBeforeDal);
      const audit = (await ctx.database.db.execute(
        sql`select action, before, after, patients from audit_log where entity = 'progetto' and entity_id = ${second.body.insertId} and id > ${mark} order by id`,
      )) as unknown as {
        rows: { action: string; before: { progetto?: Progetto } | null; after: { progetto: Progetto }; patients: number[] }[];
      };
      expect(audit.rows.map((r) => r.action)).toEqual(['progetto.crea', 'progetto.modifica', 'progetto.chiudi']);
      expect(audit.rows[1].before?.progetto?.righe).toEqual([
        { tipo: logo, sedute: 2, minuti: 45 },
        { tipo: fisio, sedute: 1, minuti: 60 },
      ]);
      expect(audit.rows[1].after.progetto.righe).toEqual([{ tipo: logo, sedute: 3, minuti: 45 }]);
      expect(audit.rows[2].after.progetto.al).toBe('2026-12-01');
      expect(audit.rows[0].patients).toEqual([centre.mario.id]);
    });

    it('deletes only a progetto that never applied to a past day', async () => {
      const today = todayInRome();
      const future = await admin.put<{ insertId: number }>(
        '/server/progetti',
        plan({ dal: addDays(today, 10), verifica: addDays(today, 40) }),
      );
      const running = await admin.put<{ insertId: number }>(
        '/server/progetti',
        plan({ dal: addDays(today, -100), al: addDays(today, 5), verifica: addDays(today, 1) }),
      );
      const refused = await admin.post('/server/progetti/elimina', { ID: running.body.insertId });
      expect(refused.status).toBe(409);
      expect(errorOf(refused.body)).toBe('Un progetto già in corso non si elimina: chiudilo');
      expect((await admin.post('/server/progetti/elimina', { ID: future.body.insertId })).body).toEqual({ ok: true });
      expect((await admin.get<Progetto[]>(`/server/progetti?paziente=${centre.mario.id}`)).body.map((p) => p.ID)).toEqual([
        running.body.insertId,
      ]);
      expect((await admin.post('/server/progetti/elimina', { ID: future.body.insertId })).status).toBe(404);
    });

    it.each([
      ['dal', { dal: '2026-02-30' }, M.dalInvalid],
      ['al', { al: '2026-13-01' }, M.alInvalid],
      ['al', { al: '2026-08-31' }, M.alBeforeDal],
      ['verifica', { verifica: '2026-08-01' }, M.verificaOutside],
      ['verifica', { al: '2026-10-01', verifica: '2026-10-02' }, M.verificaOutside],
      ['verifica', { verifica: 'domani' }, M.verificaInvalid],
      ['righe.0.tipo', { righe: [{ tipo: 999, sedute: 1, minuti: 30 }] }, M.tipoNotFound],
      ['righe.1.tipo', 'duplicate', M.rigaTipoDuplicate],
      ['righe', 'tooMany', M.righeTooMany],
      ['righe.0.sedute', { righe: [{ tipo: 1, sedute: 0, minuti: 30 }] }, M.seduteInvalid],
      ['righe.0.sedute', { righe: [{ tipo: 1, sedute: 11, minuti: 30 }] }, M.seduteInvalid],
      ['righe.0.minuti', { righe: [{ tipo: 1, sedute: 1, minuti: 32 }] }, M.rigaMinutiInvalid],
      ['righe.0.minuti', { righe: [{ tipo: 1, sedute: 1, minuti: 10 }] }, M.rigaMinutiInvalid],
      ['obiettivi', { obiettivi: 'è'.repeat(2001) }, M.obiettiviInvalid],
      ['obiettivi', { obiettivi: 'Obiettivo\u0007 uno' }, M.obiettiviChars],
      ['obiettivi', { obiettivi: 'Obiettivo\u202E uno' }, M.obiettiviChars],
      ['frequenza.0.giorno', { frequenza: [{ giorno: 0, dalle: '09:00', alle: '16:00' }] }, M.giornoInvalid],
      [
        'frequenza.1.giorno',
        {
          frequenza: [
            { giorno: 1, dalle: '09:00', alle: '12:00' },
            { giorno: 1, dalle: '13:00', alle: '16:00' },
          ],
        },
        M.frequenzaInvalid,
      ],
      ['paziente', { paziente: 9999 }, MSG.patientNotFound],
      ['paziente', { paziente: 'mario' }, MSG.idInvalid],
    ])('refuses a bad %s with its message and changes nothing', async (field, over, message) => {
      const tipo = await newType('Logopedia individuale', 'logopedista');
      const types = [tipo];
      if (over === 'tooMany') for (let i = 0; i < 20; i++) types.push(await newType(`Tipo numero ${i}`, null));
      const body =
        over === 'duplicate'
          ? plan({
              righe: [
                { tipo, sedute: 1, minuti: 30 },
                { tipo, sedute: 2, minuti: 30 },
              ],
            })
          : over === 'tooMany'
            ? plan({ righe: types.map((t) => ({ tipo: t, sedute: 1, minuti: 30 })) })
            : plan(over as Record<string, unknown>);
      const res = await admin.put('/server/progetti', body);
      expect(res.status).toBe(400);
      expect(codeOf(res.body)).toBe(ERROR_CODES.invalidInput);
      expect(issueAt(res.body, field)).toBe(message);
      expect(await count('care_plans')).toBe(0);
      expect(await count('care_plan_rows')).toBe(0);
    });

    it('refuses on update what it refuses on creation and an archived type, changing nothing; an unknown progetto is 404', async () => {
      const logo = await newType('Logopedia individuale', 'logopedista');
      const old = await newType('Vecchio laboratorio', null, 6);
      const ID = (await admin.put<{ insertId: number }>('/server/progetti', plan({ righe: [{ tipo: logo, sedute: 2, minuti: 45 }] }))).body
        .insertId;
      const before = (await admin.get<Progetto[]>(`/server/progetti?paziente=${centre.mario.id}`)).body;
      expect((await admin.post('/server/anagrafiche/tipi/archivia', { ID: old })).status).toBe(200);
      const archived = await admin.put(
        '/server/progetti',
        plan({ paziente: centre.lucia.id, righe: [{ tipo: old, sedute: 1, minuti: 60 }] }),
      );
      expect(archived.status).toBe(400);
      expect(issueAt(archived.body, 'righe.0.tipo')).toBe(M.tipoArchived);
      const refusals: [string, Record<string, unknown>, string][] = [
        ['dal', { dal: '2026-02-30' }, M.dalInvalid],
        ['verifica', { verifica: '2026-08-01' }, M.verificaOutside],
        ['righe.0.sedute', { righe: [{ tipo: logo, sedute: 11, minuti: 45 }] }, M.seduteInvalid],
        ['righe.0.tipo', { righe: [{ tipo: old, sedute: 1, minuti: 60 }] }, M.tipoArchived],
        ['obiettivi', { obiettivi: 'Obiettivo\u0007 uno' }, M.obiettiviChars],
        ['frequenza.0.alle', { frequenza: [{ giorno: 1, dalle: '16:00', alle: '09:00' }] }, M.alleBeforeDalle],
      ];
      for (const [field, over, message] of refusals) {
        const res = await admin.post('/server/progetti/update', { ...plan(over), ID });
        expect(res.status, field).toBe(400);
        expect(issueAt(res.body, field)).toBe(message);
      }
      expect((await admin.get<Progetto[]>(`/server/progetti?paziente=${centre.mario.id}`)).body).toEqual(before);
      expect(await count('care_plans')).toBe(1);
      const missing = await admin.post('/server/progetti/update', { ...plan(), ID: 99999 });
      expect(missing.status).toBe(404);
      expect(errorOf(missing.body)).toBe(M.progettoNotFound);
      expect((await admin.post('/server/progetti/chiudi', { ID: 99999, al: '2026-12-01' })).status).toBe(404);
    });

    it('accepts goals of 2,000 characters with accents and line breaks', async () => {
      const obiettivi = `${'àèìòù perché\r\n'.repeat(142)}ok`.slice(0, 2000);
      expect((await admin.put('/server/progetti', plan({ obiettivi }))).status).toBe(200);
      expect((await admin.get<Progetto[]>(`/server/progetti?paziente=${centre.mario.id}`)).body[0].obiettivi).toBe(obiettivi);
    });

    it('lets consultazione read the coverage but not the progetti, nor write; reads go to the access log under each utente', async () => {
      const tipo = await newType('Logopedia individuale', 'logopedista');
      await admin.put('/server/progetti', plan({ righe: [{ tipo, sedute: 2, minuti: 45 }] }));
      await ctx.app.accessLog!.flush();
      const mark = await maxId('access_log');
      const denied = await viewer.get(`/server/progetti?paziente=${centre.mario.id}`);
      expect(denied.status).toBe(403);
      expect(codeOf(denied.body)).toBe(ERROR_CODES.adminOnly);
      expect((await viewer.put('/server/progetti', plan())).status).toBe(403);
      expect((await viewer.get('/server/progetti/scadenze')).status).toBe(403);
      expect((await viewer.post('/server/progetti/sostituti', { attivita: 1, terapista: 1 })).status).toBe(403);
      const cov = await viewer.get<Copertura>(`/server/progetti/copertura?settimana=${MON}`);
      expect(cov.status).toBe(200);
      expect(cov.headers['cache-control']).toBe('no-store');
      expect(JSON.stringify(cov.body)).not.toContain('deglutizione');
      expect((await admin.get(`/server/progetti?paziente=${centre.mario.id}`)).status).toBe(200);
      await ctx.app.accessLog!.flush();
      // The access log outlives the tests (append-only) and coalesces identical reads into an earlier row: look for the entries.
      const rows = await rowsOf<unknown>(
        ctx.database.db,
        sql`select distinct username, kind, patient_id, day::text from access_log where kind in ('progetto', 'copertura') and (id > ${mark} or ultima is not null)`,
      );
      expect(rows).toEqual(
        expect.arrayContaining([
          { username: VIEWER.username, kind: 'copertura', patient_id: centre.mario.id, day: MON },
          { username: ADMIN.username, kind: 'progetto', patient_id: centre.mario.id, day: null },
        ]),
      );
    });

    it('refuses a week that does not start on Monday and a bad paziente', async () => {
      const res = await viewer.get(`/server/progetti/copertura?settimana=${TUE}`);
      expect(res.status).toBe(400);
      expect(issueAt(res.body, 'settimana')).toBe(M.settimanaInvalid);
      expect((await viewer.get('/server/progetti/copertura?settimana=2026-02-30')).status).toBe(400);
      expect((await admin.get('/server/progetti?paziente=0')).status).toBe(400);
      expect((await admin.get('/server/progetti/scadenze?entro=366')).status).toBe(400);
    });
  });

  describe('copertura', () => {
    it('counts previste, pianificate (absent days out) and erogate (roll call present)', async () => {
      const logo = await newType('Logopedia individuale', 'logopedista');
      const fisio = await newType('Fisioterapia', 'fisioterapista');
      await admin.put(
        '/server/progetti',
        plan({
          righe: [
            { tipo: logo, sedute: 2, minuti: 45 },
            { tipo: fisio, sedute: 1, minuti: 60 },
          ],
        }),
      );
      await admin.put(
        '/server/progetti',
        plan({ paziente: centre.lucia.id, dal: '2026-11-25', righe: [{ tipo: logo, sedute: 1, minuti: 30 }] }),
      );
      const db = ctx.database.db;
      const act = async (data: string, tipo: number, patients: number[], start = '10:00', end = '10:45') => {
        const a = await addActivity(db, { name: 'Seduta', roomId: centre.logopedia.id, day: data, start, end }, { patients });
        await db.execute(sql`update activities set type_id = ${tipo} where id = ${a.id}`);
      };
      await act(MON, logo, [centre.mario.id, centre.lucia.id]); // Lucia's progetto starts on Wednesday
      await act(TUE, logo, [centre.mario.id], '09:00', '09:30');
      await act('2026-11-25', logo, [centre.mario.id, centre.lucia.id]); // Mario absent that day
      await act('2026-11-30', logo, [centre.mario.id]); // next week
      await addActivity(
        db,
        { name: 'Senza tipo', roomId: centre.palestra.id, day: MON, start: '11:00', end: '12:00' },
        { patients: [centre.mario.id] },
      );
      await db.insert(absences).values({ patientId: centre.mario.id, startDay: '2026-11-25', endDay: '2026-11-25', reason: 'malattia' });
      await db.insert(rollCall).values([
        { day: MON, patientId: centre.mario.id, present: true },
        { day: TUE, patientId: centre.mario.id, present: false, reason: 'altro' },
        { day: '2026-11-25', patientId: centre.lucia.id, present: true },
      ]);
      const answer = (await admin.get<Copertura>(`/server/progetti/copertura?settimana=${MON}`)).body;
      // What the days before today count (pianificatePassate, erogatePassate) follows the clock: coverage.test.ts fixes it.
      const cov = {
        ...answer,
        pazienti: answer.pazienti.map((p) => ({
          ...p,
          righe: p.righe.map(({ pianificatePassate, erogatePassate, ...r }) => {
            expect(erogatePassate).toBeLessThanOrEqual(pianificatePassate);
            return r;
          }),
        })),
      };
      expect(cov).toEqual({
        settimana: MON,
        pazienti: [
          {
            paziente: centre.lucia.id,
            nome: 'Lucia Bianchi',
            righe: [
              {
                tipo: logo,
                nome: 'Logopedia individuale',
                previste: 1,
                pianificate: 1,
                erogate: 1,
                minutiPrevisti: 30,
                minutiPianificati: 45,
                minutiErogati: 45,
              },
            ],
          },
          {
            paziente: centre.mario.id,
            nome: 'Mario Rossi',
            righe: [
              {
                tipo: logo,
                nome: 'Logopedia individuale',
                previste: 2,
                pianificate: 1,
                erogate: 1,
                minutiPrevisti: 90,
                minutiPianificati: 45,
                minutiErogati: 45,
              },
              {
                tipo: fisio,
                nome: 'Fisioterapia',
                previste: 1,
                pianificate: 0,
                erogate: 0,
                minutiPrevisti: 60,
                minutiPianificati: 0,
                minutiErogati: 0,
              },
            ],
          },
        ],
      });
    });
  });

  describe('scadenze', () => {
    it('lists reviews due or past, and progetti ending, oldest first', async () => {
      const today = todayInRome();
      await admin.put('/server/progetti', plan({ dal: addDays(today, -200), verifica: addDays(today, -3) }));
      await admin.put(
        '/server/progetti',
        plan({ paziente: centre.lucia.id, dal: addDays(today, -10), al: addDays(today, 20), verifica: addDays(today, 12) }),
      );
      const res = await admin.get<Scadenze>('/server/progetti/scadenze?entro=30');
      expect(res.status).toBe(200);
      expect(res.body.verifiche.map((v) => [v.nome, v.data])).toEqual([
        ['Mario Rossi', addDays(today, -3)],
        ['Lucia Bianchi', addDays(today, 12)],
      ]);
      expect(res.body.fine.map((v) => [v.nome, v.data])).toEqual([['Lucia Bianchi', addDays(today, 20)]]);
      const near = (await admin.get<Scadenze>('/server/progetti/scadenze?entro=5')).body;
      expect(near.verifiche.map((v) => v.nome)).toEqual(['Mario Rossi']);
      expect(near.fine).toEqual([]);
    });
  });

  describe('conflicts', () => {
    it('raises and clears profilo, disponibilita, fuori_progetto and capienza; old data raises none', async () => {
      const db = ctx.database.db;
      const logo = await newType('Logopedia individuale', 'logopedista', 1);
      const fisio = await newType('Fisioterapia', 'fisioterapista', 1);
      // Old data: no types, no profiles, no progetti: no new conflicts.
      const plain = await addActivity(
        db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      expect(((await day(MON)).conflitti ?? []).filter((c) => !['paziente', 'terapista', 'stanza', 'assente'].includes(c.tipo))).toEqual(
        [],
      );

      await admin.post('/server/anagrafiche/terapisti/update', {
        ID: centre.paola.id,
        username: 'paola.neri',
        profilo: 'fisioterapista',
        disponibilita: [{ giorno: 1, dalle: '08:00', alle: '12:00' }],
      });
      const created = await admin.put<{ insertId: number; conflitti: Conflict[] }>('/server/calendario/createattivita', {
        nome: 'Logopedia',
        stanza: centre.logopedia.id,
        orainizio: '11:30',
        orafine: '12:30',
        data: MON,
        tipo: logo,
      });
      const id = created.body.insertId;
      await admin.put('/server/calendario/insertterapista', { terapista: centre.paola.id, attivita: id });
      await admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: id });
      await admin.put('/server/calendario/insertpaziente', { paziente: centre.lucia.id, attivita: id });

      expect(await conflictsOf(MON, 'profilo')).toEqual([
        {
          tipo: 'profilo',
          ID: centre.paola.id,
          nome: 'paola.neri',
          persona: 'terapista',
          profili: ['logopedista'],
          attivita: [id],
          uscite: [],
          testo: 'paola.neri non è logopedista',
        },
      ]);
      expect(await conflictsOf(MON, 'disponibilita')).toEqual([
        {
          tipo: 'disponibilita',
          ID: centre.paola.id,
          nome: 'paola.neri',
          persona: 'terapista',
          attivita: [id],
          uscite: [],
          testo: 'paola.neri non è disponibile in questo orario',
        },
      ]);
      expect((await conflictsOf(MON, 'fuori_progetto')).map((c) => [c.ID, c.causa])).toEqual([
        [centre.lucia.id, 'senza_progetto'],
        [centre.mario.id, 'senza_progetto'],
      ]);
      expect(await conflictsOf(MON, 'capienza')).toEqual([
        {
          tipo: 'capienza',
          ID: id,
          nome: 'Logopedia',
          partecipanti: 1,
          iscritti: 2,
          attivita: [id],
          uscite: [],
          testo: 'Logopedia: 2 utenti, al massimo 1 per questo tipo di attività',
        },
      ]);
      // The range's conflicts say the same.
      const range = (
        await admin.post<{ giorni: { data: string; conflitti: Conflict[] }[] }>('/server/calendario/conflitti', {
          datastart: MON,
          datastop: SAT,
        })
      ).body;
      expect(range.giorni[0].conflitti.map((c) => c.tipo).sort()).toEqual([
        'capienza',
        'disponibilita',
        'fuori_progetto',
        'fuori_progetto',
        'profilo',
      ]);

      // Mario's progetto without the type (tipo), then Mario on a weekday outside his frequenza.
      const p = await admin.put<{ insertId: number }>('/server/progetti', plan({ righe: [{ tipo: fisio, sedute: 1, minuti: 60 }] }));
      expect((await conflictsOf(MON, 'fuori_progetto')).find((c) => c.ID === centre.mario.id)?.causa).toBe('tipo');
      await admin.post('/server/progetti/update', {
        ...plan({ righe: [{ tipo: logo, sedute: 1, minuti: 60 }], frequenza: [{ giorno: 2, dalle: '09:00', alle: '16:00' }] }),
        ID: p.body.insertId,
      });
      const outside = (await conflictsOf(MON, 'fuori_progetto')).find((c) => c.ID === centre.mario.id)!;
      expect(outside.causa).toBe('frequenza');
      expect(outside.testo).toBe('Mario Rossi di lunedì non frequenta il centro');
      // Cleared: the right profile, inside the window, Mario's progetto includes it on Mondays, Lucia out.
      await admin.post('/server/progetti/update', {
        ...plan({ righe: [{ tipo: logo, sedute: 1, minuti: 60 }], frequenza: [{ giorno: 1, dalle: '09:00', alle: '16:00' }] }),
        ID: p.body.insertId,
      });
      await admin.post('/server/anagrafiche/terapisti/update', {
        ID: centre.paola.id,
        username: 'paola.neri',
        profilo: 'logopedista',
        disponibilita: [{ giorno: 1, dalle: '08:00', alle: '13:00' }],
      });
      const link = (await day(MON)).attivita.find((a) => a.ID === id)!.Pazienti.find((x) => x.RifPaziente === centre.lucia.id)!;
      await admin.post('/server/calendario/removepaziente', { id: link.ID });
      const after = (await day(MON)).conflitti ?? [];
      expect(after.filter((c) => ['profilo', 'disponibilita', 'fuori_progetto', 'capienza'].includes(c.tipo))).toEqual([]);
      expect(plain.id).toBeGreaterThan(0);
    });

    it("raises fuori_progetto for an activity outside the utente's hours, his minibus runs' when he travels on them", async () => {
      const db = ctx.database.db;
      const logo = await newType('Logopedia individuale', 'logopedista', 4);
      const righe = [{ tipo: logo, sedute: 2, minuti: 45 }];
      await admin.put('/server/progetti', plan({ righe, frequenza: [{ giorno: 1, dalle: '09:00', alle: '16:00' }] }));
      await admin.put(
        '/server/progetti',
        plan({ paziente: centre.lucia.id, righe, frequenza: [{ giorno: 1, dalle: '09:00', alle: '13:00' }] }),
      );
      const typed = async (start: string, end: string, patients: number[]) => {
        const a = await addActivity(db, { name: 'Logopedia', roomId: centre.logopedia.id, day: MON, start, end }, { patients });
        await db.execute(sql`update activities set type_id = ${logo} where id = ${a.id}`);
        return a.id;
      };
      const outside = async () =>
        (await conflictsOf(MON, 'fuori_progetto')).map((c) => ({ ID: c.ID, causa: c.causa, attivita: c.attivita, testo: c.testo }));

      // 09:00–09:45 inside his frequenza (09:00–16:00), no runs: nothing to say.
      const morning = await typed('09:00', '09:45', [centre.mario.id]);
      expect(await outside()).toEqual([]);
      // His andata arrives at 09:30: at 09:00 he is still on the minibus.
      const andata = await addRun(
        db,
        { route: 'Andata Nord', departure: '08:30', arrival: '09:30', minibus: 1, day: MON },
        { patients: [centre.mario.id] },
      );
      expect(await outside()).toEqual([
        {
          ID: centre.mario.id,
          causa: 'orario',
          attivita: [morning],
          testo: 'Mario Rossi in questo giorno è al centro solo dalle 09:30 alle 16:00, con il pulmino',
        },
      ]);
      // The andata arriving at 09:00 clears it.
      await db.update(transportRuns).set({ departure: '08:00', arrival: '09:00' }).where(eq(transportRuns.id, andata.id));
      expect(await outside()).toEqual([]);
      // His ritorno leaves at 15:15: a 15:00–15:45 session is cut short, though his frequenza runs to 16:00.
      const late = await typed('15:00', '15:45', [centre.mario.id, centre.lucia.id]);
      await addRun(
        db,
        { route: 'Ritorno Nord', departure: '15:15', arrival: '16:00', minibus: 1, day: MON },
        { patients: [centre.mario.id] },
      );
      expect(await outside()).toEqual([
        {
          ID: centre.lucia.id,
          causa: 'orario',
          attivita: [late],
          testo: 'Lucia Bianchi in questo giorno è al centro solo dalle 09:00 alle 13:00',
        },
        {
          ID: centre.mario.id,
          causa: 'orario',
          attivita: [late],
          testo: 'Mario Rossi in questo giorno è al centro solo dalle 09:00 alle 15:15, con il pulmino',
        },
      ]);
      // Off the ritorno (a relative fetches him), Mario is at the centre until his frequenza's 16:00 again.
      await db.execute(sql`delete from transport_patients where patient_id = ${centre.mario.id} and run_id <> ${andata.id}`);
      expect((await outside()).map((c) => c.ID)).toEqual([centre.lucia.id]);
    });

    it('reports ore_settimanali for the whole week of the range', async () => {
      const db = ctx.database.db;
      await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri', oreSettimanali: 2 });
      await addActivity(
        db,
        { name: 'A', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { therapists: [centre.paola.id, centre.stefano.id] },
      );
      const b = await addActivity(
        db,
        { name: 'B', roomId: centre.palestra.id, day: SAT, start: '09:00', end: '10:00' },
        { therapists: [centre.paola.id] },
      );
      const range = async (start: string, stop: string) =>
        (
          await admin.post<{ settimane: { settimana: string; conflitti: unknown[] }[] }>('/server/calendario/conflitti', {
            datastart: start,
            datastop: stop,
          })
        ).body.settimane;
      expect(await range(MON, SAT)).toEqual([]);
      const c = await addActivity(
        db,
        { name: 'C', roomId: centre.palestra.id, day: TUE, start: '09:00', end: '09:30' },
        { therapists: [centre.paola.id] },
      );
      const expected = [
        {
          settimana: MON,
          conflitti: [
            {
              tipo: 'ore_settimanali',
              ID: centre.paola.id,
              nome: 'paola.neri',
              settimana: MON,
              minutiPianificati: 150,
              minutiContratto: 120,
              attivita: [b.id - 1, c.id, b.id].sort((x, y) => x - y),
            },
          ],
        },
      ];
      expect(await range(MON, SAT)).toEqual(expected);
      // Asked for Tuesday alone, the whole week counts.
      expect(await range(TUE, TUE)).toEqual(expected);
      await db.execute(sql`delete from activities where id = ${c.id}`);
      expect(await range(MON, SAT)).toEqual([]);
    });
  });

  describe('chi può sostituire', () => {
    it('lists who fits, best first, and swaps in one undoable registro row', async () => {
      const db = ctx.database.db;
      const logo = await newType('Logopedia individuale', 'logopedista');
      const mk = async (username: string, extra: Record<string, unknown>) =>
        (await admin.put<{ insertId: number }>('/server/anagrafiche/terapisti', { username, profilo: 'logopedista', ...extra })).body
          .insertId;
      const busy = await mk('busy.logo', {});
      const follows = await mk('segue.logo', { oreSettimanali: 30 });
      const light = await mk('leggera.logo', { oreSettimanali: 30 });
      const away = await mk('assente.logo', {});
      const late = await mk('pomeriggio.logo', { disponibilita: [{ giorno: 1, dalle: '14:00', alle: '18:00' }] });
      const full = await mk('piena.logo', { oreSettimanali: 1 });
      await mk('fisio', { profilo: 'fisioterapista' });
      await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri', profilo: 'logopedista' });
      const target = await addActivity(
        db,
        { name: 'Logopedia', roomId: centre.logopedia.id, day: MON, start: '10:00', end: '10:45' },
        { patients: [centre.mario.id], therapists: [centre.paola.id] },
      );
      await db.execute(sql`update activities set type_id = ${logo} where id = ${target.id}`);
      await addActivity(db, { name: 'Altro', roomId: centre.palestra.id, day: MON, start: '10:30', end: '11:30' }, { therapists: [busy] });
      await addActivity(
        db,
        { name: 'Prima', roomId: centre.palestra.id, day: '2026-11-05', start: '10:00', end: '11:00' },
        { patients: [centre.mario.id], therapists: [follows] },
      );
      await addActivity(
        db,
        { name: 'Carico', roomId: centre.palestra.id, day: TUE, start: '08:00', end: '09:00' },
        { therapists: [follows] },
      );
      await addActivity(db, { name: 'Carico', roomId: centre.palestra.id, day: TUE, start: '12:00', end: '12:30' }, { therapists: [full] });
      await db.insert(absences).values({ therapistId: away, startDay: MON, endDay: MON, reason: 'ferie' });

      const res = await admin.post<{ terapista: number; nome: string; motivo: string }[]>('/server/progetti/sostituti', {
        attivita: target.id,
        terapista: centre.paola.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { terapista: follows, nome: 'segue.logo', motivo: 'segue già 1 di questi utenti' },
        { terapista: light, nome: 'leggera.logo', motivo: '0 ore pianificate su 30 questa settimana' },
      ]);
      expect(late).toBeGreaterThan(0);
      const notThere = await admin.post('/server/progetti/sostituti', { attivita: target.id, terapista: centre.stefano.id });
      expect(notThere.status).toBe(400);
      expect(issueAt(notThere.body, 'terapista')).toBe(M.notInActivity);
      expect((await admin.post('/server/progetti/sostituti', { attivita: 99999, terapista: centre.paola.id })).status).toBe(404);

      const mark = await maxId('audit_log');
      const swap = await admin.post<{ ok: true; operazione: number; conflitti: Conflict[] }>('/server/progetti/sostituisci', {
        attivita: target.id,
        terapista: centre.paola.id,
        sostituto: follows,
      });
      expect(swap.status).toBe(200);
      expect((await day(MON)).attivita.find((a) => a.ID === target.id)!.Terapisti.map((t) => t.RifTerapista)).toEqual([follows]);
      const rows = await rowsOf<{ id: number; action: string }>(
        db,
        sql`select id, action from audit_log where day = ${MON}::date and id > ${mark} order by id`,
      );
      expect(rows.map((r) => r.action)).toEqual(['terapista.sostituisci']);
      const again = await admin.post('/server/progetti/sostituisci', {
        attivita: target.id,
        terapista: centre.paola.id,
        sostituto: follows,
      });
      expect(again.status).toBe(400);
      const undo = await admin.post('/server/calendario/annulla', { operazione: swap.body.operazione });
      expect(undo.status).toBe(200);
      expect((await day(MON)).attivita.find((a) => a.ID === target.id)!.Terapisti.map((t) => t.RifTerapista)).toEqual([centre.paola.id]);
      expect(
        (await viewer.post('/server/progetti/sostituisci', { attivita: target.id, terapista: centre.paola.id, sostituto: follows })).status,
      ).toBe(403);
    });

    it('answers [] when nobody fits', async () => {
      const target = await addActivity(
        ctx.database.db,
        { name: 'Logopedia', roomId: centre.logopedia.id, day: MON, start: '10:00', end: '10:45' },
        { therapists: [centre.paola.id, centre.stefano.id] },
      );
      expect((await admin.post('/server/progetti/sostituti', { attivita: target.id, terapista: centre.paola.id })).body).toEqual([]);
    });
  });
});
