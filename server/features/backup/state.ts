/**
 * The daily backups' state in the database (table backup_state, one row): the last successful backup and its
 * verification, the last failure and when it is retried. And the figures /server/metrics shows (backupMetrics).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backupState } from '../../db/schema.ts';

export type StoredBackupState = typeof backupState.$inferSelect;

const EMPTY: StoredBackupState = {
  id: 1,
  lastSlot: null,
  lastFile: null,
  lastAt: null,
  lastBytes: null,
  lastDurationMs: null,
  lastVerified: null,
  lastRows: null,
  error: null,
  errorAt: null,
  retryAt: null,
};

/** What this process knows of the last successful backup (its own, or read from the database at start and each check). */
let metrics: { lastSuccessAt: Date | null; lastDurationMs: number | null } = { lastSuccessAt: null, lastDurationMs: null };

/** The last successful backup's time and duration, for the metrics (issue 33, Metrics and health). */
export function backupMetrics(): { lastSuccessAt: Date | null; lastDurationMs: number | null } {
  return { ...metrics };
}

function remember(state: StoredBackupState): StoredBackupState {
  if (state.lastAt) metrics = { lastSuccessAt: state.lastAt, lastDurationMs: state.lastDurationMs };
  return state;
}

export async function readBackupState(db: Db): Promise<StoredBackupState> {
  const [row] = await db.select().from(backupState).limit(1);
  return remember(row ?? EMPTY);
}

export interface BackupSuccess {
  slot: Date;
  file: string;
  at: Date;
  bytes: number;
  durationMs: number;
  verified: boolean;
  rows: number;
}

/** A backup written and verified: the slot is done, any earlier failure forgotten. */
export async function recordBackupSuccess(db: Db, done: BackupSuccess): Promise<void> {
  const values = {
    lastSlot: done.slot,
    lastFile: done.file,
    lastAt: done.at,
    lastBytes: done.bytes,
    lastDurationMs: done.durationMs,
    lastVerified: done.verified,
    lastRows: done.rows,
    error: null,
    errorAt: null,
    retryAt: null,
  };
  await db
    .insert(backupState)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: backupState.id, set: values });
  remember({ id: 1, ...values });
}

/** A failed attempt: its reason (no personal data) and the time of the next try. */
export async function recordBackupFailure(db: Db, reason: string, at: Date, retryAt: Date): Promise<void> {
  const values = { error: reason.slice(0, 500), errorAt: at, retryAt };
  await db
    .insert(backupState)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: backupState.id, set: values });
}

/** Tests only: a fresh state. */
export async function clearBackupState(db: Db): Promise<void> {
  await db.execute(sql`delete from backup_state`);
  metrics = { lastSuccessAt: null, lastDurationMs: null };
}
