/**
 * A backup proved to restore: the file restored into a scratch database (PGlite in memory, migrated as a new
 * installation) and each table's rows counted there, against the counts of the source at the snapshot. The scheduled
 * backup runs this in a child process (verify-worker.ts), so the server keeps answering while it works.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { BACKUP_TABLES, readBackupFile, restoreBackup, rowsPerTable } from '../../db/backup.ts';
import { openPglite } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { safeError, type SafeError } from '../../lib/log-privacy.ts';

export interface Verification {
  verificato: boolean;
  /** Rows restored, every table together. */
  righe: number;
  /** Tables whose restored rows differ from the expected ones: `tabella: attese N, ripristinate M`. */
  differenze: string[];
}

/** Restores `file` into a scratch database and answers the rows each table holds there. */
export async function restoredCounts(file: string): Promise<Record<string, number>> {
  const scratch = await openPglite('memory://');
  try {
    await restoreBackup(scratch.db, file);
    const counts: Record<string, number> = {};
    for (const table of BACKUP_TABLES) {
      const [{ n }] = await rowsOf<{ n: number }>(scratch.db, sql.raw(`select count(*)::int as n from ${table}`));
      counts[table] = Number(n);
    }
    return counts;
  } finally {
    await scratch.close();
  }
}

/** The restored counts against the expected ones (the source's at the snapshot). */
export function compareCounts(expected: Record<string, number>, restored: Record<string, number>): Verification {
  const differenze = Object.entries(expected)
    .filter(([table, n]) => restored[table] !== n)
    .map(([table, n]) => `${table}: attese ${n}, ripristinate ${restored[table] ?? 0}`);
  const righe = Object.values(restored).reduce((sum, n) => sum + n, 0);
  return { verificato: differenze.length === 0, righe, differenze };
}

/**
 * Any backup file (npm run backup:verify): the counts the file holds, against what a scratch database holds after
 * restoring it. A damaged or truncated file throws RestoreError with an Italian message.
 */
export async function verifyBackupFile(file: string): Promise<Verification> {
  const expected = rowsPerTable(readBackupFile(file));
  return compareCounts(expected, await restoredCounts(file));
}

/**
 * Why a backup or its verification failed, as the log and backup_state may keep it: the messages of the error and its
 * causes without data (a failed statement's text without its parameters, which would hold the centre's rows).
 */
export function failureReason(err: unknown): string {
  const parts: string[] = [];
  for (let e: SafeError | undefined = safeError(err); e; e = e.cause as SafeError | undefined)
    if (e.message && !parts.includes(e.message)) parts.push(e.message);
  return parts.join(': ').slice(0, 500) || 'errore sconosciuto';
}

const WORKER = fileURLToPath(new URL('./verify-worker.ts', import.meta.url));
/** The project's folder: `--import tsx` is resolved from there, wherever the server was started from. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** restoredCounts in a child process of its own (its memory and its CPU away from the server's requests). */
export function restoredCountsInChild(file: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [path.resolve(file)], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let answer: { counts?: Record<string, number>; error?: string } | undefined;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('message', (message) => (answer = message as typeof answer));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (answer?.counts) resolve(answer.counts);
      else reject(new Error(answer?.error ?? `verifica interrotta (uscita ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
