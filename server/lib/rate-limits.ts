/**
 * Per-account limits of the calls (docs/reliability.md, Limits), with @fastify/rate-limit:
 * - every call of a signed-in account counts in one bucket of its account (ACCOUNT_CALLS,
 *   600 a minute: generous for a person, a wall for a script);
 * - the calls that cost the most (week and range reads, the unfiltered lists, searches) and the
 *   exports count besides in a bucket of their own call, per account too.
 * Counting per account, not per session, so signing in again (a second browser, a script with 60
 * sessions) gives no fresh count. Once over, a call answers 429 with `Retry-After` and
 * MSG.tooManyReads. Health and sign-out are never limited. The counts live in each server
 * process's memory: with N processes an account may make N times as many calls (docs/reliability.md).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../common/errors.ts';
import { MSG } from '../../common/messages.ts';
import { HttpError } from './http-error.ts';

export interface CallLimit {
  /** Requests an account may make in one window. */
  max: number;
  timeWindowMs: number;
}

/** A week or a range of at most 31 days, or a list of every day: a person reads a few a minute. */
export const RANGE_READS: CallLimit = { max: 60, timeWindowMs: 60_000 };
/** Searches run as a person types (debounced): a few a second at most. */
export const SEARCHES: CallLimit = { max: 120, timeWindowMs: 60_000 };
/** Every call of one account together (day reads included): ten a second for a whole minute. */
export const ACCOUNT_CALLS: CallLimit = { max: 600, timeWindowMs: 60_000 };
/** Exports recorded (POST /server/registro/esportazione): one a second for a whole minute. */
export const EXPORTS: CallLimit = { max: 60, timeWindowMs: 60_000 };

/** The limits of one app: the defaults above, or a test's own (AppOptions.limits). */
export interface CallLimits {
  accountCalls: CallLimit;
  exports: CallLimit;
  rangeReads: CallLimit;
  searches: CallLimit;
}
export const DEFAULT_CALL_LIMITS: CallLimits = {
  accountCalls: ACCOUNT_CALLS,
  exports: EXPORTS,
  rangeReads: RANGE_READS,
  searches: SEARCHES,
};

declare module 'fastify' {
  interface FastifyInstance {
    callLimits: CallLimits;
  }
}

/** The limits the app was built with (the defaults when none were given). */
export const callLimitsOf = (app: FastifyInstance): CallLimits => (app.hasDecorator('callLimits') ? app.callLimits : DEFAULT_CALL_LIMITS);

export type LimitHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The signed-in account (every session of it together), or the address of a request without a session. */
const accountKey = (request: FastifyRequest) => (request.session ? `account:${request.session.user.ID}` : `address:${request.ip}`);

/**
 * A preHandler counting the requests of the routes it is given to, per
 * account, in a bucket of its own. Put it after the role guard, so a request
 * without a session is refused before it counts.
 */
export async function perAccountLimit(app: FastifyInstance, limit: CallLimit): Promise<LimitHandler> {
  return perKeyLimit(app, limit, accountKey);
}

/** The same, counted per key of the request (the calendar feed: per token, so one address behind NAT blocks no one else). */
export async function perKeyLimit(
  app: FastifyInstance,
  limit: CallLimit,
  keyOf: (request: FastifyRequest) => string,
): Promise<LimitHandler> {
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });
  const handler = app.rateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: keyOf,
    errorResponseBuilder: () => new HttpError(429, MSG.tooManyReads, ERROR_CODES.tooManyRequests),
  });
  return handler as LimitHandler;
}

/** Calls never counted: health, and signing out (an account over its limit may always leave). */
const UNCOUNTED = new Set(['/server/health', '/server/user/logout']);

/**
 * An onRequest hook for every call under /server/: a signed-in account's calls count together
 * (ACCOUNT_CALLS, or the app's own limit), in a fixed window per account. Runs after the session is
 * found; a request without a session is not counted here (the guards refuse it, sign-in has limits
 * of its own). Its own counter, not @fastify/rate-limit's: that plug-in runs at most one of its
 * limits per request, and the per-call limits above must run too. One entry per account that
 * called within the window, so the map stays as small as the centre's accounts.
 */
export function accountCallsLimit(limit: CallLimit): LimitHandler {
  const windows = new Map<number, { calls: number; endsAt: number }>();
  let nextSweep = 0;
  return async (request, reply) => {
    if (!request.session || UNCOUNTED.has(request.routeOptions.url ?? '')) return;
    const now = Date.now();
    if (now >= nextSweep) {
      for (const [id, w] of windows) if (w.endsAt <= now) windows.delete(id);
      nextSweep = now + limit.timeWindowMs;
    }
    const id = request.session.user.ID;
    let w = windows.get(id);
    if (!w || w.endsAt <= now) windows.set(id, (w = { calls: 0, endsAt: now + limit.timeWindowMs }));
    w.calls++;
    if (w.calls > limit.max) {
      reply.header('retry-after', Math.max(1, Math.ceil((w.endsAt - now) / 1000)));
      throw new HttpError(429, MSG.tooManyReads, ERROR_CODES.tooManyRequests);
    }
  };
}
