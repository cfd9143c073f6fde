/**
 * Sign-in rate limit: after 10 failures in 15 minutes from one address, or
 * for one username, further attempts answer 429 until the window slides.
 * Counted in the database so that every server process sees the same count.
 */
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;

const keysOf = (address: string, username: string) => [`ip:${address}`, `user:${username.toLowerCase()}`];

export async function isLimited(db: Db, address: string, username: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keysOf(address, username)), gt(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  return rows.some((r) => r.n >= MAX_FAILURES);
}

export async function recordFailure(db: Db, address: string, username: string) {
  await db.insert(loginFailures).values(keysOf(address, username).map((key) => ({ key })));
}

/** A successful sign-in clears its username's count (not the address's: one valid account must not reset it). */
export async function clearUsernameFailures(db: Db, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, `user:${username.toLowerCase()}`));
}

export async function purgeOldFailures(db: Db, now = new Date()) {
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - WINDOW_MS)));
}
