/**
 * A new password for an account, whoever sets it (the account itself, an administrator, the users
 * tool): its hash, the end of the duty to choose one, the end of the account's sessions (all, or
 * all but the one the change was made from), and the end of the calendar links the account made
 * or that show the therapist it is linked to: whoever knew the old password loses what it opened
 * (docs/decisions/0019-calendar-links.md). Disabling the account does the same in the database
 * (drizzle/0013_feed_links_die_with_access.sql); a new password cannot, since a sign-in that only
 * rehashes the same password writes the same column.
 */
import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from './client.ts';
import { icalTokens, therapists, users } from './schema.ts';
import { destroyOtherSessions, destroyUserSessions } from './sessions.ts';

/** Whether the account exists (and so was changed). */
export async function storeNewPassword(tx: Db, userId: number, passwordHash: string, keepSession?: string): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ passwordHash, passwordChangeRequired: false })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  if (keepSession === undefined) await destroyUserSessions(tx, userId);
  else await destroyOtherSessions(tx, userId, keepSession);
  const linked = tx.select({ id: therapists.id }).from(therapists).where(eq(therapists.userId, userId));
  await tx.delete(icalTokens).where(or(eq(icalTokens.createdBy, userId), inArray(icalTokens.therapistId, linked)));
  return true;
}
