import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { loginSchema, type User } from '../../../common/schemas.ts';
import { ownPasswordSchema } from '../../../common/session.ts';
import { clearAttempts, forgetAttempt, reserveAttempt } from '../../db/attempts.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { linkedTherapist } from '../../db/therapist-link.ts';
import { currentSession, currentUser, requireUser } from '../../lib/guards.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashForUnknownUser, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { DEVICE_COOKIE, knownDevice, rememberDevice } from './devices.ts';
import { changeOwnPassword } from './password.ts';
import { SESSION_COOKIE, setCsrfCookie, setSessionCookie } from './plugin.ts';
import { countersClearedBySuccess, signInCounters } from './rate-limit.ts';
import { createSession, destroySession, newToken } from './store.ts';

/**
 * The same refusal, after the same work, for an unknown user, a wrong
 * password and a disabled account. A right password kept in an older
 * format is hashed again in today's (unless it changed meanwhile).
 */
async function authenticate(db: Db, username: string, password: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  const ok = await verifyPassword(password, row?.passwordHash ?? (await hashForUnknownUser()));
  if (!row || !ok || row.disabled) return null;
  if (needsRehash(row.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)));
  }
  return { ID: row.id, username: row.username, Admin: row.admin };
}

export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; cookieSecure: boolean }> = async (app, { db, cookieSecure }) => {
  app.post('/user/login', { schema: { body: loginSchema } }, async (request, reply) => {
    const { username, pass } = request.body;
    const device = await knownDevice(db, request.cookies[DEVICE_COOKIE], username);
    const attempt = await reserveAttempt(db, signInCounters(request.ip, username, device));
    if (!attempt) throw new HttpError(429, MSG.tooManyRequests, ERROR_CODES.tooManyRequests);
    const user = await authenticate(db, username, pass);
    if (!user) {
      // A refusal keeps the attempt just recorded: it is the failure that counts. The registro
      // keeps the username as typed (never the password), whether or not such an account exists.
      await appendAudit(
        db,
        { ID: null, username },
        { action: 'accesso.fallito', entity: 'sessione', after: { username: username.slice(0, 100) } },
      );
      throw new HttpError(401, MSG.loginFailed, ERROR_CODES.badCredentials);
    }
    await forgetAttempt(db, attempt);
    await clearAttempts(db, countersClearedBySuccess(request.ip, username, device));
    // A new session id at every login; the old one, if any, ends here.
    if (request.sessionToken) await destroySession(db, request.sessionToken);
    const { token, csrfToken } = await db.transaction(async (tx) => {
      const created = await createSession(tx, user.ID);
      await appendAudit(tx, user, { action: 'accesso.riuscito', entity: 'sessione', entityId: user.ID });
      return created;
    });
    setSessionCookie(reply, token, cookieSecure);
    setCsrfCookie(reply, csrfToken, cookieSecure);
    await rememberDevice(db, reply, request.cookies[DEVICE_COOKIE], user.ID, cookieSecure);
    // `terapista`: the therapist this account is linked to in Anagrafiche (its agenda is the phone's first screen).
    return { value: { ...user, terapista: await linkedTherapist(db, user.ID) } };
  });

  app.post('/user/logout', async (request, reply) => {
    const { sessionToken, session } = request;
    if (sessionToken && session) {
      await db.transaction(async (tx) => {
        await destroySession(tx, sessionToken);
        await appendAudit(tx, session.user, { action: 'accesso.uscita', entity: 'sessione', entityId: session.user.ID });
      });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    setCsrfCookie(reply, newToken(), cookieSecure);
    return { ok: true };
  });

  app.get('/user/auth', async (request) => {
    const user = currentUser(request);
    return [{ ...user, terapista: await linkedTherapist(db, user.ID) }];
  });

  // Every signed-in user changes her own password.
  app.post('/user/password', { schema: { body: ownPasswordSchema }, preHandler: requireUser }, async (request) =>
    changeOwnPassword(db, currentSession(request), request.body.attuale, request.body.nuova),
  );
};
