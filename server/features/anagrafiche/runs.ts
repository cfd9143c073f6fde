/** Minibus runs of a date with their passengers and staff. */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ANAGRAFICHE_MSG as M, type runFormSchema, type runUpdateSchema } from '../../../common/anagrafiche.ts';
import { weekdayOf } from '../../../common/dates.ts';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { readDayConflicts } from '../../db/day-read.ts';
import { refuseViolations } from '../../db/queries.ts';
import { activities, patients, therapists, transportPatients, transportRuns, transportTherapists } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';

type RunInput = z.output<typeof runFormSchema>;

const runValues = (input: RunInput) => ({
  route: input.Tratta,
  departure: input.Ora,
  arrival: input.OraArrivo,
  minibus: input.RifPulmino,
  day: input.Data,
});

export async function createRun(db: Db, input: RunInput) {
  const [row] = await db.insert(transportRuns).values(runValues(input)).returning({ id: transportRuns.id });
  return { insertId: row.id };
}

/** The run's activities on the calendar follow it: same date and times. */
export async function updateRun(db: Db, input: z.output<typeof runUpdateSchema>) {
  return db.transaction(async (tx) => {
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
    return { ok: true };
  });
}

/** Its passengers, staff and calendar activities go with it (ON DELETE CASCADE). */
export async function deleteRun(db: Db, id: number) {
  const deleted = await db.delete(transportRuns).where(eq(transportRuns.id, id)).returning({ id: transportRuns.id });
  if (deleted.length === 0) throw notFound(M.runNotFound);
  return { ok: true };
}

async function requireRun(db: Db, id: number) {
  const [row] = await db.select({ id: transportRuns.id, day: transportRuns.day }).from(transportRuns).where(eq(transportRuns.id, id));
  if (!row) throw notFound(M.runNotFound);
  return row;
}

/** Adding a person answers also the `conflitti` of the run's day (docs/product.md, Regole). */
export async function addPassenger(db: Db, runId: number, patientId: number) {
  const run = await requireRun(db, runId);
  const [p] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.archived, false)));
  if (!p) throw notFound(MSG.patientNotFound);
  await refuseViolations(() => db.insert(transportPatients).values({ runId, patientId }), {
    duplicate: M.passengerDuplicate,
    missing: M.runNotFound,
  });
  return { ok: true, conflitti: await readDayConflicts(db, run.day) };
}

export async function removePassenger(db: Db, runId: number, patientId: number) {
  const deleted = await db
    .delete(transportPatients)
    .where(and(eq(transportPatients.runId, runId), eq(transportPatients.patientId, patientId)))
    .returning({ runId: transportPatients.runId });
  if (deleted.length === 0) throw notFound(MSG.linkNotFound);
  return { ok: true };
}

export async function addStaff(db: Db, runId: number, therapistId: number) {
  const run = await requireRun(db, runId);
  const [t] = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(and(eq(therapists.id, therapistId), eq(therapists.archived, false)));
  if (!t) throw notFound(MSG.therapistNotFound);
  await refuseViolations(() => db.insert(transportTherapists).values({ runId, therapistId }), {
    duplicate: M.staffDuplicate,
    missing: M.runNotFound,
  });
  return { ok: true, conflitti: await readDayConflicts(db, run.day) };
}

export async function removeStaff(db: Db, runId: number, therapistId: number) {
  const deleted = await db
    .delete(transportTherapists)
    .where(and(eq(transportTherapists.runId, runId), eq(transportTherapists.therapistId, therapistId)))
    .returning({ runId: transportTherapists.runId });
  if (deleted.length === 0) throw notFound(MSG.linkNotFound);
  return { ok: true };
}
