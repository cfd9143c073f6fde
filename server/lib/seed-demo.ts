/**
 * A believable demo centre: rooms, patients and therapists with Italian
 * names, two minibuses' runs, and activities Monday to Friday of the current
 * week, plus an administrator and a non-administrator account whose random
 * passwords are handed over once: on the terminal when there is one,
 * otherwise in a file of the data folder readable by its owner only.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { addDays, todayLocal, weekdayOf, workWeek } from '../../common/dates.ts';
import type { Db } from '../db/client.ts';
import { writePrivateFile } from '../db/private-files.ts';
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
  users,
} from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

const ROOMS = ['Palestra', 'Logopedia', 'Psicomotricità', 'Musicoterapia', 'Atelier', 'Sala Relax'];
const FIRST_NAMES = [
  'Marco',
  'Giulia',
  'Luca',
  'Francesca',
  'Alessandro',
  'Chiara',
  'Matteo',
  'Sara',
  'Lorenzo',
  'Martina',
  'Andrea',
  'Elena',
  'Davide',
  'Valentina',
  'Simone',
  'Alice',
  'Federico',
  'Giorgia',
  'Riccardo',
  'Anna',
];
const LAST_NAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];
/** Nome and Cognome from a "nome.cognome" username, each word capitalised. */
function nameOfUsername(username: string): { firstName: string; lastName: string } {
  const [first, last] = username.split('.').map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return { firstName: first ?? '', lastName: last ?? '' };
}

const THERAPISTS = [
  'paola.neri',
  'stefano.villa',
  'laura.fontana',
  'giacomo.serra',
  'marta.caruso',
  'fabio.longo',
  'silvia.gatti',
  'nicola.testa',
  'irene.pellegrini',
  'dario.marchetti',
  'elisa.sala',
  'pietro.barbieri',
];
const SLOTS: [string, string][] = [
  ['09:00', '10:30'],
  ['10:30', '12:00'],
  ['14:00', '15:30'],
];
const ACTIVITY_NAMES: Record<string, string[]> = {
  Palestra: ['Ginnastica dolce', 'Riabilitazione motoria', 'Percorso psicomotorio'],
  Logopedia: ['Logopedia individuale', 'Laboratorio di lettura', 'Comunicazione aumentativa'],
  Psicomotricità: ['Psicomotricità di gruppo', 'Gioco simbolico', 'Rilassamento'],
  Musicoterapia: ['Musicoterapia', 'Coro', 'Laboratorio ritmico'],
  Atelier: ['Pittura', 'Laboratorio di ceramica', 'Cucina'],
  'Sala Relax': ['Lettura ad alta voce', 'Stimolazione sensoriale', 'Cineforum'],
};
const RUNS = [
  { route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 1 },
  { route: 'Andata Sud', departure: '08:15', arrival: '09:00', minibus: 2 },
  { route: 'Ritorno Nord', departure: '15:30', arrival: '16:30', minibus: 1 },
  { route: 'Ritorno Sud', departure: '15:30', arrival: '16:15', minibus: 2 },
];

/** A small deterministic generator, so the demo looks the same on every machine. */
function randomSequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  return { next, pick };
}

/** Who is already busy when, during one day, so the demo's plan has no conflicts: nobody in two activities or runs at once. */
function busyTimes() {
  const taken: [number, string, string][] = [];
  return {
    free: (ids: number[], start: string, end: string) =>
      ids.filter((id) => !taken.some(([other, s, e]) => other === id && s < end && start < e)),
    take: (ids: number[], start: string, end: string) => ids.forEach((id) => taken.push([id, start, end])),
  };
}

export interface DemoAccounts {
  admin: { username: string; password: string };
  viewer: { username: string; password: string };
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  const [r] = await db.select({ n: count() }).from(rooms);
  return u.n === 0 && r.n === 0;
}

export async function seedDemo(db: Db, today = todayLocal()): Promise<DemoAccounts> {
  const rnd = randomSequence(20_260_101);
  const accounts: DemoAccounts = {
    // 16 random characters: far above the rule of new passwords (common/passwords.ts).
    admin: { username: DEMO_ADMIN, password: randomBytes(12).toString('base64url') },
    viewer: { username: 'lettura', password: randomBytes(12).toString('base64url') },
  };
  const adminHash = await hashPassword(accounts.admin.password);
  const viewerHash = await hashPassword(accounts.viewer.password);

  await db.transaction(async (tx) => {
    await tx.insert(users).values([
      { username: accounts.admin.username, passwordHash: adminHash, admin: 1 },
      { username: accounts.viewer.username, passwordHash: viewerHash, admin: 0 },
    ]);
    const roomRows = await tx
      .insert(rooms)
      .values(ROOMS.map((name, position) => ({ name, position })))
      .returning();
    const patientRows = await tx
      .insert(patients)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          firstName: FIRST_NAMES[i % FIRST_NAMES.length],
          lastName: LAST_NAMES[(i * 7 + Math.floor(i / 20)) % LAST_NAMES.length],
          mobile: `+39 3${String(20 + (i % 70)).padStart(2, '0')} ${String(1_000_000 + i * 7919).slice(0, 7)}`,
        })),
      )
      .returning({ id: patients.id });
    const therapistRows = await tx
      .insert(therapists)
      // "elisa.sala" is Elisa Sala on the calendar and the prints (an operatore's name is optional; the demo sets it).
      .values(THERAPISTS.map((username) => ({ username, ...nameOfUsername(username) })))
      .returning({ id: therapists.id });
    const patientIds = patientRows.map((p) => p.id);
    const therapistIds = therapistRows.map((t) => t.id);

    // On a weekend the coming week is the one staff will plan, so it is seeded too.
    const days = weekdayOf(today) % 6 === 0 ? [...workWeek(today), ...workWeek(addDays(today, 2))] : workWeek(today);
    for (const day of days) {
      const weekday = weekdayOf(day);
      const busyPatients = busyTimes();
      const busyTherapists = busyTimes();
      for (const run of RUNS) {
        const [created] = await tx
          .insert(transportRuns)
          .values({ ...run, day })
          .returning();
        const riders = rnd.pick(busyPatients.free(patientIds, run.departure, run.arrival), 5);
        const driver = rnd.pick(busyTherapists.free(therapistIds, run.departure, run.arrival), 1);
        busyPatients.take(riders, run.departure, run.arrival);
        busyTherapists.take(driver, run.departure, run.arrival);
        await tx.insert(transportPatients).values(riders.map((patientId) => ({ runId: created.id, patientId })));
        await tx.insert(transportTherapists).values(driver.map((therapistId) => ({ runId: created.id, therapistId })));
        await tx.insert(activities).values({
          name: 'TRASPORTO',
          roomId: null,
          day,
          weekday,
          start: run.departure,
          end: run.arrival,
          transportRunId: created.id,
        });
      }
      for (const room of roomRows) {
        for (const [start, end] of SLOTS) {
          if (rnd.next() < 0.25) continue; // not every room is busy every slot
          const name = rnd.pick(ACTIVITY_NAMES[room.name], 1)[0];
          const [activity] = await tx
            .insert(activities)
            .values({ name, roomId: room.id, day, weekday, start, end })
            .returning({ id: activities.id });
          const people = rnd.pick(busyPatients.free(patientIds, start, end), 2 + Math.floor(rnd.next() * 3));
          const staff = rnd.pick(busyTherapists.free(therapistIds, start, end), 1 + Math.floor(rnd.next() * 2));
          busyPatients.take(people, start, end);
          busyTherapists.take(staff, start, end);
          await tx.insert(activityPatients).values(people.map((patientId) => ({ activityId: activity.id, patientId })));
          await tx.insert(activityTherapists).values(staff.map((therapistId) => ({ activityId: activity.id, therapistId })));
        }
      }
    }
  });
  return accounts;
}

/** The demo centre's administrator. */
export const DEMO_ADMIN = 'admin';

/** The file of the data folder that receives the demo passwords when nobody watches a terminal. */
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

/** What the file's reader and the service's log are told of its end. */
const FILE_ENDS = `questo file viene cancellato la prima volta che ${DEMO_ADMIN} cambia la propria password (annota prima quella di lettura, o reimpostala poi in Anagrafiche)`;

export function describeAccounts(accounts: DemoAccounts, inFile = false): string {
  return [
    '',
    '  Centro demo creato. Accedi con uno di questi account (le password non verranno più mostrate):',
    `    amministratore: ${accounts.admin.username} / ${accounts.admin.password}`,
    `    consultazione (sola lettura): ${accounts.viewer.username} / ${accounts.viewer.password}`,
    '  Per cambiarle: Cambia password, in alto a destra, o npm run users -- passwd <username> (la nuova password viene chiesta senza mostrarla)',
    ...(inFile ? [`  Nota: ${FILE_ENDS}.`] : []),
    '',
  ].join('\n');
}

/**
 * Hands the demo accounts over once. On a terminal they are printed there;
 * otherwise standard output is a service's log, kept and shared, so they go
 * into DEMO_ACCOUNTS_FILE in the data folder (0600), and the answer is a line
 * that says where, without them (null when they were printed).
 */
export function handOverDemoAccounts(
  accounts: DemoAccounts,
  dataDir: string,
  terminal: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
): string | null {
  if (terminal.isTTY) {
    terminal.write(`${describeAccounts(accounts)}\n`);
    return null;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DEMO_ACCOUNTS_FILE);
  writePrivateFile(file, `${describeAccounts(accounts, true)}\n`);
  return `Centro demo creato: gli account e le loro password sono in ${file}, leggibile solo da questo utente del computer; ${FILE_ENDS}.`;
}

/**
 * Once the demo administrator has a password of her own, the file of the first ones goes: it would
 * keep a password of the centre on disk for ever. Answers whether it removed the file.
 */
export function retireDemoAccountsFile(dataDir: string, username: string): boolean {
  if (username !== DEMO_ADMIN) return false;
  try {
    fs.unlinkSync(path.join(dataDir, DEMO_ACCOUNTS_FILE));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** On the first start of an empty embedded database: the demo accounts, or null when the database had data. */
export async function seedDemoIfEmpty(db: Db): Promise<DemoAccounts | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  return seedDemo(db);
}
