/**
 * Writes of the calendar. Whole-day operations run in one transaction. Every
 * write that changes a day answers also the `conflitti` of that day, read
 * after the write (a warning, never a refusal: docs/product.md, Regole).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Conflict } from '../../../common/conflicts.ts';
import { weekdayOf } from '../../../common/dates.ts';
import { MSG } from '../../../common/messages.ts';
import type { z } from 'zod';
import type { createActivitySchema, updateActivitySchema } from '../../../common/schemas.ts';
import type { AbsenceReason, PersonKind } from '../../../common/presenze.ts';
import { patientAbsenceReason, therapistAbsenceReason } from '../../db/absence-sql.ts';
import type { Db } from '../../db/client.ts';
import { readDayConflicts } from '../../db/day-read.ts';
import { refuseViolations } from '../../db/queries.ts';
import { activities, activityPatients, activityTherapists, patients, rooms, therapists, transportRuns } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';

type CreateActivityInput = z.output<typeof createActivitySchema>;
type UpdateActivityInput = z.output<typeof updateActivitySchema>;

async function requireActivity(db: Db, id: number) {
  const [row] = await db.select().from(activities).where(eq(activities.id, id));
  if (!row) throw notFound(MSG.activityNotFound);
  return row;
}

async function requireActiveRoom(db: Db, id: number) {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, id), eq(rooms.archived, false)));
  if (!row) throw badRequest(MSG.roomInvalid);
}

export async function createActivity(db: Db, input: CreateActivityInput): Promise<{ insertId: number; conflitti: Conflict[] }> {
  const weekday = weekdayOf(input.data);
  if (input.trasporto > 0) {
    const [run] = await db.select().from(transportRuns).where(eq(transportRuns.id, input.trasporto));
    if (!run) throw badRequest(MSG.transportNotFound);
    if (run.day !== input.data) throw badRequest(MSG.transportOtherDay);
    const [row] = await db
      .insert(activities)
      .values({ name: 'TRASPORTO', roomId: null, day: input.data, weekday, start: run.departure, end: run.arrival, transportRunId: run.id })
      .returning({ id: activities.id });
    return { insertId: row.id, conflitti: await readDayConflicts(db, input.data) };
  }
  await requireActiveRoom(db, input.stanza);
  const [row] = await db
    .insert(activities)
    .values({ name: input.nome.trim(), roomId: input.stanza, day: input.data, weekday, start: input.orainizio, end: input.orafine })
    .returning({ id: activities.id });
  return { insertId: row.id, conflitti: await readDayConflicts(db, input.data) };
}

export async function updateActivity(db: Db, input: UpdateActivityInput) {
  const current = await requireActivity(db, input.attivitaId);
  if (current.transportRunId !== null || input.trasporto > 0) throw conflict(MSG.transportNotEditable);
  // A past activity may stay in a room archived since; moving into an archived room is refused.
  if (input.stanza !== current.roomId) await requireActiveRoom(db, input.stanza);
  const updated = await db
    .update(activities)
    .set({
      name: input.nome.trim(),
      roomId: input.stanza,
      day: input.data,
      weekday: weekdayOf(input.data),
      start: input.orainizio,
      end: input.orafine,
      version: sql`${activities.version} + 1`,
    })
    .where(and(eq(activities.id, input.attivitaId), sameVersion(input.versione)))
    .returning({ version: activities.version });
  if (updated.length === 0) await refuseStaleOrMissing(db, input.attivitaId);
  return { ok: true, versione: updated[0].version, conflitti: await readDayConflicts(db, input.data) };
}

/** No version sent: the write applies whatever the version (the SPEC's clients send none). */
const sameVersion = (version: number | undefined) => (version === undefined ? undefined : eq(activities.version, version));

/** A write that matched no row: the activity is gone (404) or was changed by someone else since it was read (409). */
async function refuseStaleOrMissing(db: Db, id: number): Promise<never> {
  await requireActivity(db, id);
  throw conflict(MSG.activityStale);
}

/** Its links go with it (ON DELETE CASCADE, in the same statement). */
export async function removeActivity(db: Db, id: number, version?: number) {
  const deleted = await db
    .delete(activities)
    .where(and(eq(activities.id, id), sameVersion(version)))
    .returning({ id: activities.id });
  if (deleted.length === 0) await refuseStaleOrMissing(db, id);
  return { ok: true };
}

/**
 * Whole-day writes of one date take turns: without this lock two pastes
 * running at once under READ COMMITTED could each miss the other's new rows
 * and leave a mix of both days.
 */
async function lockDay(tx: Db, day: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`giornata:${day}`}))`);
}

export async function emptyDay(db: Db, day: string) {
  const deleted = await db.transaction(async (tx) => {
    await lockDay(tx, day);
    return tx.delete(activities).where(eq(activities.day, day)).returning({ id: activities.id });
  });
  return { deleted: deleted.length };
}

/**
 * Incolla giornata: empty the target day, then recreate every ordinary
 * activity of the source day with its therapists and patients. The day's
 * minibus runs come too: the target's runs are replaced by copies
 * of the source's, with their passengers, staff and calendar placement.
 * One transaction: a failure anywhere leaves the target day as it was.
 */
/** Someone a paste left out because they are absent on the target day. */
interface PastedAbsent {
  tipo: PersonKind;
  ID: number;
  nome: string;
  motivo: AbsenceReason;
}

const notAmong = (column: SQL, ids: number[]): SQL =>
  ids.length === 0
    ? sql``
    : sql`and ${column} not in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

export async function pasteDay(db: Db, from: string, to: string) {
  if (from === to) throw conflict(MSG.pasteSameDay);
  const { pasted, esclusi } = await db.transaction(async (tx) => {
    await lockDay(tx, to);
    // People absent on the target day stay out of the copy (Presenze); the answer names them.
    const left = (await tx.execute(sql`
      select 'paziente' as tipo, p.id as "ID", p.first_name || ' ' || p.last_name as nome, absent.reason as motivo
      from patients p cross join lateral (select ${patientAbsenceReason(sql`p.id`, sql`${to}::date`)} as reason) absent
      where absent.reason is not null and p.id in (
        select ap.patient_id from activity_patients ap join activities a on a.id = ap.activity_id where a.day = ${from}::date
        union select tp.patient_id from transport_patients tp join transport_runs r on r.id = tp.run_id where r.day = ${from}::date)
      union all
      select 'terapista', t.id, t.username, absent.reason
      from therapists t cross join lateral (select ${therapistAbsenceReason(sql`t.id`, sql`${to}::date`)} as reason) absent
      where absent.reason is not null and t.id in (
        select at.therapist_id from activity_therapists at join activities a on a.id = at.activity_id where a.day = ${from}::date
        union select tt.therapist_id from transport_therapists tt join transport_runs r on r.id = tt.run_id where r.day = ${from}::date)
      order by 1, 3
    `)) as unknown as { rows: PastedAbsent[] };
    const skipPatients = left.rows.filter((r) => r.tipo === 'paziente').map((r) => Number(r.ID));
    const skipTherapists = left.rows.filter((r) => r.tipo === 'terapista').map((r) => Number(r.ID));
    const keepPatient = (column: SQL) => notAmong(column, skipPatients);
    const keepTherapist = (column: SQL) => notAmong(column, skipTherapists);
    await tx.delete(activities).where(eq(activities.day, to));
    await tx.delete(transportRuns).where(eq(transportRuns.day, to));
    // One statement copies the runs, the activities and every link: each source row draws its
    // new id from the sequence first, so links are remapped by a join, with no data sent to
    // the server and back (a paste of 60 activities was 8 round trips and 600 parameters).
    const result = (await tx.execute(sql`
      with run_map as (
        select r.*, nextval(pg_get_serial_sequence('transport_runs', 'id')) as new_id
        from transport_runs r where r.day = ${from}::date
      ),
      new_runs as (
        insert into transport_runs (id, route, departure, arrival, minibus, day)
        select new_id, route, departure, arrival, minibus, ${to}::date from run_map
      ),
      new_riders as (
        insert into transport_patients (run_id, patient_id)
        select m.new_id, tp.patient_id from transport_patients tp join run_map m on m.id = tp.run_id
        where true ${keepPatient(sql`tp.patient_id`)}
      ),
      new_staff as (
        insert into transport_therapists (run_id, therapist_id)
        select m.new_id, tt.therapist_id from transport_therapists tt join run_map m on m.id = tt.run_id
        where true ${keepTherapist(sql`tt.therapist_id`)}
      ),
      activity_map as (
        select a.*, nextval(pg_get_serial_sequence('activities', 'id')) as new_id
        from activities a where a.day = ${from}::date
      ),
      new_activities as (
        insert into activities (id, name, room_id, day, weekday, start, "end", transport_run_id)
        select a.new_id, a.name, a.room_id, ${to}::date, ${weekdayOf(to)}, a.start, a."end", m.new_id
        from activity_map a left join run_map m on m.id = a.transport_run_id
      ),
      new_people as (
        insert into activity_patients (activity_id, patient_id)
        select a.new_id, ap.patient_id from activity_patients ap join activity_map a on a.id = ap.activity_id
        where true ${keepPatient(sql`ap.patient_id`)}
      ),
      new_therapists as (
        insert into activity_therapists (activity_id, therapist_id)
        select a.new_id, at.therapist_id from activity_therapists at join activity_map a on a.id = at.activity_id
        where true ${keepTherapist(sql`at.therapist_id`)}
      )
      select count(*) filter (where transport_run_id is null)::int as pasted from activity_map
    `)) as unknown as { rows: { pasted: number }[] };
    const esclusi = left.rows.map((r) => ({ tipo: r.tipo, ID: Number(r.ID), nome: r.nome, motivo: r.motivo }));
    return { pasted: Number(result.rows[0].pasted), esclusi };
  });
  return { pasted, esclusi, conflitti: await readDayConflicts(db, to) };
}

/**
 * "Incolla da precedente": a copy of an ordinary activity (name, room, patients,
 * therapists) on the same day at other times, in one transaction.
 */
export async function copyActivity(db: Db, activityId: number, start: string, end: string) {
  const source = await requireActivity(db, activityId);
  if (source.transportRunId !== null) throw conflict(MSG.transportNotEditable);
  const insertId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(activities)
      .values({ name: source.name, roomId: source.roomId, day: source.day, weekday: source.weekday, start, end })
      .returning({ id: activities.id });
    const people = await tx.select().from(activityPatients).where(eq(activityPatients.activityId, source.id));
    const staff = await tx.select().from(activityTherapists).where(eq(activityTherapists.activityId, source.id));
    if (people.length > 0)
      await tx.insert(activityPatients).values(people.map((l) => ({ activityId: created.id, patientId: l.patientId })));
    if (staff.length > 0)
      await tx.insert(activityTherapists).values(staff.map((l) => ({ activityId: created.id, therapistId: l.therapistId })));
    return created.id;
  });
  return { insertId, conflitti: await readDayConflicts(db, source.day) };
}

export async function insertPatient(db: Db, patientId: number, activityId: number) {
  const activity = await requireActivity(db, activityId);
  const [patient] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.archived, false)));
  if (!patient) throw notFound(MSG.patientNotFound);
  const [row] = await refuseViolations(
    () => db.insert(activityPatients).values({ activityId, patientId }).returning({ id: activityPatients.id }),
    {
      duplicate: MSG.patientDuplicate,
      missing: MSG.activityNotFound, // removed by someone else in the meantime
    },
  );
  return { insertId: row.id, conflitti: await readDayConflicts(db, activity.day) };
}

export async function insertTherapist(db: Db, therapistId: number, activityId: number) {
  const activity = await requireActivity(db, activityId);
  const [therapist] = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(and(eq(therapists.id, therapistId), eq(therapists.archived, false)));
  if (!therapist) throw notFound(MSG.therapistNotFound);
  const [row] = await refuseViolations(
    () => db.insert(activityTherapists).values({ activityId, therapistId }).returning({ id: activityTherapists.id }),
    {
      duplicate: MSG.therapistDuplicate,
      missing: MSG.activityNotFound,
    },
  );
  return { insertId: row.id, conflitti: await readDayConflicts(db, activity.day) };
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

export async function removePatientLink(db: Db, linkId: number) {
  const deleted = await db.delete(activityPatients).where(eq(activityPatients.id, linkId)).returning({ id: activityPatients.id });
  if (deleted.length === 0) throw notFound(MSG.linkNotFound);
  return { ok: true };
}

export async function removeTherapistLink(db: Db, linkId: number) {
  const deleted = await db.delete(activityTherapists).where(eq(activityTherapists.id, linkId)).returning({ id: activityTherapists.id });
  if (deleted.length === 0) throw notFound(MSG.linkNotFound);
  return { ok: true };
}
