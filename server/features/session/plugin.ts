/**
 * Sessions and CSRF. Every request under /server/ is resolved to its session
 * (or none) before routing; every POST, PUT, PATCH and DELETE must echo the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN, and after login that token is the one
 * bound to the session. The role guards that read it are in
 * server/lib/guards.ts.
 */
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { PASSWORD_MSG } from '../../../common/passwords.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/http-error.ts';
import { findSession, newToken, type SessionTimes } from './store.ts';

export const SESSION_COOKIE = 'giornata_sid';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

/**
 * The cookies' names. Served over HTTPS they carry the `__Host-` prefix: the browser then takes them
 * only with Secure, Path=/ and no Domain, so nothing on plain HTTP or on another host of the
 * centre's network can set or overwrite them (the web app reads the CSRF one by either name).
 */
export function cookieNames(secure: boolean) {
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}${SESSION_COOKIE}`, csrf: `${prefix}${CSRF_COOKIE}` };
}
const API_PREFIX = '/server/';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read served to whoever holds its URL, with no session (the calendar feed): no session is
     * looked up and no cookie is set. Only GET and HEAD routes may say so: a write always needs
     * its session and its CSRF token.
     */
    withoutSession?: boolean;
    /**
     * A call an account that must choose a new password may still make (the session check, the
     * change itself, logout): every other call answers 403 password_change_required until then.
     */
    beforePasswordChange?: boolean;
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
  reply.setCookie(cookieNames(secure).csrf, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(cookieNames(secure).session, token, { path: '/', sameSite: 'lax', secure, httpOnly: true });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(cookieNames(secure).session, { path: '/', sameSite: 'lax', secure, httpOnly: true });
}

/**
 * Whether a request is for the API, decided on the route it reached, not on
 * how its URL was spelled: `/%73erver/…`, `//server/…` or `/./server/…` that
 * reach a /server/ route get the same checks. A request that reached no
 * route is judged on its decoded, normalised path.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  if (routed !== undefined) return routed.startsWith(API_PREFIX);
  return normalisedPath(request.url).toLowerCase().startsWith(API_PREFIX);
}

function normalisedPath(url: string): string {
  const rawPath = url.split(/[?#]/, 1)[0];
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape: judged as written.
  }
  return path.posix.normalize(`/${decoded.replaceAll('\\', '/')}`);
}

async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  const names = cookieNames(options.cookieSecure);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    if (request.routeOptions.config?.withoutSession && (request.method === 'GET' || request.method === 'HEAD')) return;
    const token = request.cookies[names.session];
    if (token) {
      request.session = await findSession(options.db, token, options.times);
      request.sessionToken = request.session ? token : null;
      if (!request.session) clearSessionCookie(reply, options.cookieSecure);
    }
    // Every answer, a refusal included, leaves the browser a token to echo: a client that retries its first write succeeds.
    const cookieToken = request.cookies[names.csrf];
    if (request.session && cookieToken !== request.session.csrfToken) {
      setCsrfCookie(reply, request.session.csrfToken, options.cookieSecure);
    } else if (!cookieToken) {
      setCsrfCookie(reply, newToken(), options.cookieSecure);
    }
    if (UNSAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const expected = request.session?.csrfToken ?? cookieToken;
      if (typeof header !== 'string' || !expected || !sameToken(header, expected)) {
        throw forbidden(MSG.csrfInvalid, ERROR_CODES.csrfInvalid);
      }
    }
    if (request.session?.passwordChangeRequired && !request.routeOptions.config?.beforePasswordChange) {
      throw forbidden(PASSWORD_MSG.changeRequired, ERROR_CODES.passwordChangeRequired);
    }
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
