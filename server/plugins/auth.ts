/**
 * Sessions, CSRF and role guards. Every request is resolved to its user (or
 * none) before routing; every POST, PUT, PATCH and DELETE must echo the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN, and after login that token is the one
 * bound to the session.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../common/messages.ts';
import type { User } from '../../common/schemas.ts';
import type { Db } from '../db/client.ts';
import { findSession, newToken, type ActiveSession, type SessionTimes } from '../features/session/store.ts';
import { forbidden } from '../http-error.ts';

export const SESSION_COOKIE = 'giornata_sid';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
    sessionToken: string | null;
  }
}

export interface AuthOptions {
  db: Db;
  times: SessionTimes;
  cookieSecure: boolean;
}

function sameToken(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function setCsrfCookie(reply: FastifyReply, token: string, secure: boolean) {
  // Script-readable on purpose: the web app echoes it in X-XSRF-TOKEN.
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: true });
}

async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/server/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.session = await findSession(options.db, token, options.times);
      request.sessionToken = request.session ? token : null;
      if (!request.session) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (UNSAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const expected = request.session?.csrfToken ?? cookieToken;
      if (typeof header !== 'string' || !expected || !sameToken(header, expected)) {
        throw forbidden(MSG.csrfInvalid);
      }
    } else if (request.session && cookieToken !== request.session.csrfToken) {
      setCsrfCookie(reply, request.session.csrfToken, options.cookieSecure);
    } else if (!cookieToken) {
      setCsrfCookie(reply, newToken(), options.cookieSecure);
    }
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });

export function currentUser(request: FastifyRequest): User {
  if (!request.session) throw forbidden(MSG.notSignedIn);
  return request.session.user;
}

/** preHandler: any signed-in user. */
export async function requireUser(request: FastifyRequest) {
  currentUser(request);
}

/** preHandler: a signed-in administrator (Admin above 0). */
export async function requireAdmin(request: FastifyRequest) {
  if (currentUser(request).Admin <= 0) throw forbidden(MSG.adminOnly);
}
