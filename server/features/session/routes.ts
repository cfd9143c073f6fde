import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../common/messages.ts';
import { loginSchema, type User } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { SESSION_COOKIE, currentUser, setCsrfCookie, setSessionCookie } from '../../plugins/auth.ts';
import { hashForUnknownUser, verifyPassword } from './passwords.ts';
import { clearUsernameFailures, isLimited, recordFailure } from './rate-limit.ts';
import { createSession, destroySession, newToken } from './store.ts';

/** The same refusal, after the same work, for an unknown user, a wrong password and a disabled account. */
async function authenticate(db: Db, username: string, password: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  const ok = await verifyPassword(password, row?.passwordHash ?? (await hashForUnknownUser()));
  if (!row || !ok || row.disabled) return null;
  return { ID: row.id, username: row.username, Admin: row.admin };
}

export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; cookieSecure: boolean }> = async (app, { db, cookieSecure }) => {
  app.post('/user/login', { schema: { body: loginSchema } }, async (request, reply) => {
    const { username, pass } = request.body;
    if (await isLimited(db, request.ip, username)) throw new HttpError(429, MSG.tooManyRequests);
    const user = await authenticate(db, username, pass);
    if (!user) {
      await recordFailure(db, request.ip, username);
      throw new HttpError(401, MSG.loginFailed);
    }
    await clearUsernameFailures(db, username);
    // A new session id at every login; the old one, if any, ends here.
    if (request.sessionToken) await destroySession(db, request.sessionToken);
    const { token, csrfToken } = await createSession(db, user.ID);
    setSessionCookie(reply, token, cookieSecure);
    setCsrfCookie(reply, csrfToken, cookieSecure);
    return { value: user };
  });

  app.post('/user/logout', async (request, reply) => {
    if (request.sessionToken) await destroySession(db, request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    setCsrfCookie(reply, newToken(), cookieSecure);
    return { ok: true };
  });

  app.get('/user/auth', async (request) => [currentUser(request)]);
};
