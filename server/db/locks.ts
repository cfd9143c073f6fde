/**
 * Every advisory lock Giornata takes, in one place: what each one serialises, its key, and the
 * function that takes it. Writes that must not interleave take the same key; a new lock gets a
 * key here (never written inline: server/db/locks.test.ts fails on `pg_advisory` anywhere else).
 *
 * Keys are texts hashed by PostgreSQL (`hashtext`, or `hashtextextended` for the sign-in
 * counters) except the migrations' fixed number. Transaction locks (`_xact_`) end with their
 * transaction, so a failed write can never leave one held. Where several keys are taken at once
 * they are taken in sorted order, so two writes never wait for each other crosswise.
 */
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { PersonKind } from '../../common/presenze.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/** The day key's text before the date: also written in SQL, where the date is a column. */
const DAY_PREFIX = 'giornata:';

/** The texts of the transaction locks' keys, by what they serialise. */
export const LOCK_KEYS = {
  /**
   * One plan day (yyyy-mm-dd): every calendar write (activities, their people, runs, pastes,
   * templates applied, absent people taken out, Annulla) takes its days first, so one day's
   * writes and their registro rows follow each other in commit order.
   */
  day: (day: string) => `${DAY_PREFIX}${day}`,
  /** Creating a weekly template: the count of templates holds until the commit. */
  templates: 'giornata:modelli',
  /** Changing an account's role or disabling it: at least one active administrator always remains. */
  administrators: 'giornata:amministratori',
  /** A month of attendance (yyyy-mm): writes share it, closing or reopening takes it alone. */
  month: (month: string) => `presenze-mese:${month}`,
  /** One person's absences: two recordings for one person cannot both miss each other's range. */
  absences: (tipo: PersonKind, id: number) => `assenze:${tipo}:${id}`,
  /** One utente's progetti (issue 29): two writes cannot both miss each other's period (no overlap). */
  carePlans: (patientId: number) => `progetti:${patientId}`,
  /**
   * The hash chain of `audit_log` or `access_log` (docs/decisions/0023-audit-hash-chain.md): taken by
   * the tables' BEFORE INSERT trigger (migration 0016, where the text is written in SQL), held to the
   * commit, so each insert reads the last committed row's hash and concurrent inserts chain in turn.
   */
  auditChain: (table: 'audit_log' | 'access_log') => `giornata:catena:${table}`,
} as const;

/**
 * Session lock of the daily backup (server/features/backup): of the processes on one PostgreSQL, the one that takes it
 * writes the backup, the others skip; held on a connection of its own, so a killed process lets go of it.
 */
export const BACKUP_LOCK_KEY = 'giornata:backup';

/** Session lock (not a transaction's) of the migrations: same number on every process, so concurrent start-ups migrate one at a time. */
export const MIGRATION_LOCK_KEY = 7_264_001;

// ---- Days ----

/**
 * Locks whole days (yyyy-mm-dd) for the rest of the transaction, in date order and in one
 * statement: two pastes cannot mix their rows, and the registro's ids of one day's writes grow
 * in the order they committed.
 */
export async function lockDays(tx: Db, days: readonly string[]): Promise<void> {
  const sorted = [...new Set(days)].sort();
  if (sorted.length === 0) return;
  await tx.execute(
    sql`select ${sql.join(
      sorted.map((day) => sql`pg_advisory_xact_lock(hashtext(${LOCK_KEYS.day(day)}))`),
      sql`, `,
    )}`,
  );
}

/**
 * The day lock as an expression of a select that reads the day (`day` is SQL yielding its
 * yyyy-mm-dd text, e.g. `a.day::text`): the row's day is found and locked in one statement.
 */
export const dayLockSql = (day: SQL): SQL => sql`pg_advisory_xact_lock(hashtext(${sql.raw(`'${DAY_PREFIX}'`)} || ${day}))`;

/**
 * The day of an activity or a minibus run, its day locked (as lockDays) in the same statement; undefined when the row
 * does not exist. Read again after this: what follows sees the state after any write of that day that held the lock
 * before.
 */
async function lockDayOfRow(tx: Db, table: 'activities' | 'transport_runs', id: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ day: string }>(
    tx,
    sql`select t.day::text as day, ${dayLockSql(sql`t.day::text`)} as locked from ${sql.identifier(table)} t where t.id = ${id}`,
  );
  return row?.day;
}

export const lockActivityDay = (tx: Db, activityId: number) => lockDayOfRow(tx, 'activities', activityId);
export const lockRunDay = (tx: Db, runId: number) => lockDayOfRow(tx, 'transport_runs', runId);

// ---- Attendance ----

/**
 * Makes a change to `months` wait for a closing or reopening of any of them in progress (and
 * the other way round), so a write never slips into a month closed after it checked. Writes
 * share the lock; closing takes it alone.
 */
export async function lockMonths(tx: Db, months: readonly string[], mode: 'shared' | 'exclusive'): Promise<void> {
  for (const month of [...months].sort()) {
    const key = LOCK_KEYS.month(month);
    if (mode === 'shared') await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${key}))`);
    else await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }
}

/** One person's absences, while a new one is checked against the others and recorded. */
export async function lockPersonAbsences(tx: Db, tipo: PersonKind, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK_KEYS.absences(tipo, id)}))`);
}

/** One or two utenti's progetti, in id order. */
export async function lockPatientPlans(tx: Db, patientIds: readonly number[]): Promise<void> {
  const sorted = [...new Set(patientIds)].sort((a, b) => a - b);
  for (const id of sorted) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK_KEYS.carePlans(id)}))`);
}

// ---- Templates and accounts ----

/** Templates are created one at a time. */
export async function lockTemplateCreation(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK_KEYS.templates}))`);
}

/**
 * Role and disable changes take turns: each locks the target's row and then every other active
 * administrator's, so two administrators demoting each other at once would each hold the row
 * the other waits for (a deadlock PostgreSQL breaks with an error). One lock first, in every such change.
 */
export async function lockAdministrators(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK_KEYS.administrators}))`);
}

// ---- Sign-in attempts ----

/**
 * The sign-in attempt counters (server/db/attempts.ts) by their own keys (`login_failures.key`),
 * hashed to 64 bits because an address or a username is anyone's to choose; in sorted order.
 */
export async function lockAttemptCounters(tx: Db, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

// ---- Migrations ----

/** Runs `migrate` on `conn` holding the migrations' session lock (PostgreSQL; the embedded database has one process). */
export async function withMigrationLock(conn: pg.ClientBase, migrate: () => Promise<void>): Promise<void> {
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
  }
}

// ---- The daily backup ----

/**
 * Runs `work` holding the backup's session lock on a connection of its own to `url`; answers `{ taken: false }` at once
 * when another process holds it (that process is taking the backup).
 */
export async function withBackupLock<T>(url: string, work: () => Promise<T>): Promise<{ taken: true; value: T } | { taken: false }> {
  const conn = new pg.Client({ connectionString: url });
  conn.on('error', () => {});
  await conn.connect();
  try {
    const { rows } = await conn.query<{ taken: boolean }>('select pg_try_advisory_lock(hashtext($1)) as taken', [BACKUP_LOCK_KEY]);
    if (!rows[0].taken) return { taken: false };
    try {
      return { taken: true, value: await work() };
    } finally {
      await conn.query('select pg_advisory_unlock(hashtext($1))', [BACKUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await conn.end().catch(() => {});
  }
}
