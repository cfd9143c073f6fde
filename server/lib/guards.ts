/**
 * Who is asking, and the role guards every feature's routes use. The session
 * feature's plugin resolves each request under /server/ to its session (or
 * none) before routing; the guards only read what it found.
 */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../common/errors.ts';
import { MSG } from '../../common/messages.ts';
import type { User } from '../../common/schemas.ts';
import { forbidden } from './http-error.ts';

/** A signed-in request's session, as the session plugin found it. */
export interface ActiveSession {
  idHash: string;
  csrfToken: string;
  user: User;
  /** The account signed in with a password the rule no longer accepts: only the calls that let it choose a new one answer. */
  passwordChangeRequired: boolean;
  /**
   * calendar_version read in the same round trip as the session, so that a
   * cached calendar answer costs no query of its own (see
   * server/features/calendar/day-cache.ts).
   */
  calendarVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
    sessionToken: string | null;
  }
}

/** The request's session; refused with 403 when there is none. */
export function currentSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw forbidden(MSG.notSignedIn, ERROR_CODES.notSignedIn);
  return request.session;
}

export function currentUser(request: FastifyRequest): User {
  return currentSession(request).user;
}

/**
 * onRequest hooks, never preHandler: the session and the role are checked before the body is read
 * or validated, so an anonymous caller learns nothing of a route's fields (403 not_signed_in
 * whatever it sends) and no body is parsed for a caller who may not make the call.
 */

/** onRequest: any signed-in user. */
export async function requireUser(request: FastifyRequest) {
  currentUser(request);
}

/** onRequest: a signed-in administrator (Admin above 0). */
export async function requireAdmin(request: FastifyRequest) {
  if (currentUser(request).Admin <= 0) throw forbidden(MSG.adminOnly, ERROR_CODES.adminOnly);
}
