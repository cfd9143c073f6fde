/** A small, known centre for the end-to-end tests: the dates are fixed, so the tests do not depend on today. */
import { MON, TUE } from './dates.ts';
import { addDays, weekdayOf } from '../common/dates.ts';
import { holidayName } from '../common/holidays.ts';
import type { Db } from '../server/db/client.ts';
import * as schema from '../server/db/schema.ts';
import { hashPassword } from '../server/lib/passwords.ts';

export const E2E_ADMIN = { username: 'direttrice', password: 'mattino-di-sole-al-centro' };
export const E2E_VIEWER = { username: 'educatore', password: 'tazza-di-caffe-e-biscotti' };

export async function seedE2eCentre(db: Db) {
  await db.insert(schema.users).values([
    { username: E2E_ADMIN.username, passwordHash: await hashPassword(E2E_ADMIN.password), admin: 1 },
    { username: E2E_VIEWER.username, passwordHash: await hashPassword(E2E_VIEWER.password), admin: 0 },
  ]);
  const [palestra, logopedia, musica] = await db
    .insert(schema.rooms)
    .values([
      { name: 'Palestra', position: 1 },
      { name: 'Logopedia', position: 2 },
      { name: 'Musicoterapia', position: 3 },
    ])
    .returning();
  const [mario, lucia, giorgio, anna] = await db
    .insert(schema.patients)
    .values([
      { firstName: 'Mario', lastName: 'Rossi', mobile: '+393331112222' },
      { firstName: 'Lucia', lastName: 'Bianchi', mobile: '+393334445555' },
      { firstName: 'Giorgio', lastName: 'Verdi', mobile: '' },
      { firstName: 'Anna', lastName: 'Neri', mobile: '' },
    ])
    .returning();
  const [paola, stefano, laura] = await db
    .insert(schema.therapists)
    .values([{ username: 'paola.neri' }, { username: 'stefano.villa' }, { username: 'laura.fontana' }])
    .returning();
  const [run] = await db
    .insert(schema.transportRuns)
    .values({ route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 1, day: MON })
    .returning();
  await db.insert(schema.transportPatients).values({ runId: run.id, patientId: anna.id });
  // Issue 30: the one on board drives (a run with staff and no autista is an `autista` conflict).
  await db.insert(schema.transportTherapists).values({ runId: run.id, therapistId: laura.id, driver: true });
  await db
    .insert(schema.activities)
    .values({ name: 'TRASPORTO', roomId: null, day: MON, weekday: 1, start: '08:00', end: '09:00', transportRunId: run.id });
  const [ginnastica, logo, coro] = await db
    .insert(schema.activities)
    .values([
      { name: 'Ginnastica dolce', roomId: palestra.id, day: MON, weekday: 1, start: '09:00', end: '10:30' },
      { name: 'Logopedia individuale', roomId: logopedia.id, day: MON, weekday: 1, start: '10:30', end: '12:00' },
      { name: 'Coro', roomId: musica.id, day: TUE, weekday: 2, start: '14:00', end: '15:30' },
    ])
    .returning();
  await db.insert(schema.activityPatients).values([
    { activityId: ginnastica.id, patientId: mario.id },
    { activityId: ginnastica.id, patientId: lucia.id },
    { activityId: logo.id, patientId: giorgio.id },
  ]);
  await db.insert(schema.activityTherapists).values([
    { activityId: ginnastica.id, therapistId: paola.id },
    { activityId: logo.id, therapistId: stefano.id },
    { activityId: coro.id, therapistId: laura.id },
  ]);
  return { rooms: { palestra, logopedia, musica }, patients: { mario, lucia, giorgio, anna }, therapists: { paola, stefano, laura }, run };
}

export type E2eCentre = Awaited<ReturnType<typeof seedE2eCentre>>;

/**
 * The centre of the Presenze tests, on real dates (the roll call takes only today and past days):
 * three utenti in an activity of `today`, one with an accented name for the CSV; on `workDay`
 * paola.neri in Ginnastica dolce and on the minibus run Andata Nord, for the absence to strike through;
 * three more utenti marked on the month's past working days, so the register reads like a real one.
 */
export async function seedPresenzeCentre(db: Db, today: string, workDay: string) {
  const [admin] = await db
    .insert(schema.users)
    .values([
      { username: E2E_ADMIN.username, passwordHash: await hashPassword(E2E_ADMIN.password), admin: 1 },
      { username: E2E_VIEWER.username, passwordHash: await hashPassword(E2E_VIEWER.password), admin: 0 },
    ])
    .returning();
  const [palestra, laboratorio] = await db
    .insert(schema.rooms)
    .values([
      { name: 'Palestra', position: 1 },
      { name: 'Laboratorio', position: 2 },
    ])
    .returning();
  const [lucia, niccolo, mario] = await db
    .insert(schema.patients)
    .values([
      { firstName: 'Lucia', lastName: 'Bianchi' },
      { firstName: 'Niccolò', lastName: 'Foà' },
      { firstName: 'Mario', lastName: 'Rossi' },
    ])
    .returning();
  const [paola, stefano] = await db
    .insert(schema.therapists)
    .values([{ username: 'paola.neri' }, { username: 'stefano.villa' }])
    .returning();

  const [creativo] = await db
    .insert(schema.activities)
    .values({ name: 'Laboratorio creativo', roomId: laboratorio.id, day: today, weekday: weekdayOf(today), start: '10:00', end: '11:30' })
    .returning();
  await db.insert(schema.activityPatients).values([lucia, niccolo, mario].map((p) => ({ activityId: creativo.id, patientId: p.id })));
  await db.insert(schema.activityTherapists).values({ activityId: creativo.id, therapistId: stefano.id });

  const [run] = await db
    .insert(schema.transportRuns)
    .values({ route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 1, day: workDay })
    .returning();
  await db.insert(schema.transportPatients).values({ runId: run.id, patientId: lucia.id });
  await db.insert(schema.transportTherapists).values({ runId: run.id, therapistId: paola.id, driver: true });
  await db.insert(schema.activities).values({
    name: 'TRASPORTO',
    roomId: null,
    day: workDay,
    weekday: weekdayOf(workDay),
    start: '08:00',
    end: '09:00',
    transportRunId: run.id,
  });
  const [ginnastica] = await db
    .insert(schema.activities)
    .values({ name: 'Ginnastica dolce', roomId: palestra.id, day: workDay, weekday: weekdayOf(workDay), start: '09:00', end: '10:30' })
    .returning();
  await db.insert(schema.activityPatients).values({ activityId: ginnastica.id, patientId: mario.id });
  await db.insert(schema.activityTherapists).values({ activityId: ginnastica.id, therapistId: paola.id });

  // The month so far, for a register that looks like one: three other utenti marked on each past working day.
  const [carla, anna, giorgio] = await db
    .insert(schema.patients)
    .values([
      { firstName: 'Carla', lastName: 'Esposito' },
      { firstName: 'Anna', lastName: 'Neri' },
      { firstName: 'Giorgio', lastName: 'Verdi' },
    ])
    .returning();
  const pastWorkDays: string[] = [];
  for (let day = `${today.slice(0, 7)}-01`; day < today; day = addDays(day, 1))
    if (weekdayOf(day) !== 0 && weekdayOf(day) !== 6 && !holidayName(day)) pastWorkDays.push(day);
  const marks = pastWorkDays.flatMap((day, i) => [
    { day, patientId: giorgio.id, present: true },
    i >= 3 && i <= 5 ? { day, patientId: anna.id, present: false, reason: 'malattia' } : { day, patientId: anna.id, present: true },
    i === 7
      ? { day, patientId: carla.id, present: false, reason: 'permesso', justified: false }
      : { day, patientId: carla.id, present: true },
  ]);
  if (marks.length > 0) await db.insert(schema.rollCall).values(marks.map((m) => ({ ...m, markedBy: admin.id })));
  return { patients: { lucia, niccolo, mario, carla, anna, giorgio }, therapists: { paola, stefano }, run };
}
