/**
 * Logical backup of the centre's tables as gzipped JSON, the same for the
 * embedded database and PostgreSQL (so a centre can also move from one to the
 * other). Sign-in state (sessions, failed attempts, known browsers) is left
 * out: a backup never holds a live session, and a restore never revives one.
 * Restore goes into an empty, migrated database, in one transaction, in
 * foreign-key order, and moves each id sequence past the restored rows.
 * The file is written readable by its owner only (0600).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { writePrivateFile } from './private-files.ts';
import { rowsOf } from './rows.ts';

/** The centre's tables, parents before children. */
export const BACKUP_TABLES = [
  'users',
  'rooms',
  'patients',
  'therapists',
  // Issue 30: the fleet, before the runs that name it.
  'mezzi',
  'transport_runs',
  'activity_types',
  'activities',
  'activity_patients',
  'activity_therapists',
  'transport_patients',
  'transport_therapists',
  'absences',
  'roll_call',
  'closed_months',
  'closing_days',
  'attendance_corrections',
  'centre_settings',
  'templates',
  // Issue 29: the progetti and their righe (after the patients and the types they name).
  'care_plans',
  'care_plan_rows',
  // The registro travels with the centre: it is its accountability (who changed what) and what
  // Annulla works from. Restored rows are inserts, which its append-only trigger allows.
  'audit_log',
] as const;

/**
 * Tables no backup holds, and why. Every table of server/db/schema.ts is in
 * one of the two lists (backup.test.ts checks it), so a new table needs a decision.
 */
export const LEFT_OUT_OF_BACKUPS = {
  sessions: 'sign-in state: a restored session would let an old cookie in',
  login_failures: 'sign-in state: counters of recent attempts',
  login_devices: 'sign-in state: browsers that signed in before',
  calendar_version: "a counter the triggers keep for the servers' caches, not data",
  ical_tokens: 'sign-in state: a restored feed link would open an agenda its therapist may have revoked since; therapists make a new link',
  planner_proposals:
    'the Pianificatore’s proposals: drafts kept 7 days, never part of the calendar until applied (and then the calendar and the registro hold them)',
  access_log:
    "reads of patients' data, many a minute (millions of rows over its retention): a backup holds the whole centre in memory, so it would grow without bound; the log stays in the database for AUDIT_RETENTION_DAYS (docs/decisions/0011-audit-log.md)",
  backup_state:
    'the scheduled backups’ own record (server/features/backup): which file was written when; a restored one would describe files of another server',
} as const;

/** The append-only tables refuse TRUNCATE (migration 0009): tests read them from a mark, never empty them. */
const APPEND_ONLY_TABLES: readonly string[] = ['audit_log', 'access_log'];

/**
 * Every table with rows to empty between tests: the centre's and the sign-in state (calendar_version
 * keeps its one row; the registro and the access log cannot be emptied).
 */
export const ALL_TABLES = [
  ...BACKUP_TABLES.filter((t) => !APPEND_ONLY_TABLES.includes(t)),
  'sessions',
  'login_failures',
  'login_devices',
  'ical_tokens',
  'planner_proposals',
];

const SERIAL_TABLES = [
  'users',
  'rooms',
  'patients',
  'therapists',
  'transport_runs',
  'activities',
  'activity_patients',
  'activity_therapists',
  'absences',
  'attendance_corrections',
  'templates',
  'activity_types',
  'care_plans',
  'care_plan_rows',
  'mezzi',
  'audit_log',
];

export const BACKUP_FORMAT = 'giornata-backup-1';

/**
 * Columns added to a table after backups of this format were first written, with the value a row
 * of an older backup takes (the column's default): a missing key would otherwise restore as NULL.
 */
const COLUMNS_ADDED_SINCE_FORMAT_1 = {
  activities: { version: 1 },
  users: { password_change_required: false },
  centre_settings: { ical_initials: false, paper_format: 'A4', opening: '08:00', closing: '17:00' },
  rooms: { capacity: null, type_ids: [] },
  therapists: { first_name: '', last_name: '', availability: [] },
  patients: { address: '', wheelchair: false, transport_notes: '' },
  transport_patients: { position: 0, stop_time: null },
  transport_therapists: { driver: false },
} as const;

/**
 * The two minibuses of before (drizzle/0025): every migrated database holds them, and a database emptied by the tests
 * gets them back. A backup made before the fleet has no `mezzi`: its runs keep these two, as the migration kept them.
 */
export async function insertDefaultMezzi(db: Db): Promise<void> {
  await db.execute(sql`insert into mezzi (id, name, plate, seats, wheelchair_seats, colour) values
    (1, 'Pulmino bianco', '', 8, 1, 'bianco'), (2, 'Pulmino blu', '', 8, 1, 'blu') on conflict do nothing`);
  await db.execute(sql`select setval(pg_get_serial_sequence('mezzi', 'id'), greatest(2, (select max(id) from mezzi)))`);
}

/**
 * A row of an older backup as today's schema holds it: the columns added since take their
 * default, and a centre that showed full names in the calendar feed shows initials, the most it
 * now may (as drizzle/0013_feed_links_die_with_access.sql did to the databases of that time).
 */
function upgradeRow(table: string, row: Record<string, unknown>, fromBeforeFleet: boolean): Record<string, unknown> {
  const added = COLUMNS_ADDED_SINCE_FORMAT_1[table as keyof typeof COLUMNS_ADDED_SINCE_FORMAT_1];
  const upgraded: Record<string, unknown> = added ? { ...added, ...row } : row;
  if (table === 'centre_settings' && row.ical_full_names === true) upgraded.ical_initials = true;
  // Before the fleet (drizzle/0025) any minibus other than 1 showed as the blue one.
  if (table === 'transport_runs' && fromBeforeFleet && row.minibus !== 1) upgraded.minibus = 2;
  return upgraded;
}

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

export async function writeBackup(db: Db, file: string): Promise<Record<string, number>> {
  const backup: BackupFile = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), tables: {} };
  // One snapshot for every table: a backup taken while the server writes is still consistent.
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set transaction isolation level repeatable read'));
    for (const table of BACKUP_TABLES) {
      // Dates, times and timestamps as text: the JSON stays exact and independent of time zones.
      backup.tables[table] = await rowsOf<{ row: unknown }>(tx, sql.raw(`select to_jsonb(t) as row from ${table} t order by 1`)).then(
        (rows) => rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row)),
      );
    }
  });
  writePrivateFile(file, zlib.gzipSync(JSON.stringify(backup)));
  return Object.fromEntries(Object.entries(backup.tables).map(([t, rows]) => [t, rows.length]));
}

export class RestoreError extends Error {}

/**
 * A backup file read and checked for its format: a file that does not decompress (truncated, damaged) or is not JSON
 * of this format is a RestoreError with an Italian message.
 */
export function readBackupFile(file: string): BackupFile {
  let backup: BackupFile;
  try {
    backup = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR')
      throw new RestoreError(`Il file ${file} non si può leggere (${code === 'ENOENT' ? 'non esiste' : 'accesso negato'}).`);
    throw new RestoreError(`Il file ${file} non è un backup di Giornata leggibile: è danneggiato o troncato (${(err as Error).message}).`);
  }
  if (!backup || typeof backup !== 'object' || backup.format !== BACKUP_FORMAT || typeof backup.tables !== 'object' || !backup.tables)
    throw new RestoreError(`Il file ${file} non è un backup di Giornata (formato ${String(backup?.format)})`);
  return backup;
}

/** Rows per table a backup file holds (the counts of the source at its snapshot). */
export const rowsPerTable = (backup: BackupFile): Record<string, number> =>
  Object.fromEntries(BACKUP_TABLES.map((t) => [t, Array.isArray(backup.tables[t]) ? backup.tables[t].length : 0]));

export async function restoreBackup(db: Db, file: string): Promise<Record<string, number>> {
  const backup = readBackupFile(file);
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    // A migrated database holds the two minibuses of before (drizzle/0025): they do not make it "not empty".
    const defaultsOnly = sql.raw(`select count(*)::int as n from mezzi where id > 2 or name not in ('Pulmino bianco', 'Pulmino blu')`);
    for (const table of BACKUP_TABLES) {
      const [{ n }] = await rowsOf<{ n: number }>(
        tx,
        table === 'mezzi' ? defaultsOnly : sql.raw(`select count(*)::int as n from ${table}`),
      );
      if (Number(n) > 0)
        throw new RestoreError(`Il database non è vuoto (tabella ${table}): il ripristino si fa solo in un database vuoto.`);
    }
    const fromBeforeFleet = backup.tables.mezzi === undefined;
    // The backup's fleet replaces the migration's two rows; a backup from before the fleet keeps them.
    if (!fromBeforeFleet) await tx.execute(sql`delete from mezzi`);
    // Only the centre's tables: the sessions and sign-in counters of a backup made before they were left out are ignored.
    for (const table of BACKUP_TABLES) {
      const rows = (backup.tables[table] ?? []).map((row) => upgradeRow(table, row as Record<string, unknown>, fromBeforeFleet));
      // The registro and the access log in id order: their insert trigger chains each row to the one before
      // (docs/decisions/0023-audit-hash-chain.md) and keeps a row's id only when it follows that row's.
      if (APPEND_ONLY_TABLES.includes(table)) rows.sort((a, b) => Number(a.id) - Number(b.id));
      counts[table] = rows.length;
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = JSON.stringify(rows.slice(i, i + 500));
        await tx.execute(
          sql`insert into ${sql.identifier(table)} select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${chunk}::jsonb)`,
        );
      }
    }
    for (const table of SERIAL_TABLES) {
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`),
      );
    }
  });
  return counts;
}
