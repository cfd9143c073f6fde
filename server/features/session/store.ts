/** Server-side sessions kept in the database, so several processes can share one PostgreSQL. */
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarVersion, sessions, users } from '../../db/schema.ts';
import type { ActiveSession } from '../../lib/guards.ts';

export const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionTimes {
  idleMs: number;
  maxMs: number;
}

/** Touching last_seen_at on every request would make every read a write; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000;

export async function createSession(db: Db, userId: number): Promise<{ token: string; csrfToken: string }> {
  const token = newToken();
  const csrfToken = newToken();
  await db.insert(sessions).values({ idHash: hashToken(token), userId, csrfToken });
  return { token, csrfToken };
}

/**
 * The session lookup runs on every request: built and named once per
 * database, so a request neither rebuilds its SQL nor (on PostgreSQL) has it
 * parsed and planned again.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({
      idHash: sessions.idHash,
      csrfToken: sessions.csrfToken,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ID: users.id,
      username: users.username,
      Admin: users.admin,
      disabled: users.disabled,
      passwordChangeRequired: users.passwordChangeRequired,
      calendarVersion: sql<number>`(select ${calendarVersion.version} from ${calendarVersion} where ${calendarVersion.id} = 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('find_session');
}

export async function findSession(db: Db, token: string, times: SessionTimes, now = new Date()): Promise<ActiveSession | null> {
  const idHash = hashToken(token);
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const [row] = await lookup.execute({ idHash });
  if (!row) return null;
  const idleExpired = now.getTime() - row.lastSeenAt.getTime() > times.idleMs;
  const maxExpired = now.getTime() - row.createdAt.getTime() > times.maxMs;
  if (idleExpired || maxExpired || row.disabled) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    idHash,
    csrfToken: row.csrfToken,
    user: { ID: row.ID, username: row.username, Admin: row.Admin },
    passwordChangeRequired: row.passwordChangeRequired,
    calendarVersion: Number(row.calendarVersion),
  };
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

export async function purgeExpiredSessions(db: Db, times: SessionTimes, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.lastSeenAt, new Date(now.getTime() - times.idleMs)), lt(sessions.createdAt, new Date(now.getTime() - times.maxMs))),
    );
}
