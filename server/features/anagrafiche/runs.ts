/** Minibus runs of a date with their passengers and staff. Each write locks the run's day, as the calendar's writes do, and is recorded in the registro. */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ANAGRAFICHE_MSG as M, type runFormSchema, type runUpdateSchema } from '../../../common/anagrafiche.ts';
import { weekdayOf } from '../../../common/dates.ts';
import { MSG } from '../../../common/messages.ts';
import {
  appendAudit,
  auditRecord,
  patientJson,
  readJson,
  runJson,
  runPatientIds,
  runTherapistIds,
  therapistJson,
  type Actor,
} from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { readDayConflicts } from '../../db/day-read.ts';
import { lockDays, lockRunDay } from '../../db/locks.ts';
import { refuseViolations } from '../../db/queries.ts';
import { activities, patients, therapists, transportPatients, transportRuns, transportTherapists } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { TRASPORTI_MSG } from '../../../common/trasporti.ts';
import { mezzi } from '../../db/schema.ts';

type RunInput = z.output<typeof runFormSchema>;

const runValues = (input: RunInput) => ({
  route: input.Tratta,
  departure: input.Ora,
  arrival: input.OraArrivo,
  minibus: input.RifPulmino,
  day: input.Data,
});

/**
 * A run's mezzo is an active one (issue 30), else 400 under RifPulmino. Locked as a foreign key locks it, so an
 * archive waiting on it comes after the run is written (the database's own check refuses only a missing one).
 */
async function requireActiveMezzo(tx: Db, id: number): Promise<void> {
  const [m] = await tx.select({ archived: mezzi.archived }).from(mezzi).where(eq(mezzi.id, id)).for('key share');
  if (!m || m.archived) throw badRequest(TRASPORTI_MSG.mezzoInvalid, ['RifPulmino']);
}

export async function createRun(db: Db, by: Actor, input: RunInput) {
  return db.transaction(async (tx) => {
    await lockDays(tx, [input.Data]);
    await requireActiveMezzo(tx, input.RifPulmino);
    const [row] = await tx.insert(transportRuns).values(runValues(input)).returning({ id: transportRuns.id });
    await auditRecord(tx, by, { action: 'uscita.crea', entity: 'uscita', id: row.id, json: runJson, day: input.Data });
    return { insertId: row.id };
  });
}

/** The run's activities on the calendar follow it: same date and times. */
export async function updateRun(db: Db, by: Actor, input: z.output<typeof runUpdateSchema>) {
  return db.transaction(async (tx) => {
    const before = await readJson<{ data: string }>(tx, runJson(input.ID));
    if (!before) throw notFound(M.runNotFound);
    await lockDays(tx, [before.data, input.Data]);
    await requireActiveMezzo(tx, input.RifPulmino);
    const updated = await tx
      .update(transportRuns)
      .set(runValues(input))
      .where(eq(transportRuns.id, input.ID))
      .returning({ id: transportRuns.id });
    if (updated.length === 0) throw notFound(M.runNotFound);
    await tx
      .update(activities)
      .set({ day: input.Data, weekday: weekdayOf(input.Data), start: input.Ora, end: input.OraArrivo })
      .where(eq(activities.transportRunId, input.ID));
    await auditRecord(tx, by, {
      action: 'uscita.modifica',
      entity: 'uscita',
      id: input.ID,
      json: runJson,
      day: before.data,
      dayTo: before.data === input.Data ? null : input.Data,
      patients: runPatientIds(input.ID),
      therapists: runTherapistIds(input.ID),
      before,
    });
    return { ok: true };
  });
}

/** Its passengers, staff and calendar activities go with it (ON DELETE CASCADE). */
export async function deleteRun(db: Db, by: Actor, id: number) {
  await db.transaction(async (tx) => {
    const day = await lockRunDay(tx, id);
    if (day === undefined) throw notFound(M.runNotFound);
    // Read before it goes: the row keeps who was on it.
    await appendAudit(tx, by, {
      action: 'uscita.elimina',
      entity: 'uscita',
      entityId: id,
      day,
      patients: runPatientIds(id),
      therapists: runTherapistIds(id),
      before: sql`json_build_object('uscita', ${runJson(id)}, 'utenti', ${runPatientIds(id)}, 'operatori', ${runTherapistIds(id)})`,
    });
    const deleted = await tx.delete(transportRuns).where(eq(transportRuns.id, id)).returning({ id: transportRuns.id });
    if (deleted.length === 0) throw notFound(M.runNotFound);
  });
  return { ok: true };
}

async function requireRunLocked(tx: Db, id: number): Promise<string> {
  const day = await lockRunDay(tx, id);
  if (day === undefined) throw notFound(M.runNotFound);
  return day;
}

/** Adding a person answers also the `conflitti` of the run's day (docs/product.md, Regole). */
export async function addPassenger(db: Db, by: Actor, runId: number, patientId: number) {
  const day = await db.transaction(async (tx) => {
    const day = await requireRunLocked(tx, runId);
    const [p] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, patientId), eq(patients.archived, false)));
    if (!p) throw notFound(MSG.patientNotFound);
    // A new passenger goes last (issue 30): the run is locked, so no other write takes the same place.
    const position = sql<number>`(select coalesce(max(${transportPatients.position}), 0) + 1 from ${transportPatients} where ${transportPatients.runId} = ${runId})`;
    await refuseViolations(() => tx.insert(transportPatients).values({ runId, patientId, position }), {
      duplicate: M.passengerDuplicate,
      missing: M.runNotFound,
    });
    await appendAudit(tx, by, {
      action: 'uscita.passeggero.aggiungi',
      entity: 'uscita',
      entityId: runId,
      day,
      patients: [patientId],
      after: sql`json_build_object('uscita', ${runJson(runId)}, 'paziente', ${patientJson(patientId)})`,
    });
    return day;
  });
  return { ok: true, conflitti: await readDayConflicts(db, day) };
}

export async function removePassenger(db: Db, by: Actor, runId: number, patientId: number) {
  await db.transaction(async (tx) => {
    const day = await lockRunDay(tx, runId);
    const deleted = await tx
      .delete(transportPatients)
      .where(and(eq(transportPatients.runId, runId), eq(transportPatients.patientId, patientId)))
      .returning({ runId: transportPatients.runId });
    if (deleted.length === 0) throw notFound(MSG.linkNotFound);
    await appendAudit(tx, by, {
      action: 'uscita.passeggero.togli',
      entity: 'uscita',
      entityId: runId,
      day,
      patients: [patientId],
      before: sql`json_build_object('uscita', ${runJson(runId)}, 'paziente', ${patientJson(patientId)})`,
    });
  });
  return { ok: true };
}

export async function addStaff(db: Db, by: Actor, runId: number, therapistId: number) {
  const day = await db.transaction(async (tx) => {
    const day = await requireRunLocked(tx, runId);
    const [t] = await tx
      .select({ id: therapists.id })
      .from(therapists)
      .where(and(eq(therapists.id, therapistId), eq(therapists.archived, false)));
    if (!t) throw notFound(MSG.therapistNotFound);
    await refuseViolations(() => tx.insert(transportTherapists).values({ runId, therapistId }), {
      duplicate: M.staffDuplicate,
      missing: M.runNotFound,
    });
    await appendAudit(tx, by, {
      action: 'uscita.operatore.aggiungi',
      entity: 'uscita',
      entityId: runId,
      day,
      therapists: [therapistId],
      after: sql`json_build_object('uscita', ${runJson(runId)}, 'terapista', ${therapistJson(therapistId)})`,
    });
    return day;
  });
  return { ok: true, conflitti: await readDayConflicts(db, day) };
}

export async function removeStaff(db: Db, by: Actor, runId: number, therapistId: number) {
  await db.transaction(async (tx) => {
    const day = await lockRunDay(tx, runId);
    const deleted = await tx
      .delete(transportTherapists)
      .where(and(eq(transportTherapists.runId, runId), eq(transportTherapists.therapistId, therapistId)))
      .returning({ runId: transportTherapists.runId });
    if (deleted.length === 0) throw notFound(MSG.linkNotFound);
    await appendAudit(tx, by, {
      action: 'uscita.operatore.togli',
      entity: 'uscita',
      entityId: runId,
      day,
      therapists: [therapistId],
      before: sql`json_build_object('uscita', ${runJson(runId)}, 'terapista', ${therapistJson(therapistId)})`,
    });
  });
  return { ok: true };
}
