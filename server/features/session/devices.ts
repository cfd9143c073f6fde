/**
 * The "device cookie" of OWASP's advice against account lock-out: a browser
 * that signed in successfully as an account gets a random token (httpOnly,
 * sent only to the sign-in call), stored as its sha256 with the account and
 * an expiry. While that username is locked by someone else's failures, a
 * sign-in carrying a valid token for it is still let through, with a limit
 * of its own (rate-limit.ts). One browser, e.g. a shared computer of the
 * centre, can hold the memory of several accounts under one token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loginDevices, users } from '../../db/schema.ts';
import type { KnownDevice } from './rate-limit.ts';

export const DEVICE_COOKIE = 'giornata_device';
const DEVICE_COOKIE_PATH = '/server/user/login';
/** Over HTTPS, `__Secure-` (not `__Host-`: the cookie's path is the sign-in call's alone). */
export const deviceCookie = (secure: boolean) => (secure ? `__Secure-${DEVICE_COOKIE}` : DEVICE_COOKIE);
export const DEVICE_TTL_MS = 90 * 24 * 3600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const wellFormed = (token: string | undefined): token is string => typeof token === 'string' && /^[\w-]{43}$/.test(token);

/** The browser's memory of having signed in as `username`, if it has a valid one. */
export async function knownDevice(db: Db, token: string | undefined, username: string, now = new Date()): Promise<KnownDevice | null> {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .select({ tokenHash: loginDevices.tokenHash, userId: loginDevices.userId })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(and(eq(loginDevices.tokenHash, hashToken(token)), eq(users.username, username), gt(loginDevices.expiresAt, now)));
  return row ?? null;
}

/**
 * After a successful sign-in: the browser keeps (or gets) its token, now
 * valid for this account too, for DEVICE_TTL_MS from now. A token the
 * database does not know is replaced rather than adopted.
 */
export async function rememberDevice(
  db: Db,
  reply: FastifyReply,
  presented: string | undefined,
  userId: number,
  secure: boolean,
  now = new Date(),
): Promise<void> {
  let token = wellFormed(presented) ? presented : undefined;
  if (token) {
    const [known] = await db
      .select({ userId: loginDevices.userId })
      .from(loginDevices)
      .where(and(eq(loginDevices.tokenHash, hashToken(token)), gt(loginDevices.expiresAt, now)))
      .limit(1);
    if (!known) token = undefined;
  }
  token ??= randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
  await db
    .insert(loginDevices)
    .values({ tokenHash: hashToken(token), userId, expiresAt })
    .onConflictDoUpdate({ target: [loginDevices.tokenHash, loginDevices.userId], set: { expiresAt: sql`excluded.expires_at` } });
  reply.setCookie(deviceCookie(secure), token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_TTL_MS / 1000,
  });
}
