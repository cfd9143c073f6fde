/** A signed-in user's change of her own password (POST /server/user/password). */
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { SESSION_MSG as M } from '../../../common/session.ts';
import { clearAttempts, reserveAttempt } from '../../db/attempts.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { storeNewPassword } from '../../db/credentials.ts';
import type { ActiveSession } from '../../lib/guards.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { hashPassword, requireStrongPassword, verifyPassword } from '../../lib/passwords.ts';

/** Wrong current passwords allowed per account in 15 minutes before the check answers 429. */
export const MAX_PASSWORD_CHECK_FAILURES = 5;

/**
 * A user's change of her own password: the current one is checked under an
 * attempt limit (recorded before the check, like a sign-in), the new one meets
 * the rule of new passwords with her own username, and every other session of
 * hers ends, with the calendar links she made or that show her therapist
 * (server/db/credentials.ts); the one she made the change from goes on.
 */
export async function changeOwnPassword(db: Db, session: ActiveSession, current: string, next: string) {
  const { user } = session;
  const counter = { key: `password-check:${user.ID}`, max: MAX_PASSWORD_CHECK_FAILURES };
  const attempt = await reserveAttempt(db, [counter]);
  if (!attempt) throw new HttpError(429, MSG.tooManyRequests, ERROR_CODES.tooManyRequests);
  const [row] = await db.select().from(users).where(eq(users.id, user.ID));
  if (!row || !(await verifyPassword(current, row.passwordHash))) throw badRequest(M.wrongCurrentPassword);
  await clearAttempts(db, [counter.key]);
  requireStrongPassword(next, user.username);
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await storeNewPassword(tx, user.ID, passwordHash, session.idHash);
    await appendAudit(tx, user, { action: 'password.cambia', entity: 'account', entityId: user.ID });
  });
  return { ok: true };
}
