/**
 * The progetti of an utente (issue 29, docs/api.md, Progetti): read, create, edit, close, delete. Each write runs
 * under the utente's lock (server/db/locks.ts) so that two periods of one utente never overlap, checks its
 * references (the utente, the types of the righe) with a message under their field, and appends its row to the
 * registro with the progetto as it was and as it is.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '../../../common/messages.ts';
import {
  DEFAULT_FREQUENZA,
  PROGETTI_MSG as M,
  type Finestra,
  type Progetto,
  type progettoChiudiSchema,
  type progettoFormSchema,
  type progettoUpdateSchema,
} from '../../../common/progetti.ts';
import { appendAudit, patientJson, readJson, type Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { lockPatientPlans } from '../../db/locks.ts';
import { activityTypes, carePlanRows, carePlans, patients } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/rows.ts';

type FormInput = z.output<typeof progettoFormSchema>;
type UpdateInput = z.output<typeof progettoUpdateSchema>;

/** The most progetti one utente's list answers (newest first): decades of yearly progetti. */
export const MAX_PLANS_PER_PATIENT = 200;

/** A progetto as the wire writes it, for the answers and the registro (`paziente` the utente's ID). */
const planJson = (id: number | SQL): SQL => sql`(
  select json_build_object('ID', cp.id, 'paziente', cp.patient_id, 'dal', cp.start_day::text, 'al', cp.end_day::text,
    'verifica', cp.review_day::text, 'obiettivi', cp.goals, 'frequenza', cp.attendance,
    'righe', coalesce((select json_agg(json_build_object('tipo', cr.type_id, 'sedute', cr.sessions, 'minuti', cr.minutes)
                         order by cr.position, cr.id) from care_plan_rows cr where cr.plan_id = cp.id), '[]'))
  from care_plans cp where cp.id = ${id})`;

export async function listPlans(db: Db, patientId: number): Promise<Progetto[]> {
  const result = await rowsOf<{ doc: string }>(
    db,
    sql`
    select coalesce(json_agg(${planJson(sql`p.id`)} order by p.start_day desc, p.id desc), '[]')::text as doc
    from (select id, start_day from care_plans where patient_id = ${patientId}
          order by start_day desc, id desc limit ${MAX_PLANS_PER_PATIENT}) p`,
  );
  return JSON.parse(result[0].doc) as Progetto[];
}

/** The utente exists (a 400 under `paziente` otherwise: it is a field of the form). */
async function requirePatient(tx: Db, id: number) {
  const [row] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, id));
  if (!row) throw badRequest(MSG.patientNotFound, ['paziente']);
}

/** Every type of the righe exists; an archived one only when the progetto already had it. */
async function requireTypes(tx: Db, righe: FormInput['righe'], kept: ReadonlySet<number>) {
  if (righe.length === 0) return;
  const rows = await tx
    .select({ id: activityTypes.id, archived: activityTypes.archived })
    .from(activityTypes)
    .where(
      inArray(
        activityTypes.id,
        righe.map((r) => r.tipo),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  righe.forEach((r, i) => {
    const found = byId.get(r.tipo);
    if (!found) throw badRequest(M.tipoNotFound, ['righe', i, 'tipo']);
    if (found.archived && !kept.has(r.tipo)) throw badRequest(M.tipoArchived, ['righe', i, 'tipo']);
  });
}

/** 409 when another progetto of the utente shares a day with dal–al. */
async function refuseOverlap(tx: Db, patientId: number, dal: string, al: string | null, except: number | null) {
  const [row] = await tx
    .select({ id: carePlans.id })
    .from(carePlans)
    .where(
      and(
        eq(carePlans.patientId, patientId),
        except === null ? undefined : sql`${carePlans.id} <> ${except}`,
        sql`${carePlans.startDay} <= coalesce(${al}::date, 'infinity'::date)`,
        sql`coalesce(${carePlans.endDay}, 'infinity'::date) >= ${dal}::date`,
      ),
    )
    .limit(1);
  if (row) throw conflict(M.progettiOverlap);
}

const sortedWindows = (ws: Finestra[]) =>
  [...ws].sort((a, b) => a.giorno - b.giorno).map((w) => ({ giorno: w.giorno, dalle: w.dalle, alle: w.alle }));

async function writeRows(tx: Db, planId: number, righe: FormInput['righe']) {
  await tx.delete(carePlanRows).where(eq(carePlanRows.planId, planId));
  if (righe.length === 0) return;
  await tx
    .insert(carePlanRows)
    .values(righe.map((r, i) => ({ planId, typeId: r.tipo, sessions: r.sedute, minutes: r.minuti, position: i })));
}

export async function createPlan(db: Db, by: Actor, input: FormInput) {
  return db.transaction(async (tx) => {
    await lockPatientPlans(tx, [input.paziente]);
    await requirePatient(tx, input.paziente);
    await requireTypes(tx, input.righe, new Set());
    await refuseOverlap(tx, input.paziente, input.dal, input.al, null);
    const [row] = await tx
      .insert(carePlans)
      .values({
        patientId: input.paziente,
        startDay: input.dal,
        endDay: input.al,
        reviewDay: input.verifica,
        goals: input.obiettivi,
        attendance: sortedWindows(input.frequenza ?? DEFAULT_FREQUENZA),
      })
      .returning({ id: carePlans.id });
    await writeRows(tx, row.id, input.righe);
    await appendAudit(tx, by, {
      action: 'progetto.crea',
      entity: 'progetto',
      entityId: row.id,
      patients: [input.paziente],
      after: sql`json_build_object('progetto', ${planJson(row.id)}, 'paziente', ${patientJson(input.paziente)})`,
    });
    return { insertId: row.id };
  });
}

async function requirePlan(tx: Db, id: number) {
  const [row] = await tx.select().from(carePlans).where(eq(carePlans.id, id));
  if (!row) throw notFound(M.progettoNotFound);
  return row;
}

export async function updatePlan(db: Db, by: Actor, input: UpdateInput) {
  await db.transaction(async (tx) => {
    const [seen] = await tx.select({ patientId: carePlans.patientId }).from(carePlans).where(eq(carePlans.id, input.ID));
    if (!seen) throw notFound(M.progettoNotFound);
    await lockPatientPlans(tx, [seen.patientId, input.paziente]);
    const current = await requirePlan(tx, input.ID);
    await requirePatient(tx, input.paziente);
    const kept = await tx.select({ tipo: carePlanRows.typeId }).from(carePlanRows).where(eq(carePlanRows.planId, input.ID));
    await requireTypes(tx, input.righe, new Set(kept.map((k) => k.tipo)));
    await refuseOverlap(tx, input.paziente, input.dal, input.al, input.ID);
    const before = await readJson(tx, planJson(input.ID));
    await tx
      .update(carePlans)
      .set({
        patientId: input.paziente,
        startDay: input.dal,
        endDay: input.al,
        reviewDay: input.verifica,
        goals: input.obiettivi,
        ...(input.frequenza !== undefined ? { attendance: sortedWindows(input.frequenza) } : {}),
      })
      .where(eq(carePlans.id, input.ID));
    await writeRows(tx, input.ID, input.righe);
    await appendAudit(tx, by, {
      action: 'progetto.modifica',
      entity: 'progetto',
      entityId: input.ID,
      patients: [current.patientId, input.paziente],
      before: { progetto: before },
      after: sql`json_build_object('progetto', ${planJson(input.ID)}, 'paziente', ${patientJson(input.paziente)})`,
    });
  });
  return { ok: true };
}

/** Ends the progetto on `al` (its review date moves to `al` when it fell after). */
export async function closePlan(db: Db, by: Actor, input: z.output<typeof progettoChiudiSchema>) {
  await db.transaction(async (tx) => {
    const [seen] = await tx.select({ patientId: carePlans.patientId }).from(carePlans).where(eq(carePlans.id, input.ID));
    if (!seen) throw notFound(M.progettoNotFound);
    await lockPatientPlans(tx, [seen.patientId]);
    const current = await requirePlan(tx, input.ID);
    if (input.al < current.startDay) throw badRequest(M.chiudiBeforeDal, ['al']);
    await refuseOverlap(tx, current.patientId, current.startDay, input.al, input.ID);
    const before = await readJson(tx, planJson(input.ID));
    await tx
      .update(carePlans)
      .set({ endDay: input.al, reviewDay: current.reviewDay > input.al ? input.al : current.reviewDay })
      .where(eq(carePlans.id, input.ID));
    await appendAudit(tx, by, {
      action: 'progetto.chiudi',
      entity: 'progetto',
      entityId: input.ID,
      patients: [current.patientId],
      before: { progetto: before },
      after: sql`json_build_object('progetto', ${planJson(input.ID)}, 'paziente', ${patientJson(current.patientId)})`,
    });
  });
  return { ok: true };
}

/** Only a progetto that never applied to a past day (it starts today or later): one already in course is closed instead. */
export async function deletePlan(db: Db, by: Actor, id: number, today: string) {
  await db.transaction(async (tx) => {
    const [seen] = await tx.select({ patientId: carePlans.patientId }).from(carePlans).where(eq(carePlans.id, id));
    if (!seen) throw notFound(M.progettoNotFound);
    await lockPatientPlans(tx, [seen.patientId]);
    const current = await requirePlan(tx, id);
    if (current.startDay < today) throw conflict(M.progettoInCorso);
    const before = await readJson(tx, planJson(id));
    const paziente = await readJson(tx, patientJson(current.patientId));
    await tx.delete(carePlans).where(eq(carePlans.id, id));
    await appendAudit(tx, by, {
      action: 'progetto.elimina',
      entity: 'progetto',
      entityId: id,
      patients: [current.patientId],
      before: { progetto: before, paziente },
    });
  });
  return { ok: true };
}
