/**
 * What a write moves besides its rows, named here because it happens in SQL triggers
 * (drizzle/0003, 0005, 0006 and 0008) that TypeScript does not see. server/db/live-tables.test.ts
 * reads the triggers from the database's catalogue and fails when these lists and the
 * triggers disagree: a new trigger needs its line here, a line here needs its trigger.
 *
 * The path of a write (docs/architecture.md): a feature's service writes in a transaction →
 * the statement's triggers send one NOTIFY on `giornata_eventi` (or `giornata_sessioni`) with
 * the days and lists it touched, delivered only if the transaction commits → every server
 * process's listener (server/features/live/listener.ts) hears it → the hub turns it into the
 * wire's events (hub.ts, common/live.ts) and writes them to each open stream (GET /server/eventi)
 * → the web app invalidates the queries of what changed (client/features/live).
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LiveEvent } from '../../common/live.ts';
import {
  absences,
  activities,
  activityTypes,
  carePlanRows,
  carePlans,
  activityPatients,
  activityTherapists,
  attendanceCorrections,
  closedMonths,
  closingDays,
  mezzi,
  patients,
  rollCall,
  rooms,
  sessions,
  therapists,
  transportPatients,
  transportRuns,
  transportTherapists,
  users,
} from './schema.ts';

/** A statement on a table that fires its triggers. */
export type Statement = 'insert' | 'update' | 'delete' | 'truncate';

/**
 * What a table's row writes tell the listeners: the wire's events (`giornata` for each day its
 * rows carry, or their activity's or run's day; `anagrafiche`; `presenze`) or `sessioni`, sessions
 * ended (their live streams close). A TRUNCATE names no rows: it tells every screen to reload.
 */
export type LiveNotice = Exclude<LiveEvent['tipo'], 'ricarica'> | 'sessioni';

export interface LiveTable {
  table: PgTable;
  /** The statements that notify. */
  on: readonly Statement[];
  tells: readonly LiveNotice[];
}

const EVERY_WRITE = ['insert', 'update', 'delete', 'truncate'] as const satisfies Statement[];

/** The tables whose writes notify live clients (drizzle/0008_live_events.sql). */
export const LIVE_TABLES: readonly LiveTable[] = [
  // The calendar: the day of the row, or of its activity or run.
  { table: activities, on: EVERY_WRITE, tells: ['giornata'] },
  { table: activityPatients, on: EVERY_WRITE, tells: ['giornata'] },
  { table: activityTherapists, on: EVERY_WRITE, tells: ['giornata'] },
  { table: transportRuns, on: EVERY_WRITE, tells: ['giornata'] },
  { table: transportPatients, on: EVERY_WRITE, tells: ['giornata'] },
  { table: transportTherapists, on: EVERY_WRITE, tells: ['giornata'] },
  // Presenze: an absence every day of its range, the roll call its day; and the Presenze screens.
  { table: absences, on: EVERY_WRITE, tells: ['giornata', 'presenze'] },
  { table: rollCall, on: EVERY_WRITE, tells: ['giornata', 'presenze'] },
  { table: closedMonths, on: EVERY_WRITE, tells: ['presenze'] },
  { table: closingDays, on: EVERY_WRITE, tells: ['presenze'] },
  { table: attendanceCorrections, on: EVERY_WRITE, tells: ['presenze'] },
  // Anagrafiche: the lists of people, rooms and accounts.
  { table: patients, on: EVERY_WRITE, tells: ['anagrafiche'] },
  { table: therapists, on: EVERY_WRITE, tells: ['anagrafiche'] },
  { table: rooms, on: EVERY_WRITE, tells: ['anagrafiche'] },
  { table: users, on: EVERY_WRITE, tells: ['anagrafiche'] },
  // Issue 29: the types of activity and the progetti (the Anagrafiche tab, the Scheda utente, Copertura).
  { table: activityTypes, on: EVERY_WRITE, tells: ['anagrafiche'] },
  { table: carePlans, on: EVERY_WRITE, tells: ['anagrafiche'] },
  { table: carePlanRows, on: EVERY_WRITE, tells: ['anagrafiche'] },
  // Issue 30: the fleet (the Anagrafiche tab; the runs' mezzo in the day's answers moves with calendar_version).
  { table: mezzi, on: EVERY_WRITE, tells: ['anagrafiche'] },
  // Sessions ended by any process (sign-out, expiry, a new password, a disabled account).
  { table: sessions, on: ['delete', 'truncate'], tells: ['sessioni'] },
];

/**
 * The tables whose every statement moves `calendar_version` (drizzle/0003, 0005 and 0006): the
 * calendar's day cache (server/features/calendar/day-cache.ts) answers from memory only while
 * the version it read is still the database's.
 */
export const CALENDAR_VERSION_TABLES: readonly PgTable[] = [
  activities,
  activityPatients,
  activityTherapists,
  transportRuns,
  transportPatients,
  transportTherapists,
  patients,
  therapists,
  rooms,
  // A day's answer marks absent people ("Assente").
  absences,
  rollCall,
  // Issue 29: the day's conflicts read the types, the progetti and their righe.
  activityTypes,
  carePlans,
  carePlanRows,
  // Issue 30: each run carries its mezzo, and the fleet's conflicts read its seats.
  mezzi,
];
