/** Rooms, people and runs written straight into the database, so the calendar's tests need no Anagrafiche call. */
import { addDays, weekdayOf } from '../../common/dates.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';

/** The rows seedCentre writes, by name. */
export type Centre = Awaited<ReturnType<typeof seedCentre>>;

export async function seedCentre(db: Db) {
  const [palestra, logopedia, archiviata] = await db
    .insert(schema.rooms)
    .values([
      { name: 'Palestra', position: 1 },
      { name: 'Logopedia', position: 2 },
      { name: 'Vecchia sala', position: 3, archived: true },
    ])
    .returning();
  const [mario, lucia, archiviato] = await db
    .insert(schema.patients)
    .values([
      { firstName: 'Mario', lastName: 'Rossi', mobile: '+393331112222' },
      { firstName: 'Lucia', lastName: 'Bianchi', mobile: '+393334445555' },
      { firstName: 'Ugo', lastName: 'Archiviato', mobile: '', archived: true },
    ])
    .returning();
  const [paola, stefano] = await db
    .insert(schema.therapists)
    .values([{ username: 'paola.neri' }, { username: 'stefano.villa' }])
    .returning();
  return { palestra, logopedia, archiviata, mario, lucia, archiviato, paola, stefano };
}

export async function addActivity(
  db: Db,
  values: { name: string; roomId: number | null; day: string; start: string; end: string; transportRunId?: number },
  people: { patients?: number[]; therapists?: number[] } = {},
) {
  const [row] = await db
    .insert(schema.activities)
    .values({ ...values, weekday: weekdayOf(values.day) })
    .returning();
  if (people.patients?.length)
    await db.insert(schema.activityPatients).values(people.patients.map((patientId) => ({ activityId: row.id, patientId })));
  if (people.therapists?.length)
    await db.insert(schema.activityTherapists).values(people.therapists.map((therapistId) => ({ activityId: row.id, therapistId })));
  return row;
}

/** Ginnastica in the Palestra on `day`, 09:00–10:00, nobody on it yet: the activity most tests start from. */
export function addGinnastica(db: Db, centre: Centre, day: string) {
  return addActivity(db, { name: 'Ginnastica', roomId: centre.palestra.id, day, start: '09:00', end: '10:00' });
}

export async function addRun(
  db: Db,
  values: { route: string; departure: string; arrival: string; minibus: number; day: string },
  people: { patients?: number[]; therapists?: number[] } = {},
) {
  const [row] = await db.insert(schema.transportRuns).values(values).returning();
  if (people.patients?.length)
    await db.insert(schema.transportPatients).values(people.patients.map((patientId) => ({ runId: row.id, patientId })));
  if (people.therapists?.length)
    // Issue 30: the first of the staff drives, as on a real run (else an `autista` conflict).
    await db
      .insert(schema.transportTherapists)
      .values(people.therapists.map((therapistId, i) => ({ runId: row.id, therapistId, driver: i === 0 })));
  return row;
}

/**
 * The week a template is saved from in the modelli and undo tests: on its Monday a run (Andata Nord, Mario and
 * Stefano) with its TRASPORTO and Ginnastica in Palestra (Mario, Lucia, Paola); on its Wednesday Logopedia di gruppo
 * (Lucia, Stefano).
 */
export async function seedSourceWeek(db: Db, centre: Centre, monday: string) {
  const run = await addRun(
    db,
    { route: 'Andata Nord', departure: '08:00', arrival: '08:45', minibus: 2, day: monday },
    { patients: [centre.mario.id], therapists: [centre.stefano.id] },
  );
  await addActivity(db, { name: 'TRASPORTO', roomId: null, day: monday, start: '08:00', end: '08:45', transportRunId: run.id });
  await addActivity(
    db,
    { name: 'Ginnastica', roomId: centre.palestra.id, day: monday, start: '09:00', end: '10:00' },
    { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
  );
  await addActivity(
    db,
    { name: 'Logopedia di gruppo', roomId: centre.logopedia.id, day: addDays(monday, 2), start: '10:00', end: '11:30' },
    { patients: [centre.lucia.id], therapists: [centre.stefano.id] },
  );
}
