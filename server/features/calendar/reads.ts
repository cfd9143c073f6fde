/** Reads of the calendar: the rooms, an activity, the runs and the link lists with their optional date filters. */
import type { Readable } from 'node:stream';
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Activity,
  ActivityPatientLink,
  ActivityTherapistLink,
  Room,
  TransportPatientLink,
  TransportRun,
  TransportTherapistLink,
  linkFilterQuery,
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
import { jsonArrayStream, keysetPages } from '../../lib/json-array-stream.ts';
import { toActivity, toTransportRun } from './mappers.ts';

/** One date (`data`), a range (`datastart`…`datastop`), or nothing: every date. */
export type DateFilter = z.output<typeof linkFilterQuery>;

/** True when the filter names neither a day nor a range: the list of every day, which grows with the history. */
export const isUnfiltered = (filter: DateFilter) => !filter.data && !(filter.datastart && filter.datastop);

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

/*
 * The link lists. Filtered by a day or a range (at most MAX_RANGE_DAYS), they are read whole; without a filter they
 * are the links of every day of the history, so they are streamed (server/lib/json-array-stream.ts) and never held
 * in memory at once.
 */

const activityTherapistColumns = {
  ID: activityTherapists.id,
  RifAttivita: activityTherapists.activityId,
  RifTerapista: activityTherapists.therapistId,
};
const activityPatientColumns = {
  ID: activityPatients.id,
  RifAttivita: activityPatients.activityId,
  RifPaziente: activityPatients.patientId,
};
const transportTherapistColumns = { RifUscita: transportTherapists.runId, RifTerapista: transportTherapists.therapistId };
const transportPatientColumns = { RifUscita: transportPatients.runId, RifPaziente: transportPatients.patientId };

export async function listActivityTherapistLinks(db: Db, filter: DateFilter): Promise<ActivityTherapistLink[]> {
  return db
    .select(activityTherapistColumns)
    .from(activityTherapists)
    .innerJoin(activities, eq(activities.id, activityTherapists.activityId))
    .where(dayCondition(activities.day, filter))
    .orderBy(asc(activityTherapists.id));
}

export function streamActivityTherapistLinks(db: Db): Readable {
  return jsonArrayStream(
    keysetPages<ActivityTherapistLink, number>(
      (after, limit) =>
        db
          .select(activityTherapistColumns)
          .from(activityTherapists)
          .where(after === undefined ? undefined : gt(activityTherapists.id, after))
          .orderBy(asc(activityTherapists.id))
          .limit(limit),
      (row) => row.ID,
    ),
  );
}

export async function listActivityPatientLinks(db: Db, filter: DateFilter): Promise<ActivityPatientLink[]> {
  return db
    .select(activityPatientColumns)
    .from(activityPatients)
    .innerJoin(activities, eq(activities.id, activityPatients.activityId))
    .where(dayCondition(activities.day, filter))
    .orderBy(asc(activityPatients.id));
}

export function streamActivityPatientLinks(db: Db): Readable {
  return jsonArrayStream(
    keysetPages<ActivityPatientLink, number>(
      (after, limit) =>
        db
          .select(activityPatientColumns)
          .from(activityPatients)
          .where(after === undefined ? undefined : gt(activityPatients.id, after))
          .orderBy(asc(activityPatients.id))
          .limit(limit),
      (row) => row.ID,
    ),
  );
}

export async function listTransportTherapistLinks(db: Db, filter: DateFilter): Promise<TransportTherapistLink[]> {
  return db
    .select(transportTherapistColumns)
    .from(transportTherapists)
    .innerJoin(transportRuns, eq(transportRuns.id, transportTherapists.runId))
    .where(dayCondition(transportRuns.day, filter));
}

/** In the order of the table's key (run, therapist): each page one walk of the primary key. */
export function streamTransportTherapistLinks(db: Db): Readable {
  return jsonArrayStream(
    keysetPages<TransportTherapistLink, TransportTherapistLink>(
      (after, limit) =>
        db
          .select(transportTherapistColumns)
          .from(transportTherapists)
          .where(
            after === undefined
              ? undefined
              : sql`(${transportTherapists.runId}, ${transportTherapists.therapistId}) > (${after.RifUscita}, ${after.RifTerapista})`,
          )
          .orderBy(asc(transportTherapists.runId), asc(transportTherapists.therapistId))
          .limit(limit),
      (row) => row,
    ),
  );
}

export async function listTransportPatientLinks(db: Db, filter: DateFilter): Promise<TransportPatientLink[]> {
  return db
    .select(transportPatientColumns)
    .from(transportPatients)
    .innerJoin(transportRuns, eq(transportRuns.id, transportPatients.runId))
    .where(dayCondition(transportRuns.day, filter));
}

/** In the order of the table's key (run, patient). */
export function streamTransportPatientLinks(db: Db): Readable {
  return jsonArrayStream(
    keysetPages<TransportPatientLink, TransportPatientLink>(
      (after, limit) =>
        db
          .select(transportPatientColumns)
          .from(transportPatients)
          .where(
            after === undefined
              ? undefined
              : sql`(${transportPatients.runId}, ${transportPatients.patientId}) > (${after.RifUscita}, ${after.RifPaziente})`,
          )
          .orderBy(asc(transportPatients.runId), asc(transportPatients.patientId))
          .limit(limit),
      (row) => row,
    ),
  );
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
      Nome: therapists.firstName,
      Cognome: therapists.lastName,
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
