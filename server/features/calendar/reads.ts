/** Reads of the calendar: a day, a week, and the section 7 list calls with their optional date filters. */
import { and, asc, desc, eq, gte, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type {
  Activity,
  ActivityPatientLink,
  ActivityTherapistLink,
  Room,
  TransportPatientLink,
  TransportRun,
  TransportTherapistLink,
} from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import {
  activities,
  activityPatients,
  activityTherapists,
  patients,
  rooms,
  therapists,
  transportPatients,
  transportRuns,
  transportTherapists,
} from '../../db/schema.ts';
import { toActivity, toTransportRun } from './mappers.ts';

export interface DateFilter {
  data?: string;
  datastart?: string;
  datastop?: string;
}

function dayCondition(column: typeof activities.day | typeof transportRuns.day, filter: DateFilter): SQL | undefined {
  if (filter.data) return eq(column, filter.data);
  if (filter.datastart && filter.datastop) return and(gte(column, filter.datastart), lte(column, filter.datastop));
  return undefined;
}

export async function listDayActivities(db: Db, day: string): Promise<Activity[]> {
  const rows = await db.select().from(activities).where(eq(activities.day, day)).orderBy(asc(activities.start), asc(activities.id));
  return rows.map(toActivity);
}

export async function listTransportRuns(db: Db, filter: DateFilter): Promise<TransportRun[]> {
  const rows = await db
    .select()
    .from(transportRuns)
    .where(dayCondition(transportRuns.day, filter))
    .orderBy(asc(transportRuns.day), asc(transportRuns.departure), asc(transportRuns.id));
  return rows.map(toTransportRun);
}

export async function listActivityTherapistLinks(db: Db, filter: DateFilter): Promise<ActivityTherapistLink[]> {
  const condition = dayCondition(activities.day, filter);
  const query = db
    .select({ ID: activityTherapists.id, RifAttivita: activityTherapists.activityId, RifTerapista: activityTherapists.therapistId })
    .from(activityTherapists);
  const rows = condition
    ? await query.innerJoin(activities, eq(activities.id, activityTherapists.activityId)).where(condition).orderBy(asc(activityTherapists.id))
    : await query.orderBy(asc(activityTherapists.id));
  return rows;
}

export async function listActivityPatientLinks(db: Db, filter: DateFilter): Promise<ActivityPatientLink[]> {
  const condition = dayCondition(activities.day, filter);
  const query = db
    .select({ ID: activityPatients.id, RifAttivita: activityPatients.activityId, RifPaziente: activityPatients.patientId })
    .from(activityPatients);
  const rows = condition
    ? await query.innerJoin(activities, eq(activities.id, activityPatients.activityId)).where(condition).orderBy(asc(activityPatients.id))
    : await query.orderBy(asc(activityPatients.id));
  return rows;
}

export async function listTransportTherapistLinks(db: Db, filter: DateFilter): Promise<TransportTherapistLink[]> {
  const condition = dayCondition(transportRuns.day, filter);
  const query = db
    .select({ RifUscita: transportTherapists.runId, RifTerapista: transportTherapists.therapistId })
    .from(transportTherapists);
  return condition
    ? query.innerJoin(transportRuns, eq(transportRuns.id, transportTherapists.runId)).where(condition)
    : query;
}

export async function listTransportPatientLinks(db: Db, filter: DateFilter): Promise<TransportPatientLink[]> {
  const condition = dayCondition(transportRuns.day, filter);
  const query = db.select({ RifUscita: transportPatients.runId, RifPaziente: transportPatients.patientId }).from(transportPatients);
  return condition ? query.innerJoin(transportRuns, eq(transportRuns.id, transportPatients.runId)).where(condition) : query;
}

/**
 * Every room in column order, archived ones last and marked: the calendar of
 * a past day still shows the activities of a room archived since then, and
 * new activities go only into rooms that are not archived.
 */
export async function listRooms(db: Db): Promise<Room[]> {
  return db
    .select({ ID: rooms.id, Nome: rooms.name, Archiviato: rooms.archived })
    .from(rooms)
    .orderBy(asc(rooms.archived), asc(rooms.position), asc(rooms.id));
}

export async function listPresentTherapists(db: Db) {
  return db
    .select({ ID: therapists.id, username: therapists.username })
    .from(therapists)
    .where(eq(therapists.archived, false))
    .orderBy(asc(therapists.username));
}

export async function listPresentPatients(db: Db) {
  return db
    .select({ ID: patients.id, Nome: patients.firstName, Cognome: patients.lastName, Cellulare: patients.mobile })
    .from(patients)
    .where(eq(patients.archived, false))
    .orderBy(asc(patients.lastName), asc(patients.firstName));
}

export async function getActivity(db: Db, id: number): Promise<Activity[]> {
  const rows = await db.select().from(activities).where(eq(activities.id, id));
  return rows.map(toActivity);
}

/** The activity-therapist link with that ID, with the therapist's username (Gestione Terapista shows it). */
export async function getTherapistLink(db: Db, linkId: number) {
  return db
    .select({
      ID: activityTherapists.id,
      RifAttivita: activityTherapists.activityId,
      RifTerapista: activityTherapists.therapistId,
      username: therapists.username,
    })
    .from(activityTherapists)
    .innerJoin(therapists, eq(therapists.id, activityTherapists.therapistId))
    .where(eq(activityTherapists.id, linkId));
}

/** The activity-patient link with that ID, with the patient's name (Gestione Paziente shows it). */
export async function getPatientLink(db: Db, linkId: number) {
  return db
    .select({
      ID: activityPatients.id,
      RifAttivita: activityPatients.activityId,
      RifPaziente: activityPatients.patientId,
      Nome: patients.firstName,
      Cognome: patients.lastName,
    })
    .from(activityPatients)
    .innerJoin(patients, eq(patients.id, activityPatients.patientId))
    .where(eq(activityPatients.id, linkId));
}

/** The last ordinary activity of the room that day starting before `time` (what "Incolla da precedente" copies). */
export async function getPreviousActivity(db: Db, day: string, time: string, roomId: number): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.day, day), eq(activities.roomId, roomId), lt(activities.start, time), isNull(activities.transportRunId)))
    .orderBy(desc(activities.start), desc(activities.id))
    .limit(1);
  return rows.map(toActivity);
}
