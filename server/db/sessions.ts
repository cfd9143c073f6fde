/**
 * Ending the sessions of one account, for whoever changes the account: an
 * administrator's reset of the password, a disabled account, the users
 * tool's `passwd` (all of them); a user's change of her own password (all
 * but the one she made it from).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from './client.ts';
import { sessions } from './schema.ts';

export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function destroyOtherSessions(db: Db, userId: number, keepIdHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
}
