/**
 * Attempt counters in the database (table login_failures), shared by every
 * server process: sign-ins and the current-password check of a password
 * change. An attempt is recorded before its password is verified, under a
 * transaction-level advisory lock on each counter's key, so a burst sent in
 * parallel cannot slip past the limit between the count and the record: of
 * any number of simultaneous attempts, at most the limit are let through.
 */
import { and, count, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from './client.ts';
import { lockAttemptCounters } from './locks.ts';
import { loginDevices, loginFailures } from './schema.ts';

/** Every counter forgets an attempt this long after it was made. */
export const ATTEMPT_WINDOW_MS = 15 * 60_000;

/** One counter: at most `max` attempts kept within the window under `key`. */
export interface AttemptCounter {
  key: string;
  max: number;
}

/**
 * Records one attempt on every counter, or on none if any of them is full.
 * Answers the ids of the rows written (to forget them if the attempt
 * succeeds: they then were no failure), or null when the limit is reached.
 */
export async function reserveAttempt(db: Db, counters: AttemptCounter[], now = new Date()): Promise<number[] | null> {
  const keys = [...new Set(counters.map((c) => c.key))].sort();
  const since = new Date(now.getTime() - ATTEMPT_WINDOW_MS);
  return db.transaction(async (tx) => {
    // Always in the same (sorted) order, so two attempts never wait for each other's locks in a cycle.
    await lockAttemptCounters(tx, keys);
    const rows = await tx
      .select({ key: loginFailures.key, n: count() })
      .from(loginFailures)
      .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, since)))
      .groupBy(loginFailures.key);
    const counted = new Map(rows.map((r) => [r.key, Number(r.n)]));
    if (counters.some((c) => (counted.get(c.key) ?? 0) >= c.max)) return null;
    const written = await tx
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, at: now })))
      .returning({ id: loginFailures.id });
    return written.map((r) => r.id);
  });
}

/** Takes back the attempts a success recorded. */
export async function forgetAttempt(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
}

/** Empties counters, e.g. a username's failures once its owner has signed in. */
export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

/** Drops the attempts past every window and the browsers' sign-in memories that have expired. */
export async function purgeOldAttempts(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - ATTEMPT_WINDOW_MS)));
  await db.delete(loginDevices).where(lt(loginDevices.expiresAt, now));
}
