/**
 * The therapist an account is linked to in Anagrafiche (therapists.user_id): the session
 * answers name it, and a linked account may manage its own calendar feed. Should several
 * therapists point to one account, the active one with the lowest id is taken.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { therapists } from './schema.ts';

export async function linkedTherapist(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(eq(therapists.userId, userId))
    .orderBy(asc(therapists.archived), asc(therapists.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Whether the account is linked to an operatore still at work (not archived): administrators and
 * these accounts are the staff who mark the roll call (docs/decisions/0024-sessions-streams-roll-call.md).
 */
export async function linkedToActiveTherapist(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(and(eq(therapists.userId, userId), eq(therapists.archived, false)))
    .limit(1);
  return row !== undefined;
}
