/**
 * Writes of the calendar. Each runs in one transaction that first locks the
 * day it changes and ends by appending its row to the registro (server/db/audit.ts).
 * Every write that changes a day answers also the `conflitti` of that day, read
 * after the write (a warning, never a refusal: docs/product.md, Regole).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Conflict } from '../../../common/conflicts.ts';
import { weekdayOf } from '../../../common/dates.ts';
import { MSG } from '../../../common/messages.ts';
import { PROGETTI_MSG } from '../../../common/progetti.ts';
import type { z } from 'zod';
import type { createActivitySchema, updateActivitySchema } from '../../../common/schemas.ts';
import {
  activityJson,
  activityPatientIds,
  activityTherapistIds,
  appendAudit,
  auditRecord,
  appendDayAudit,
  holdDayRows,
  patientJson,
  therapistJson,
  type Actor,
} from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { readDayConflicts } from '../../db/day-read.ts';
import { dayLockSql, lockActivityDay, lockDays } from '../../db/locks.ts';
import { copyDay } from '../../db/paste-days.ts';
import { refuseViolations } from '../../db/queries.ts';
import { activities, activityPatients, activityTherapists, activityTypes, rooms, transportRuns } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/rows.ts';

type CreateActivityInput = z.output<typeof createActivitySchema>;
type UpdateActivityInput = z.output<typeof updateActivitySchema>;

async function requireActivity(db: Db, id: number) {
  const [row] = await db.select().from(activities).where(eq(activities.id, id));
  if (!row) throw notFound(MSG.activityNotFound);
  return row;
}

/**
 * The activity's type (issue 29): -1 is none; an unknown type is refused, an archived one too unless the activity
 * already has it (an edit of an old activity keeps its type). Absent (undefined): none on creation, unchanged on update.
 */
async function typeColumn(db: Db, tipo: number | undefined, current: number | null = null): Promise<{ typeId?: number | null }> {
  if (tipo === undefined) return {};
  if (tipo === -1) return { typeId: null };
  const [row] = await db.select({ archived: activityTypes.archived }).from(activityTypes).where(eq(activityTypes.id, tipo));
  if (!row) throw badRequest(MSG.activityTypeNotFound, ['tipo']);
  if (row.archived && current !== tipo) throw badRequest(PROGETTI_MSG.tipoArchived, ['tipo']);
  return { typeId: tipo };
}

async function requireActiveRoom(db: Db, id: number) {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, id), eq(rooms.archived, false)));
  if (!row) throw badRequest(MSG.roomInvalid);
}

export async function createActivity(db: Db, by: Actor, input: CreateActivityInput): Promise<{ insertId: number; conflitti: Conflict[] }> {
  const weekday = weekdayOf(input.data);
  const insertId = await db.transaction(async (tx) => {
    await lockDays(tx, [input.data]);
    let values: typeof activities.$inferInsert;
    if (input.trasporto > 0) {
      const [run] = await tx.select().from(transportRuns).where(eq(transportRuns.id, input.trasporto));
      if (!run) throw badRequest(MSG.transportNotFound);
      if (run.day !== input.data) throw badRequest(MSG.transportOtherDay);
      values = {
        name: 'TRASPORTO',
        roomId: null,
        day: input.data,
        weekday,
        start: run.departure,
        end: run.arrival,
        transportRunId: run.id,
      };
    } else {
      await requireActiveRoom(tx, input.stanza);
      values = {
        name: input.nome.trim(),
        roomId: input.stanza,
        day: input.data,
        weekday,
        start: input.orainizio,
        end: input.orafine,
        ...(await typeColumn(tx, input.tipo)),
      };
    }
    const [row] = await tx.insert(activities).values(values).returning({ id: activities.id });
    await auditRecord(tx, by, { action: 'attivita.crea', entity: 'attivita', id: row.id, json: activityJson, day: input.data });
    return row.id;
  });
  return { insertId, conflitti: await readDayConflicts(db, input.data) };
}

export async function updateActivity(db: Db, by: Actor, input: UpdateActivityInput) {
  const version = await db.transaction(async (tx) => {
    const [seen] = await tx.select({ day: activities.day }).from(activities).where(eq(activities.id, input.attivitaId));
    if (!seen) throw notFound(MSG.activityNotFound);
    // The day it leaves and the day it goes to.
    await lockDays(tx, [seen.day, input.data]);
    const current = await requireActivity(tx, input.attivitaId);
    if (current.transportRunId !== null || input.trasporto > 0) throw conflict(MSG.transportNotEditable);
    // A past activity may stay in a room archived since; moving into an archived room is refused.
    if (input.stanza !== current.roomId) await requireActiveRoom(tx, input.stanza);
    const [before] = await rowsOf<{ attivita: unknown }>(tx, sql`select ${activityJson(input.attivitaId)} as attivita`);
    const updated = await tx
      .update(activities)
      .set({
        name: input.nome.trim(),
        roomId: input.stanza,
        day: input.data,
        weekday: weekdayOf(input.data),
        start: input.orainizio,
        end: input.orafine,
        ...(await typeColumn(tx, input.tipo, current.typeId)),
        version: sql`${activities.version} + 1`,
      })
      .where(and(eq(activities.id, input.attivitaId), sameVersion(input.versione)))
      .returning({ version: activities.version });
    if (updated.length === 0) await refuseStaleOrMissing(tx, input.attivitaId);
    await auditRecord(tx, by, {
      action: 'attivita.modifica',
      entity: 'attivita',
      id: input.attivitaId,
      json: activityJson,
      day: current.day,
      dayTo: current.day === input.data ? null : input.data,
      patients: activityPatientIds(input.attivitaId),
      therapists: activityTherapistIds(input.attivitaId),
      before: before.attivita,
    });
    return updated[0].version;
  });
  return { ok: true, versione: version, conflitti: await readDayConflicts(db, input.data) };
}

/** No version sent: the write applies whatever the version (the SPEC's clients send none). */
const sameVersion = (version: number | undefined) => (version === undefined ? undefined : eq(activities.version, version));

/** A write that matched no row: the activity is gone (404) or was changed by someone else since it was read (409). */
async function refuseStaleOrMissing(db: Db, id: number): Promise<never> {
  await requireActivity(db, id);
  throw conflict(MSG.activityStale);
}

/**
 * Its links go with it (ON DELETE CASCADE, in the same statement). The registro keeps the
 * day's rows as they were, so that Annulla can put the activity back with its ids.
 */
export async function removeActivity(db: Db, by: Actor, id: number, version?: number) {
  const operazione = await db.transaction(async (tx) => {
    const day = await lockActivityDay(tx, id);
    if (day === undefined) throw notFound(MSG.activityNotFound);
    await holdDayRows(tx, day);
    const [described] = await rowsOf<{ attivita: Record<string, unknown>; patients: number[]; therapists: number[] }>(
      tx,
      sql`select ${activityJson(id)} as attivita, ${activityPatientIds(id)} as patients, ${activityTherapistIds(id)} as therapists`,
    );
    const deleted = await tx
      .delete(activities)
      .where(and(eq(activities.id, id), sameVersion(version)))
      .returning({ id: activities.id });
    if (deleted.length === 0) await refuseStaleOrMissing(tx, id);
    return appendDayAudit(tx, by, {
      action: 'attivita.elimina',
      entity: 'attivita',
      entityId: id,
      day,
      patients: described.patients.map(Number),
      therapists: described.therapists.map(Number),
      before: { attivita: described.attivita },
    });
  });
  return { ok: true, operazione };
}

/** One row in the registro: the day's rows as they were (for Annulla) and its fingerprint after. */
export async function emptyDay(db: Db, by: Actor, day: string) {
  return db.transaction(async (tx) => {
    await lockDays(tx, [day]);
    const held = await holdDayRows(tx, day);
    const deleted = await tx
      .delete(activities)
      .where(eq(activities.day, day))
      .returning({ id: activities.id, run: activities.transportRunId });
    // The day's runs stay: the people are those of its activities.
    const operazione = await appendDayAudit(tx, by, {
      action: 'giornata.svuota',
      entity: 'giornata',
      day,
      patients: held.activityPatients,
      therapists: held.activityTherapists,
      after: {
        // The activities the user saw go: a run's TRASPORTO placement is not one of them.
        attivita: deleted.filter((row) => row.run === null).length,
        utenti: new Set(held.activityPatients).size,
        operatori: new Set(held.activityTherapists).size,
      },
    });
    return { deleted: deleted.length, operazione };
  });
}

/**
 * Incolla giornata: the target day emptied, then every activity and minibus run of the source day
 * copied onto it with their people, but those archived or absent on the target day, whom the
 * answer names (server/db/paste-days.ts). One transaction: a failure anywhere leaves the target
 * day as it was.
 */
export async function pasteDay(db: Db, by: Actor, from: string, to: string) {
  if (from === to) throw conflict(MSG.pasteSameDay);
  const { attivita, esclusi, operazione } = await db.transaction(async (tx) => {
    await lockDays(tx, [to]);
    return copyDay(tx, by, from, to);
  });
  return { pasted: attivita, esclusi, operazione, conflitti: await readDayConflicts(db, to) };
}

/**
 * "Incolla da precedente": a copy of an ordinary activity (name, room, patients,
 * therapists) on the same day at other times, in one transaction.
 */
export async function copyActivity(db: Db, by: Actor, activityId: number, start: string, end: string) {
  const { insertId, day } = await db.transaction(async (tx) => {
    if ((await lockActivityDay(tx, activityId)) === undefined) throw notFound(MSG.activityNotFound);
    const source = await requireActivity(tx, activityId);
    if (source.transportRunId !== null) throw conflict(MSG.transportNotEditable);
    const [created] = await tx
      .insert(activities)
      .values({ name: source.name, roomId: source.roomId, day: source.day, weekday: source.weekday, start, end, typeId: source.typeId })
      .returning({ id: activities.id });
    const people = await tx.select().from(activityPatients).where(eq(activityPatients.activityId, source.id));
    const staff = await tx.select().from(activityTherapists).where(eq(activityTherapists.activityId, source.id));
    if (people.length > 0)
      await tx.insert(activityPatients).values(people.map((l) => ({ activityId: created.id, patientId: l.patientId })));
    if (staff.length > 0)
      await tx.insert(activityTherapists).values(staff.map((l) => ({ activityId: created.id, therapistId: l.therapistId })));
    await appendAudit(tx, by, {
      action: 'attivita.copia',
      entity: 'attivita',
      entityId: created.id,
      day: source.day,
      patients: people.map((l) => l.patientId),
      therapists: staff.map((l) => l.therapistId),
      after: sql`json_build_object('attivita', ${activityJson(created.id)}, 'da', ${source.id}::int)`,
    });
    return { insertId: created.id, day: source.day };
  });
  return { insertId, conflitti: await readDayConflicts(db, day) };
}

/**
 * The activity's day locked, and whether the person may join it (exists, not archived), in one
 * statement: the hot path of the calendar (a coordinator adds people one by one).
 */
async function lockActivityFor(tx: Db, activityId: number, person: SQL): Promise<{ day: string; person: number | null }> {
  const result = await rowsOf<{ day: string; person: number | null }>(
    tx,
    sql`
    select a.day::text as day, ${dayLockSql(sql`a.day::text`)} as locked, (${person}) as person
    from activities a where a.id = ${activityId}`,
  );
  const [row] = result;
  if (!row) throw notFound(MSG.activityNotFound);
  return row;
}

export async function insertPatient(db: Db, by: Actor, patientId: number, activityId: number) {
  const { insertId, day } = await db.transaction(async (tx) => {
    const { day, person } = await lockActivityFor(
      tx,
      activityId,
      sql`select p.id from patients p where p.id = ${patientId} and not p.archived`,
    );
    if (person === null) throw notFound(MSG.patientNotFound);
    const [row] = await refuseViolations(
      () => tx.insert(activityPatients).values({ activityId, patientId }).returning({ id: activityPatients.id }),
      {
        duplicate: MSG.patientDuplicate,
        missing: MSG.activityNotFound, // removed by someone else in the meantime
      },
    );
    await appendAudit(tx, by, {
      action: 'paziente.aggiungi',
      entity: 'attivita',
      entityId: activityId,
      day,
      patients: [patientId],
      after: sql`json_build_object('ID', ${row.id}::int, 'paziente', ${patientJson(patientId)}, 'attivita', ${activityJson(activityId)})`,
    });
    return { insertId: row.id, day };
  });
  return { insertId, conflitti: await readDayConflicts(db, day) };
}

export async function insertTherapist(db: Db, by: Actor, therapistId: number, activityId: number) {
  const { insertId, day } = await db.transaction(async (tx) => {
    const { day, person } = await lockActivityFor(
      tx,
      activityId,
      sql`select t.id from therapists t where t.id = ${therapistId} and not t.archived`,
    );
    if (person === null) throw notFound(MSG.therapistNotFound);
    const [row] = await refuseViolations(
      () => tx.insert(activityTherapists).values({ activityId, therapistId }).returning({ id: activityTherapists.id }),
      {
        duplicate: MSG.therapistDuplicate,
        missing: MSG.activityNotFound,
      },
    );
    await appendAudit(tx, by, {
      action: 'terapista.aggiungi',
      entity: 'attivita',
      entityId: activityId,
      day,
      therapists: [therapistId],
      after: sql`json_build_object('ID', ${row.id}::int, 'terapista', ${therapistJson(therapistId)}, 'attivita', ${activityJson(activityId)})`,
    });
    return { insertId: row.id, day };
  });
  return { insertId, conflitti: await readDayConflicts(db, day) };
}

/** The duplicate checks (checkattivita, checkattivitater): an error answer (409) means the person is already there. */
export async function checkPatient(db: Db, patientId: number, activityId: number) {
  const [row] = await db
    .select({ id: activityPatients.id })
    .from(activityPatients)
    .where(and(eq(activityPatients.activityId, activityId), eq(activityPatients.patientId, patientId)));
  if (row) throw conflict(MSG.patientDuplicate);
  return { presente: false };
}

export async function checkTherapist(db: Db, therapistId: number, activityId: number) {
  const [row] = await db
    .select({ id: activityTherapists.id })
    .from(activityTherapists)
    .where(and(eq(activityTherapists.activityId, activityId), eq(activityTherapists.therapistId, therapistId)));
  if (row) throw conflict(MSG.therapistDuplicate);
  return { presente: false };
}

const LINKS = {
  patient: { table: sql`activity_patients`, person: sql`patient_id` },
  therapist: { table: sql`activity_therapists`, person: sql`therapist_id` },
};

/** The link's activity, person and day, the day locked; 404 when the link is gone. */
async function lockLink(tx: Db, kind: keyof typeof LINKS, linkId: number): Promise<{ activityId: number; personId: number; day: string }> {
  const { table, person } = LINKS[kind];
  const found = await rowsOf<{ activityId: number; personId: number; day: string }>(
    tx,
    sql`
    select l.activity_id as "activityId", l.${person} as "personId", a.day::text as day
    from ${table} l join activities a on a.id = l.activity_id where l.id = ${linkId}`,
  );
  const [link] = found;
  if (!link) throw notFound(MSG.linkNotFound);
  await lockDays(tx, [link.day]);
  return { activityId: Number(link.activityId), personId: Number(link.personId), day: link.day };
}

export async function removePatientLink(db: Db, by: Actor, linkId: number) {
  await db.transaction(async (tx) => {
    const link = await lockLink(tx, 'patient', linkId);
    const deleted = await tx.delete(activityPatients).where(eq(activityPatients.id, linkId)).returning({ id: activityPatients.id });
    if (deleted.length === 0) throw notFound(MSG.linkNotFound);
    await appendAudit(tx, by, {
      action: 'paziente.togli',
      entity: 'attivita',
      entityId: link.activityId,
      day: link.day,
      patients: [link.personId],
      before: sql`json_build_object('ID', ${linkId}::int, 'paziente', ${patientJson(link.personId)}, 'attivita', ${activityJson(link.activityId)})`,
    });
  });
  return { ok: true };
}

export async function removeTherapistLink(db: Db, by: Actor, linkId: number) {
  await db.transaction(async (tx) => {
    const link = await lockLink(tx, 'therapist', linkId);
    const deleted = await tx.delete(activityTherapists).where(eq(activityTherapists.id, linkId)).returning({ id: activityTherapists.id });
    if (deleted.length === 0) throw notFound(MSG.linkNotFound);
    await appendAudit(tx, by, {
      action: 'terapista.togli',
      entity: 'attivita',
      entityId: link.activityId,
      day: link.day,
      therapists: [link.personId],
      before: sql`json_build_object('ID', ${linkId}::int, 'terapista', ${therapistJson(link.personId)}, 'attivita', ${activityJson(link.activityId)})`,
    });
  });
  return { ok: true };
}
