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

/**
 * Active sessions one account may hold (docs/decisions/0024-sessions-streams-roll-call.md): signing in
 * once more ends the oldest (by when it signed in), which learns it at its next request (403
 * not_signed_in, the web app's "La sessione è scaduta"), and its live streams end with it.
 */
export const MAX_SESSIONS_PER_ACCOUNT = 10;

/**
 * A new session for the account, ending its oldest beyond MAX_SESSIONS_PER_ACCOUNT. Run it in the
 * sign-in's transaction: the account's row is locked, so two sign-ins of one account at once
 * cannot both keep eleven.
 */
export async function createSession(db: Db, userId: number): Promise<{ token: string; csrfToken: string }> {
  const token = newToken();
  const csrfToken = newToken();
  const idHash = hashToken(token);
  await db.execute(sql`select id from users where id = ${userId} for update`);
  await db.insert(sessions).values({ idHash, userId, csrfToken });
  // The trigger on sessions tells every process which ones ended: their live streams close.
  await db.execute(sql`
    delete from sessions where user_id = ${userId} and id_hash <> ${idHash} and id_hash not in (
      select id_hash from sessions where user_id = ${userId} and id_hash <> ${idHash}
      order by created_at desc, id_hash desc limit ${MAX_SESSIONS_PER_ACCOUNT - 1}
    )`);
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
