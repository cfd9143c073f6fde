/**
 * A person's agenda (docs/product.md, Agenda personale): the activities and minibus runs of one
 * patient or therapist over a range of days, in time order. A patient's agenda never names
 * other patients; a therapist's lists the patients of each slot. Archived people keep their
 * history. TRASPORTO activities are left out: the run they place is listed itself.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import { and, asc, eq, gte, inArray, isNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Agenda, AgendaItem, AgendaPerson, PersonKind } from '../../../common/agenda.ts';
import { AGENDA_MSG } from '../../../common/agenda.ts';
import { toHourMinute } from '../../../common/dates.ts';
import type { MezzoColore } from '../../../common/transport-conflicts.ts';
import type { AbsenceReason } from '../../../common/presenze.ts';
import { patientAbsenceReason, therapistAbsenceReason } from '../../db/absence-sql.ts';
import { operatoreLabel } from '../../../common/people.ts';
import type { Db } from '../../db/client.ts';
import {
  activities,
  activityPatients,
  activityTherapists,
  mezzi,
  patients,
  rooms,
  therapists,
  transportPatients,
  transportRuns,
  transportTherapists,
} from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';

/** A slot's people, by the slot's id. */
type PeopleBySlot = Map<number, AgendaPerson[]>;

const patientColumns = { ID: patients.id, nome: patients.firstName, cognome: patients.lastName, archiviato: patients.archived };
const therapistColumns = {
  ID: therapists.id,
  username: therapists.username,
  Nome: therapists.firstName,
  Cognome: therapists.lastName,
  archiviato: therapists.archived,
};
/** A therapist as the agenda names people: "Laura Fontana" where set, else the username, all in `nome`. */
const asPerson = (r: { ID: number; username: string; Nome: string; Cognome: string; archiviato: boolean }) => ({
  ID: r.ID,
  nome: operatoreLabel(r),
  cognome: '',
  archiviato: r.archiviato,
});

/**
 * Why the person is absent on the slot's day, or null (server/db/absence-sql.ts: the rule the day's
 * grid and the roll call follow). One index-backed subquery per row of the same query: no extra round trip.
 */
const patientAbsent = (patientId: SQL | AnyColumn, day: AnyColumn) =>
  sql<AbsenceReason | null>`${patientAbsenceReason(sql`${patientId}`, sql`${day}`)}`;
const therapistAbsent = (therapistId: SQL | AnyColumn, day: AnyColumn) =>
  sql<AbsenceReason | null>`${therapistAbsenceReason(sql`${therapistId}`, sql`${day}`)}`;

/** `"assente": true, "motivo"` on a person or a voce absent that day; nothing when present. */
const absentMark = (motivo: AbsenceReason | null) => (motivo ? { assente: true as const, motivo } : {});

type PersonRow = Omit<AgendaPerson, 'assente' | 'motivo'> & { slot: number; motivo: AbsenceReason | null };

function group(rows: PersonRow[]): PeopleBySlot {
  const map: PeopleBySlot = new Map();
  for (const { slot, ID, nome, cognome, archiviato, motivo } of rows) {
    const list = map.get(slot) ?? [];
    list.push({ ID, nome, cognome, archiviato, ...absentMark(motivo) });
    map.set(slot, list);
  }
  return map;
}

const byName = (a: AgendaPerson, b: AgendaPerson) =>
  a.cognome.localeCompare(b.cognome, 'it') || a.nome.localeCompare(b.nome, 'it') || a.ID - b.ID;

/** An activity or a run, with the tables that link it to its therapists and its patients. */
const ACTIVITY_SLOT = {
  table: activities,
  id: activities.id,
  day: activities.day,
  therapists: { table: activityTherapists, slot: activityTherapists.activityId, person: activityTherapists.therapistId },
  patients: { table: activityPatients, slot: activityPatients.activityId, person: activityPatients.patientId },
};
const RUN_SLOT = {
  table: transportRuns,
  id: transportRuns.id,
  day: transportRuns.day,
  therapists: { table: transportTherapists, slot: transportTherapists.runId, person: transportTherapists.therapistId },
  patients: { table: transportPatients, slot: transportPatients.runId, person: transportPatients.patientId },
};
type Slot = typeof ACTIVITY_SLOT | typeof RUN_SLOT;
const NONE = Promise.resolve(new Map() as PeopleBySlot);

/** The rows of the slots `ids` joined through one of their links to its people, each with why absent on the slot's day. */
function linkedRows<C extends Record<string, PgColumn>>(
  db: Db,
  slot: Slot,
  link: Slot['therapists'] | Slot['patients'],
  people: typeof therapists | typeof patients,
  columns: C,
  motivo: SQL<AbsenceReason | null>,
  ids: number[],
) {
  return db
    .select({ slot: link.slot, ...columns, motivo })
    .from(link.table)
    .innerJoin(slot.table, eq(slot.id, link.slot))
    .innerJoin(people, eq(people.id, link.person))
    .where(inArray(link.slot, ids));
}

/** The therapists of the slots `ids`, by slot, each with why they are absent on the slot's day. */
const therapistsOf = (db: Db, slot: Slot, ids: number[]) =>
  ids.length === 0
    ? NONE
    : linkedRows(db, slot, slot.therapists, therapists, therapistColumns, therapistAbsent(therapists.id, slot.day), ids).then((rows) =>
        group(rows.map((r) => ({ slot: r.slot, motivo: r.motivo, ...asPerson(r) }))),
      );

/** The patients of the slots `ids`, by slot, the same way. */
const patientsOf = (db: Db, slot: Slot, ids: number[]) =>
  ids.length === 0
    ? NONE
    : linkedRows(db, slot, slot.patients, patients, patientColumns, patientAbsent(patients.id, slot.day), ids).then(group);

export async function readPerson(db: Db, kind: PersonKind, id: number): Promise<AgendaPerson | null> {
  if (kind === 'paziente') {
    const [row] = await db.select(patientColumns).from(patients).where(eq(patients.id, id));
    return row ?? null;
  }
  const [row] = await db.select(therapistColumns).from(therapists).where(eq(therapists.id, id));
  return row ? asPerson(row) : null;
}

/** Ordered by data, inizio, fine, nome (then kind and id, so that equal slots keep one order). */
export function compareItems(a: AgendaItem, b: AgendaItem): number {
  return (
    a.data.localeCompare(b.data) ||
    a.inizio.localeCompare(b.inizio) ||
    a.fine.localeCompare(b.fine) ||
    a.nome.localeCompare(b.nome, 'it') ||
    a.tipo.localeCompare(b.tipo) ||
    a.ID - b.ID
  );
}

/** The person's slots from `start` to `stop` (both included; the caller bounds the range). */
export async function readAgendaItems(db: Db, kind: PersonKind, id: number, start: string, stop: string): Promise<AgendaItem[]> {
  const isPatient = kind === 'paziente';
  const activityLink = isPatient
    ? { table: activityPatients, person: activityPatients.patientId, activity: activityPatients.activityId }
    : { table: activityTherapists, person: activityTherapists.therapistId, activity: activityTherapists.activityId };
  const runLink = isPatient
    ? { table: transportPatients, person: transportPatients.patientId, run: transportPatients.runId }
    : { table: transportTherapists, person: transportTherapists.therapistId, run: transportTherapists.runId };
  const ownAbsence = (day: AnyColumn) => (isPatient ? patientAbsent(sql`${id}::int`, day) : therapistAbsent(sql`${id}::int`, day));

  const [activityRows, runRows] = await Promise.all([
    db
      .select({
        ID: activities.id,
        data: activities.day,
        start: activities.start,
        end: activities.end,
        nome: activities.name,
        stanza: rooms.name,
        motivo: ownAbsence(activities.day),
      })
      .from(activityLink.table)
      .innerJoin(activities, eq(activities.id, activityLink.activity))
      .leftJoin(rooms, eq(rooms.id, activities.roomId))
      .where(and(eq(activityLink.person, id), gte(activities.day, start), lte(activities.day, stop), isNull(activities.transportRunId)))
      .orderBy(asc(activities.day), asc(activities.start)),
    db
      .select({
        ID: transportRuns.id,
        data: transportRuns.day,
        start: transportRuns.departure,
        end: transportRuns.arrival,
        nome: transportRuns.route,
        mezzo: mezzi.name,
        colore: mezzi.colour,
        motivo: ownAbsence(transportRuns.day),
      })
      .from(runLink.table)
      .innerJoin(transportRuns, eq(transportRuns.id, runLink.run))
      .innerJoin(mezzi, eq(mezzi.id, transportRuns.minibus))
      .where(and(eq(runLink.person, id), gte(transportRuns.day, start), lte(transportRuns.day, stop)))
      .orderBy(asc(transportRuns.day), asc(transportRuns.departure)),
  ]);

  const activityIds = activityRows.map((r) => r.ID);
  const runIds = runRows.map((r) => r.ID);
  const [activityTherapistsOf, runTherapistsOf, activityPatientsOf, runPatientsOf] = await Promise.all([
    therapistsOf(db, ACTIVITY_SLOT, activityIds),
    therapistsOf(db, RUN_SLOT, runIds),
    // A patient's agenda never holds other patients' names: they are not even read.
    isPatient ? NONE : patientsOf(db, ACTIVITY_SLOT, activityIds),
    isPatient ? NONE : patientsOf(db, RUN_SLOT, runIds),
  ]);

  // The colleagues: the slot's therapists but the person whose agenda this is.
  const colleagues = (list: AgendaPerson[] | undefined) => (list ?? []).filter((p) => isPatient || p.ID !== id).sort(byName);
  const items: AgendaItem[] = [
    ...activityRows.map((r): AgendaItem => ({
      tipo: 'attivita',
      ID: r.ID,
      data: r.data,
      inizio: toHourMinute(r.start),
      fine: toHourMinute(r.end),
      nome: r.nome,
      stanza: r.stanza ?? '',
      ...absentMark(r.motivo),
      operatori: colleagues(activityTherapistsOf.get(r.ID)),
      utenti: (activityPatientsOf.get(r.ID) ?? []).sort(byName),
    })),
    ...runRows.map((r): AgendaItem => ({
      tipo: 'uscita',
      ID: r.ID,
      data: r.data,
      inizio: toHourMinute(r.start),
      fine: toHourMinute(r.end),
      nome: r.nome,
      mezzo: r.mezzo,
      pulmino: r.colore as MezzoColore,
      ...absentMark(r.motivo),
      operatori: colleagues(runTherapistsOf.get(r.ID)),
      utenti: (runPatientsOf.get(r.ID) ?? []).sort(byName),
    })),
  ];
  return items.sort(compareItems);
}

export async function readAgenda(db: Db, kind: PersonKind, id: number, start: string, stop: string): Promise<Agenda> {
  const persona = await readPerson(db, kind, id);
  if (!persona) throw notFound(AGENDA_MSG.personNotFound);
  return { persona, voci: await readAgendaItems(db, kind, id, start, stop) };
}
