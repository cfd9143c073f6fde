/**
 * A believable demo centre: rooms, patients and therapists with Italian
 * names, a fleet of three mezzi and their runs (stops in order, with times and the utenti's addresses in
 * Fano; four utenti in a wheelchair; Wednesday's first run one seat short, a `posti` conflict to show), and
 * activities Monday to Friday of the current
 * week, plus an administrator and a non-administrator account whose random
 * passwords are handed over once: on the terminal when there is one,
 * otherwise in a file of the data folder readable by its owner only.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { addDays, todayLocal, weekdayOf, workWeek } from '../../common/dates.ts';
import type { Db } from '../db/client.ts';
import { writePrivateFile } from '../db/private-files.ts';
import * as schema from '../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { DEMO_THERAPISTS, DEMO_TYPES } from './demo-centre.ts';

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

const AVAILABILITY = [1, 2, 3, 4, 5].map((giorno) => ({ giorno, dalle: '08:00', alle: '17:00' }));

/** Which types each room holds; a room's untyped activities (ACTIVITY_NAMES) fill the slots no type takes. */
const ROOM_TYPES: Record<string, string[]> = {
  Palestra: ['Fisioterapia individuale', 'Motoria di gruppo'],
  Logopedia: ['Logopedia individuale', 'Comunicazione aumentativa'],
  Psicomotricità: ['Psicomotricità'],
  Musicoterapia: ['Musicoterapia'],
  Atelier: ['Laboratorio educativo', 'Terapia occupazionale'],
  'Sala Relax': ['Colloquio psicologico'],
};
const GOALS = [
  'Migliorare l’equilibrio e la deambulazione autonoma negli spazi del centro.',
  'Ampliare il vocabolario e la comunicazione con i compagni e gli operatori.',
  'Sviluppare l’autonomia nelle attività della vita quotidiana (vestirsi, apparecchiare, riordinare).',
  'Ridurre i comportamenti di ritiro e partecipare alle attività di gruppo.',
  'Mantenere la motricità fine e la coordinazione occhio-mano.',
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

/**
 * Issue 30: the fleet. Rows 1 and 2 come with migration 0025 and get their plates here; the blue one takes two
 * wheelchairs. A third, smaller one is in the fleet for the coordinator to try.
 */
const FLEET = [
  { id: 1, plate: 'FA123BC', seats: 8, wheelchairSeats: 1 },
  { id: 2, plate: 'FB456DE', seats: 8, wheelchairSeats: 2 },
];
const EXTRA_MEZZO = { name: 'Auto attrezzata', plate: 'FC789GH', seats: 4, wheelchairSeats: 1, colour: 'verde' };
/** The utenti (by their place in the demo's list) who travel in a wheelchair. */
const WHEELCHAIR = new Set([2, 9, 17, 28]);
const STREETS = [
  'via Roma',
  'via Garibaldi',
  'corso Matteotti',
  'via Nolfi',
  'viale Gramsci',
  'via Montegrappa',
  'via De Amicis',
  'via della Colonna',
  'via Arco d’Augusto',
  'viale Buozzi',
];
const NOTES = ['', '', 'citofono al piano terra', '', 'sale dal lato destro', '', '', 'aspetta al portone'];
/** The demo day whose first run carries one person too many (a `posti` conflict to show): Wednesday. */
const CROWDED_WEEKDAY = 3;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOfTime = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

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

/** "09:45" halfway between "09:00" and "10:30". */
function halfway(start: string, end: string): string {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const m = (minutes(start) + minutes(end)) / 2;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
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
  const [u] = await db.select({ n: count() }).from(schema.users);
  const [r] = await db.select({ n: count() }).from(schema.rooms);
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
    await tx.insert(schema.users).values([
      { username: accounts.admin.username, passwordHash: adminHash, admin: 1 },
      { username: accounts.viewer.username, passwordHash: viewerHash, admin: 0 },
    ]);
    const roomRows = await tx
      .insert(schema.rooms)
      .values(ROOMS.map((name, position) => ({ name, position })))
      .returning();
    const patientRows = await tx
      .insert(schema.patients)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          firstName: FIRST_NAMES[i % FIRST_NAMES.length],
          lastName: LAST_NAMES[(i * 7 + Math.floor(i / 20)) % LAST_NAMES.length],
          mobile: `+39 3${String(20 + (i % 70)).padStart(2, '0')} ${String(1_000_000 + i * 7919).slice(0, 7)}`,
          address: `${STREETS[(i * 3) % STREETS.length]} ${1 + ((i * 17) % 90)}, Fano`,
          wheelchair: WHEELCHAIR.has(i),
          transportNotes: NOTES[i % NOTES.length],
        })),
      )
      .returning({ id: schema.patients.id });
    const therapistRows = await tx
      .insert(schema.therapists)
      // "elisa.sala" is Elisa Sala on the calendar and the prints (an operatore's name is optional; the demo sets it).
      .values(
        DEMO_THERAPISTS.map(({ username, profile, hours }) => ({
          username,
          ...nameOfUsername(username),
          profile,
          weeklyMinutes: hours * 60,
          availability: AVAILABILITY,
        })),
      )
      .returning({ id: schema.therapists.id });
    const patientIds = patientRows.map((p) => p.id);
    const inWheelchair = new Set(patientIds.filter((_, i) => WHEELCHAIR.has(i)));
    for (const m of FLEET)
      await tx
        .update(schema.mezzi)
        .set({ plate: m.plate, seats: m.seats, wheelchairSeats: m.wheelchairSeats })
        .where(eq(schema.mezzi.id, m.id));
    await tx.insert(schema.mezzi).values(EXTRA_MEZZO);
    const therapistIds = therapistRows.map((t) => t.id);
    const profileOf = new Map(therapistRows.map((t, i) => [t.id, DEMO_THERAPISTS[i].profile]));

    const typeRows = await tx
      .insert(schema.activityTypes)
      .values(DEMO_TYPES.map(({ name, profile, participants, minutes }) => ({ name, profile, participants, minutes })))
      .returning();
    const typeByName = new Map(typeRows.map((t) => [t.name, t]));
    const plans = await seedProgetti(tx, patientIds, typeRows, today, rnd);

    // On a weekend the coming week is the one staff will plan, so it is seeded too.
    const days = weekdayOf(today) % 6 === 0 ? [...workWeek(today), ...workWeek(addDays(today, 2))] : workWeek(today);
    for (const day of days) {
      const weekday = weekdayOf(day);
      // Each week plans the progetti's sessions afresh.
      if (weekday === 1) for (const plan of plans.values()) plan.left = new Map(plan.sessions);
      const busyPatients = busyTimes();
      const busyTherapists = busyTimes();
      for (const run of RUNS) {
        const [created] = await tx
          .insert(schema.transportRuns)
          .values({ ...run, day })
          .returning();
        const free = busyPatients.free(patientIds, run.departure, run.arrival);
        const picked = rnd.pick(free, 5);
        // No more wheelchairs than the mezzo's places; Wednesday's first run takes three more utenti (9 people, 8 seats).
        const places = FLEET.find((m) => m.id === run.minibus)?.wheelchairSeats ?? 1;
        let chairs = 0;
        const riders = picked.filter((id) => !inWheelchair.has(id) || ++chairs <= places);
        if (weekday === CROWDED_WEEKDAY && run === RUNS[0])
          riders.push(...free.filter((id) => !riders.includes(id) && !inWheelchair.has(id)).slice(0, 8 - riders.length));
        const driver = rnd.pick(busyTherapists.free(therapistIds, run.departure, run.arrival), 1);
        busyPatients.take(riders, run.departure, run.arrival);
        busyTherapists.take(driver, run.departure, run.arrival);
        // Stops every 8 minutes from the departure, in the order picked; the first staff member drives.
        await tx.insert(schema.transportPatients).values(
          riders.map((patientId, i) => ({
            runId: created.id,
            patientId,
            position: i + 1,
            stopTime: hhmm(minutesOfTime(run.departure) + 5 + i * 6),
          })),
        );
        await tx
          .insert(schema.transportTherapists)
          .values(driver.map((therapistId, i) => ({ runId: created.id, therapistId, driver: i === 0 })));
        await tx.insert(schema.activities).values({
          name: 'TRASPORTO',
          roomId: null,
          day,
          weekday,
          start: run.departure,
          end: run.arrival,
          transportRunId: created.id,
        });
      }
      /**
       * A typed activity of this room in this slot: its type, the utenti whose progetto asks for it and who attend this
       * weekday (those with the most sessions still to plan first), and an operatore of its profile; null when none fits.
       */
      /**
       * The typed activities of this room in this slot: a type of the room that some free utente's progetto asks for
       * and that a free operatore of its profile gives; a group activity for the whole slot, or two individual sessions
       * of half the slot each (the same operatore, one utente each). Those attending this weekday with the most
       * sessions still to plan come first. Null when nothing fits.
       */
      const planTypedActivity = (roomName: string, wd: number, start: string, end: string) => {
        const names = rnd.pick(ROOM_TYPES[roomName] ?? [], 2);
        for (const name of names) {
          const type = typeByName.get(name);
          if (!type) continue;
          const staff = rnd.pick(
            busyTherapists.free(therapistIds, start, end).filter((id) => profileOf.get(id) === type.profile),
            1,
          );
          if (staff.length === 0) continue;
          const wanting = busyPatients
            .free(patientIds, start, end)
            .map((id) => ({ id, plan: plans.get(id) }))
            .filter(({ plan }) => plan && plan.weekdays.includes(wd) && (plan.left.get(type.id) ?? 0) > 0)
            .sort((a, b) => (b.plan?.left.get(type.id) ?? 0) - (a.plan?.left.get(type.id) ?? 0) || a.id - b.id);
          if (wanting.length === 0) continue;
          const mid = halfway(start, end);
          const sessions =
            type.participants === 1
              ? wanting.slice(0, 2).map((w, i) => ({ start: i === 0 ? start : mid, end: i === 0 ? mid : end, people: [w.id] }))
              : [{ start, end, people: wanting.slice(0, Math.min(type.participants, 2 + Math.floor(rnd.next() * 3))).map((w) => w.id) }];
          for (const session of sessions) {
            for (const id of session.people) {
              const left = plans.get(id)?.left;
              left?.set(type.id, (left.get(type.id) ?? 0) - 1);
            }
            busyPatients.take(session.people, session.start, session.end);
          }
          busyTherapists.take(staff, start, end);
          return { type, staff, sessions };
        }
        return null;
      };
      for (const room of roomRows) {
        for (const [start, end] of SLOTS) {
          if (rnd.next() < 0.1) continue; // not every room is busy every slot
          // A typed activity when the room has a type that some free utente's progetto asks for, otherwise an untyped one.
          const typed = planTypedActivity(room.name, weekday, start, end);
          if (typed) {
            for (const session of typed.sessions) {
              const [activity] = await tx
                .insert(schema.activities)
                .values({
                  name: typed.type.name,
                  roomId: room.id,
                  day,
                  weekday,
                  start: session.start,
                  end: session.end,
                  typeId: typed.type.id,
                })
                .returning({ id: schema.activities.id });
              await tx.insert(schema.activityPatients).values(session.people.map((patientId) => ({ activityId: activity.id, patientId })));
              await tx
                .insert(schema.activityTherapists)
                .values(typed.staff.map((therapistId) => ({ activityId: activity.id, therapistId })));
            }
            continue;
          }
          const name = rnd.pick(ACTIVITY_NAMES[room.name], 1)[0];
          const [activity] = await tx
            .insert(schema.activities)
            .values({ name, roomId: room.id, day, weekday, start, end })
            .returning({ id: schema.activities.id });
          const people = rnd.pick(busyPatients.free(patientIds, start, end), 2 + Math.floor(rnd.next() * 3));
          const staff = rnd.pick(busyTherapists.free(therapistIds, start, end), 1 + Math.floor(rnd.next() * 2));
          busyPatients.take(people, start, end);
          busyTherapists.take(staff, start, end);
          await tx.insert(schema.activityPatients).values(people.map((patientId) => ({ activityId: activity.id, patientId })));
          await tx.insert(schema.activityTherapists).values(staff.map((therapistId) => ({ activityId: activity.id, therapistId })));
        }
      }
    }
  });
  return accounts;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the activity planner needs of one utente's progetto: the weekdays he attends and the sessions still to plan per type. */
interface PlanNeeds {
  weekdays: number[];
  sessions: Map<number, number>;
  left: Map<number, number>;
}

/**
 * Every demo utente gets a progetto of 1–4 righe, begun a few months ago, open-ended, its review spread over the coming
 * weeks (a few already due, so Verifiche in scadenza has something to show); most attend Monday to Friday, some three
 * days. The righe ask a little more than the demo week plans, so Copertura shows a few red cells.
 */
async function seedProgetti(
  tx: Tx,
  patientIds: number[],
  typeRows: { id: number; name: string; participants: number }[],
  today: string,
  rnd: ReturnType<typeof randomSequence>,
): Promise<Map<number, PlanNeeds>> {
  const plannable = typeRows.filter((t) => t.name !== 'Pranzo');
  const needs = new Map<number, PlanNeeds>();
  for (const [i, patientId] of patientIds.entries()) {
    const weekdays = i % 5 === 4 ? [1, 3, 5] : [1, 2, 3, 4, 5];
    const start = addDays(today, -(60 + ((i * 11) % 120)));
    const review = addDays(today, ((i * 13) % 80) - 6);
    const [plan] = await tx
      .insert(schema.carePlans)
      .values({
        patientId,
        startDay: start,
        endDay: null,
        reviewDay: review < start ? start : review,
        goals: `${GOALS[i % GOALS.length]}\n${GOALS[(i + 2) % GOALS.length]}`,
        attendance: weekdays.map((giorno) => ({ giorno, dalle: '09:00', alle: '16:00' })),
      })
      .returning({ id: schema.carePlans.id });
    // Mostly two or three righe; a few with one or four.
    const chosen = rnd.pick(plannable, [1, 2, 2, 3, 3, 4][Math.floor(rnd.next() * 6)]);
    const rows = chosen.map((t, position) => ({
      planId: plan.id,
      typeId: t.id,
      sessions: 1 + Math.floor(rnd.next() * 2),
      minutes: t.participants === 1 ? 45 : 90,
      position,
    }));
    await tx.insert(schema.carePlanRows).values(rows);
    const sessions = new Map(rows.map((r) => [r.typeId, r.sessions]));
    needs.set(patientId, { weekdays, sessions, left: new Map(sessions) });
  }
  return needs;
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
