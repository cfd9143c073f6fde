/**
 * Issue 31 on the server: proposals on small hand-built centres whose optimum is known (everything covered; a need no
 * operatore's profile gives; an utente absent all week; a group type that gathers three utenti; rooms each for one
 * type), the reasons of what stays uncovered, applica (exactly the diff, no conflict after it) and Annulla (the week as
 * it was), the 409s, the 403s of a consultazione account, and a 4× centre with one second.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import { PIANIFICATORE_MSG as M, type Proposta } from '../../../common/pianificatore.ts';
import type { RoomRecord } from '../../../common/anagrafiche.ts';
import type { Db } from '../../db/client.ts';
import { absences, activityTypes, carePlanRows, carePlans, rooms, therapists } from '../../db/schema.ts';
import { addActivity, addRun, seedCentre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf } from '../../test/harness.ts';
import { createProposal } from './service.ts';
import { syntheticCentre } from './synthetic.ts';

const MON = '2026-11-30';
const SUN = '2026-12-06';
const WEEK = [
  { giorno: 1, dalle: '09:00', alle: '16:00' },
  { giorno: 2, dalle: '09:00', alle: '16:00' },
  { giorno: 3, dalle: '09:00', alle: '16:00' },
  { giorno: 4, dalle: '09:00', alle: '16:00' },
  { giorno: 5, dalle: '09:00', alle: '16:00' },
];

type Rows<T> = { rows: T[] };

describeOnBothDatabases('pianificatore', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;
  let centre: Awaited<ReturnType<typeof seedCentre>>;
  let db: Db;

  beforeEach(async () => {
    db = ctx.database.db;
    centre = await seedCentre(db);
    admin = await new TestClient(ctx.app).login(ADMIN);
    viewer = await new TestClient(ctx.app).login(VIEWER);
  });

  const type = async (name: string, profile: string | null, participants = 1, minutes = 45) =>
    (await db.insert(activityTypes).values({ name, profile, participants, minutes }).returning())[0].id;
  const progetto = async (patientId: number, righe: { tipo: number; sedute: number; minuti: number }[]) => {
    const [p] = await db
      .insert(carePlans)
      .values({ patientId, startDay: '2026-09-01', reviewDay: '2026-12-31', attendance: WEEK })
      .returning();
    if (righe.length > 0) {
      await db
        .insert(carePlanRows)
        .values(righe.map((r, position) => ({ planId: p.id, typeId: r.tipo, sessions: r.sedute, minutes: r.minuti, position })));
    }
  };
  const profile = async (id: number, p: string, hours = 30) =>
    db.execute(sql`update therapists set profile = ${p}, weekly_minutes = ${hours * 60} where id = ${id}`);
  const roomFor = async (id: number, tipi: number[], capienza: number | null = null) =>
    db.execute(sql`update rooms set type_ids = ${`{${tipi.join(',')}}`}::int[], capacity = ${capienza} where id = ${id}`);
  const propose = async (body: Record<string, unknown> = {}, client = admin) =>
    client.post<{ ID: number }>('/server/pianificatore/proposte', { settimana: MON, modo: 'completa', secondi: 10, ...body });
  const waitReady = async (id: number): Promise<Proposta> => {
    for (let i = 0; i < 300; i++) {
      const res = await admin.get<Proposta>(`/server/pianificatore/proposte/${id}`);
      expect(res.status).toBe(200);
      if (res.body.stato !== 'in_corso') return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the proposal never ended');
  };
  const newPatient = async (first: string, last: string) =>
    Number(
      (
        (await db.execute(sql`insert into patients (first_name, last_name) values (${first}, ${last}) returning id`)) as unknown as Rows<{
          id: number;
        }>
      ).rows[0].id,
    );
  const count = async (table: string) =>
    ((await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as Rows<{ n: number }>).rows[0].n;
  const weekRows = async () =>
    (
      (await db.execute(sql`
        select a.id, a.day::text, a.start::text, a.room_id, a.type_id,
          array(select patient_id from activity_patients where activity_id = a.id order by 1) as p,
          array(select therapist_id from activity_therapists where activity_id = a.id order by 1) as t
        from activities a where a.day between ${MON}::date and ${SUN}::date order by a.id`)) as unknown as Rows<Record<string, unknown>>
    ).rows;
  const conflicts = async () =>
    (await admin.post<{ giorni: unknown[]; settimane: unknown[] }>('/server/calendario/conflitti', { datastart: MON, datastop: SUN })).body;

  /** Mario and Lucia need 2 sessions of Logopedia each; Paola is the logopedista; the Logopedia room only for it. */
  const smallCentre = async () => {
    const logo = await type('Logopedia individuale', 'logopedista');
    await profile(centre.paola.id, 'logopedista');
    await profile(centre.stefano.id, 'fisioterapista');
    await roomFor(centre.logopedia.id, [logo], 1);
    await progetto(centre.mario.id, [{ tipo: logo, sedute: 2, minuti: 45 }]);
    await progetto(centre.lucia.id, [{ tipo: logo, sedute: 2, minuti: 45 }]);
    return { logo };
  };

  it('covers everything when it can, applies exactly the diff with no conflict, and Annulla puts the week back', async () => {
    const { logo } = await smallCentre();
    const created = await propose();
    expect(created.status).toBe(202);
    const p = await waitReady(created.body.ID);
    expect(p).toMatchObject({ stato: 'pronta', settimana: MON, modo: 'completa', avanzamento: 1, rimosse: [], nonCoperte: [] });
    expect(p.copertura).toEqual({ prima: 0, dopo: 1, limite: 1 });
    expect(p.aggiunte).toHaveLength(4);
    for (const a of p.aggiunte) {
      expect(a).toMatchObject({ tipo: logo, nome: 'Logopedia individuale', stanza: centre.logopedia.id, terapisti: [centre.paola.id] });
    }
    // Two sessions of one utente fall on two days.
    for (const who of [centre.mario.id, centre.lucia.id]) {
      expect(new Set(p.aggiunte.filter((a) => a.pazienti.includes(who)).map((a) => a.data)).size).toBe(2);
    }
    const before = await weekRows();
    const applied = await admin.post<{ ok: boolean; operazione: number; scritte: number }>(
      `/server/pianificatore/proposte/${p.ID}/applica`,
    );
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ ok: true, scritte: 4 });
    const after = await weekRows();
    expect(after).toHaveLength(4);
    expect(after.map((r) => [r.day, String(r.start).slice(0, 5), r.room_id, r.type_id, r.p, r.t]).sort()).toEqual(
      p.aggiunte.map((a) => [a.data, a.inizio, a.stanza, a.tipo, a.pazienti, a.terapisti]).sort(),
    );
    expect(await conflicts()).toEqual({ giorni: [], settimane: [] });
    expect((await admin.get<Proposta>(`/server/pianificatore/proposte/${p.ID}`)).body.stato).toBe('applicata');
    const again = await admin.post(`/server/pianificatore/proposte/${p.ID}/applica`);
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toBe(M.alreadyApplied);
    const undo = await admin.post('/server/calendario/annulla', { operazione: applied.body.operazione });
    expect(undo.status).toBe(200);
    expect(await weekRows()).toEqual(before);
  });

  it('explains what cannot be covered: no profile, absent all week; gathers a group; keeps each type in its room', async () => {
    const { logo } = await smallCentre();
    const psico = await type('Colloquio psicologico', 'psicologo');
    const motoria = await type('Motoria di gruppo', 'fisioterapista', 3, 90);
    await roomFor(centre.palestra.id, [motoria], 6);
    const ugoId = await newPatient('Ugo', 'Verdi');
    await progetto(ugoId, [{ tipo: motoria, sedute: 1, minuti: 90 }]);
    await db.execute(sql`delete from care_plans where patient_id = ${centre.mario.id}`);
    await progetto(centre.mario.id, [
      { tipo: logo, sedute: 2, minuti: 45 },
      { tipo: psico, sedute: 1, minuti: 45 },
      { tipo: motoria, sedute: 1, minuti: 90 },
    ]);
    const annaId = await newPatient('Anna', 'Neri');
    await progetto(annaId, [{ tipo: motoria, sedute: 1, minuti: 90 }]);
    // Lucia is away the whole week.
    await db.insert(absences).values({ patientId: centre.lucia.id, startDay: MON, endDay: SUN, reason: 'malattia' });
    const p = await waitReady((await propose()).body.ID);
    expect(p.stato).toBe('pronta');
    const group = p.aggiunte.filter((a) => a.tipo === motoria);
    expect(group).toHaveLength(1);
    expect(group[0]).toMatchObject({ stanza: centre.palestra.id, terapisti: [centre.stefano.id] });
    expect(group[0].pazienti).toEqual([centre.mario.id, ugoId, annaId].sort((a, b) => a - b));
    for (const a of p.aggiunte.filter((x) => x.tipo === logo)) expect(a.stanza).toBe(centre.logopedia.id);
    expect(p.nonCoperte).toEqual([
      {
        paziente: centre.mario.id,
        tipo: psico,
        mancano: 1,
        motivo: 'nessun_profilo',
        spiegazione: 'Manca 1 seduta di Colloquio psicologico a Mario Rossi: nessuno psicologo tra gli operatori del centro',
      },
      {
        paziente: centre.lucia.id,
        tipo: logo,
        mancano: 2,
        motivo: 'assente',
        spiegazione: 'Mancano 2 sedute di Logopedia individuale a Lucia Bianchi: è assente nei giorni in cui frequenta il centro',
      },
    ]);
    // Required: Mario 90 + 45 + 90, Ugo 90, Anna 90, Lucia 90 = 495; covered: 495 − 45 − 90.
    expect(p.copertura.dopo).toBeCloseTo(360 / 495, 3);
    expect(p.copertura.limite).toBeCloseTo(360 / 495, 3);
    const applied = await admin.post<{ operazione: number }>(`/server/pianificatore/proposte/${p.ID}/applica`);
    expect(applied.status).toBe(200);
    expect(await conflicts()).toEqual({ giorni: [], settimane: [] });
  });

  it('plans around the minibus: between the andata’s arrival and the ritorno’s departure, never with the staff on board; no conflict after it, the runs’ included', async () => {
    await smallCentre();
    // Every weekday Paola drives Mario and Lucia in (08:30–09:45) and home (12:00–13:00): their frequenza says 09:00–16:00,
    // the runs leave 09:45–12:00 of it, and Paola is on board while the runs go.
    for (const day of ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']) {
      const riders = { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] };
      await addRun(db, { route: 'Andata Fano', departure: '08:30', arrival: '09:45', minibus: 1, day }, riders);
      await addRun(db, { route: 'Ritorno Fano', departure: '12:00', arrival: '13:00', minibus: 1, day }, riders);
    }
    expect(await conflicts()).toEqual({ giorni: [], settimane: [] });

    const p = await waitReady((await propose()).body.ID);
    expect(p).toMatchObject({ stato: 'pronta', nonCoperte: [] });
    expect(p.aggiunte).toHaveLength(4);
    for (const a of p.aggiunte) {
      expect(a.inizio >= '09:45' && a.fine <= '12:00', `${a.data} ${a.inizio}–${a.fine}`).toBe(true);
    }
    const applied = await admin.post(`/server/pianificatore/proposte/${p.ID}/applica`);
    expect(applied.status).toBe(200);
    // Every kind over the week: people, rooms, absences, the progetti's and the fleet's (posti, carrozzina, mezzo, autista).
    expect(await conflicts()).toEqual({ giorni: [], settimane: [] });
  });

  it('refuses a change of the week after the proposal, a second proposal while one is prepared, and bad weeks', async () => {
    await smallCentre();
    const p = await waitReady((await propose()).body.ID);
    await addActivity(db, { name: 'Pranzo', roomId: centre.palestra.id, day: '2026-12-01', start: '12:00', end: '13:00' });
    const activitiesBefore = await count('activities');
    const stale = await admin.post(`/server/pianificatore/proposte/${p.ID}/applica`);
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body)).toBe(M.weekChanged);
    expect(codeOf(stale.body)).toBe(ERROR_CODES.weekChanged);
    expect(await count('activities')).toBe(activitiesBefore);

    // Another process holds the one place (its row in preparation).
    await db.execute(
      sql`insert into planner_proposals (week, mode, seconds, fingerprints) values (${MON}::date, 'completa', 10, '{}'::jsonb)`,
    );
    const busy = await propose();
    expect(busy.status).toBe(409);
    expect(errorOf(busy.body)).toBe(M.busy);
    expect(codeOf(busy.body)).toBe(ERROR_CODES.proposalBusy);
    await db.execute(sql`delete from planner_proposals where state = 'in_corso'`);

    const tuesday = await propose({ settimana: '2026-12-01' });
    expect(tuesday.status).toBe(400);
    // Before any progetto began.
    const empty = await propose({ settimana: '2026-08-24' });
    expect(empty.status).toBe(400);
    expect(errorOf(empty.body)).toBe(M.noProgetti);
    expect(codeOf(empty.body)).toBe(ERROR_CODES.noProgetti);
  });

  it('answers 403 to a consultazione account on every call', async () => {
    await smallCentre();
    const p = await waitReady((await propose()).body.ID);
    for (const res of [
      await propose({}, viewer),
      await viewer.get(`/server/pianificatore/proposte/${p.ID}`),
      await viewer.post(`/server/pianificatore/proposte/${p.ID}/applica`),
      await viewer.post(`/server/pianificatore/proposte/${p.ID}/scarta`),
    ]) {
      expect(res.status).toBe(403);
      expect(codeOf(res.body)).toBe(ERROR_CODES.adminOnly);
    }
    const discarded = await admin.post(`/server/pianificatore/proposte/${p.ID}/scarta`);
    expect(discarded.body).toEqual({ ok: true });
    expect((await admin.post(`/server/pianificatore/proposte/${p.ID}/applica`)).status).toBe(409);
    expect((await admin.get('/server/pianificatore/proposte/999999')).status).toBe(404);
  });

  it('stores rooms’ capienza and tipi', async () => {
    const logo = await type('Logopedia individuale', 'logopedista');
    const res = await admin.post('/server/anagrafiche/stanze/update', {
      ID: centre.logopedia.id,
      Nome: 'Logopedia',
      capienza: 2,
      tipi: [logo],
    });
    expect(res.status).toBe(200);
    const list = await admin.get<RoomRecord[]>('/server/anagrafiche/stanze?archiviati=0');
    expect(list.body.find((r) => r.ID === centre.logopedia.id)).toMatchObject({ capienza: 2, tipi: [logo] });
    expect(
      (await admin.post('/server/anagrafiche/stanze/update', { ID: centre.logopedia.id, Nome: 'Logopedia', capienza: 51 })).status,
    ).toBe(400);
    expect(
      (await admin.post('/server/anagrafiche/stanze/update', { ID: centre.logopedia.id, Nome: 'Logopedia', tipi: [99999] })).status,
    ).toBe(400);
    const renamed = await admin.post('/server/anagrafiche/stanze/update', { ID: centre.logopedia.id, Nome: 'Sala logopedia' });
    expect(renamed.status).toBe(200);
    expect(
      (await admin.get<RoomRecord[]>('/server/anagrafiche/stanze?archiviati=0')).body.find((r) => r.ID === centre.logopedia.id),
    ).toMatchObject({
      capienza: 2,
      tipi: [logo],
    });
  });

  it('keeps its own limit: a solver that overruns it is ended, and the proposal holds the best plan it had reported', async () => {
    await smallCentre();
    const { rows } = (await db.execute(sql`select id, username from users where username = ${ADMIN.username}`)) as unknown as Rows<{
      id: number;
      username: string;
    }>;
    // The worker reports its greedy plan, then stalls for a minute as HiGHS once did past its limit.
    const { ID } = await createProposal(
      db,
      { ID: rows[0].id, username: rows[0].username },
      { settimana: MON, modo: 'completa', secondi: 1 },
      { bloccaMs: 60_000 },
    );
    const p = await waitReady(ID);
    expect(p.stato).toBe('pronta');
    // The greedy plan covers this small week whole; with no bound proven, the limit is the whole week.
    expect(p.copertura).toEqual({ prima: 0, dopo: 1, limite: 1 });
    expect(p.aggiunte).toHaveLength(4);
    // Ended at 1 s + the 2 s of grace, not after the stall (the worker's start and the machine's load allowed for).
    expect(p.secondi).toBeLessThan(10);
  });

  describe('a 4× centre', () => {
    it('with one second answers its best so far or a clear error, never a 500', async () => {
      await seedSynthetic(db, 4);
      const created = await propose({ secondi: 1 });
      expect(created.status).toBe(202);
      const p = await waitReady(created.body.ID);
      expect(['pronta', 'errore']).toContain(p.stato);
      if (p.stato === 'errore') expect(p.errore).toMatch(/\S/);
      else expect(p.copertura.dopo).toBeLessThanOrEqual(p.copertura.limite);
    });
  });
});

/** The synthetic centre of the bench written into the database (types, operatori, rooms, utenti with their progetti). */
export async function seedSynthetic(db: Db, scale: number) {
  const input = syntheticCentre(scale);
  const typeIds = new Map<number, number>();
  for (const t of input.tipi) {
    const [row] = await db
      .insert(activityTypes)
      .values({ name: `${t.nome} ${scale}`, profile: t.profilo, participants: t.partecipanti, minutes: 45 })
      .returning();
    typeIds.set(t.id, row.id);
  }
  await db
    .insert(therapists)
    .values(input.operatori.map((o) => ({ username: `${o.nome}.s${scale}`, profile: o.profilo, weeklyMinutes: o.minutiContratto })));
  await db.insert(rooms).values(
    input.stanze.map((r, i) => ({
      name: `Stanza ${scale}.${i + 1}`,
      position: 10 + i,
      capacity: r.capienza,
      typeIds: r.tipi.map((t) => typeIds.get(t)!),
    })),
  );
  for (const p of input.pazienti) {
    const {
      rows: [row],
    } = (await db.execute(
      sql`insert into patients (first_name, last_name) values ('Utente', ${`S${scale}-${p.id}`}) returning id`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const patientId = Number(row.id);
    const attendance = p.finestre.flatMap((w, d) => (w === null ? [] : [{ giorno: d + 1, dalle: '09:00', alle: '15:30' }]));
    const [plan] = await db
      .insert(carePlans)
      .values({ patientId, startDay: '2026-09-01', reviewDay: '2026-12-31', attendance })
      .returning();
    await db
      .insert(carePlanRows)
      .values(
        p.righe.map((r, position) => ({ planId: plan.id, typeId: typeIds.get(r.tipo)!, sessions: r.sedute, minutes: r.minuti, position })),
      );
  }
}
