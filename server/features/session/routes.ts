import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { authAnswer, loginAnswer, type SessionUser } from '../../../common/agenda.ts';
import { passwordProblem } from '../../../common/passwords.ts';
import { loginSchema, ok, okAnswer, type User } from '../../../common/schemas.ts';
import { ownPasswordSchema } from '../../../common/session.ts';
import { clearAttempts, forgetAttempt, reserveAttempt } from '../../db/attempts.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { linkedTherapist } from '../../db/therapist-link.ts';
import { currentSession, requireUser } from '../../lib/guards.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashForUnknownUser, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { retireDemoAccountsFile } from '../../lib/seed-demo.ts';
import { deviceCookie, knownDevice, rememberDevice } from './devices.ts';
import { changeOwnPassword } from './password.ts';
import { clearSessionCookie, setCsrfCookie, setSessionCookie } from './plugin.ts';
import { countersClearedBySuccess, signInCounters } from './rate-limit.ts';
import { createSession, destroySession, newToken } from './store.ts';

/**
 * The same refusal, after the same work, for an unknown user, a wrong
 * password and a disabled account. A right password kept in an older
 * format is hashed again in today's (unless it changed meanwhile).
 */
async function authenticate(db: Db, username: string, password: string): Promise<(User & { passwordChangeRequired: boolean }) | null> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  const ok = await verifyPassword(password, row?.passwordHash ?? (await hashForUnknownUser()));
  if (!row || !ok || row.disabled) return null;
  // A password set before today's rule (common/passwords.ts): the account chooses a new one before anything else.
  const passwordChangeRequired = row.passwordChangeRequired || passwordProblem(password, row.username) !== null;
  if (passwordChangeRequired && !row.passwordChangeRequired) {
    await db.update(users).set({ passwordChangeRequired }).where(eq(users.id, row.id));
  }
  if (needsRehash(row.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)));
  }
  return { ID: row.id, username: row.username, Admin: row.admin, passwordChangeRequired };
}

/** The signed-in account as sign-in and the session check answer it (common/agenda.ts, SessionUser). */
async function sessionUser(db: Db, user: User, passwordChangeRequired: boolean): Promise<SessionUser> {
  return {
    ID: user.ID,
    username: user.username,
    Admin: user.Admin,
    // `terapista`: the therapist this account is linked to in Anagrafiche (its agenda is the phone's first screen).
    terapista: await linkedTherapist(db, user.ID),
    cambiopassword: passwordChangeRequired,
  };
}

/** `dataDir`: where the demo centre's passwords may wait (server/lib/seed-demo.ts, retireDemoAccountsFile). */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; cookieSecure: boolean; dataDir?: string }> = async (
  app,
  { db, cookieSecure, dataDir },
) => {
  // The calls an account that must choose a new password may still make (server/features/session/plugin.ts).
  const beforePasswordChange = { beforePasswordChange: true };

  app.post(
    '/user/login',
    { schema: { body: loginSchema, response: ok(loginAnswer) }, config: beforePasswordChange },
    async (request, reply) => {
      const { username, pass } = request.body;
      const device = await knownDevice(db, request.cookies[deviceCookie(cookieSecure)], username);
      const attempt = await reserveAttempt(db, signInCounters(request.ip, username, device));
      if (!attempt) {
        app.metrics.signInLocked();
        throw new HttpError(429, MSG.tooManyRequests, ERROR_CODES.tooManyRequests);
      }
      const user = await authenticate(db, username, pass);
      if (!user) {
        app.metrics.signInFailed();
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
      await rememberDevice(db, reply, request.cookies[deviceCookie(cookieSecure)], user.ID, cookieSecure);
      return { value: await sessionUser(db, user, user.passwordChangeRequired) };
    },
  );

  app.post('/user/logout', { schema: { response: ok(okAnswer) }, config: beforePasswordChange }, async (request, reply) => {
    const { sessionToken, session } = request;
    if (sessionToken && session) {
      await db.transaction(async (tx) => {
        await destroySession(tx, sessionToken);
        await appendAudit(tx, session.user, { action: 'accesso.disconnessione', entity: 'sessione', entityId: session.user.ID });
      });
    }
    clearSessionCookie(reply, cookieSecure);
    setCsrfCookie(reply, newToken(), cookieSecure);
    return { ok: true };
  });

  app.get('/user/auth', { schema: { response: ok(authAnswer) }, config: beforePasswordChange }, async (request) => {
    const session = currentSession(request);
    return [await sessionUser(db, session.user, session.passwordChangeRequired)];
  });

  // Every signed-in user changes her own password, also (and above all) one that must choose a new one.
  app.post(
    '/user/password',
    { schema: { body: ownPasswordSchema, response: ok(okAnswer) }, onRequest: requireUser, config: beforePasswordChange },
    async (request) => {
      const session = currentSession(request);
      const changed = await changeOwnPassword(db, session, request.body.attuale, request.body.nuova);
      if (dataDir && retireDemoAccountsFile(dataDir, session.user.username))
        request.log.info('demo-accounts.txt removed: the demo administrator chose a password');
      return changed;
    },
  );
};
