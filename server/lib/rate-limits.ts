/**
 * Per-session limits of the calls that cost the most (week and range reads,
 * the unfiltered lists, searches), with @fastify/rate-limit: each limited
 * call counts its own requests per session (per address for a request
 * without one) in a fixed window, and once over answers 429 with
 * MSG.tooManyReads. Day reads and health are never limited. The counts live
 * in each server process's memory.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../common/errors.ts';
import { MSG } from '../../common/messages.ts';
import { HttpError } from './http-error.ts';

export interface CallLimit {
  /** Requests a session may make in one window. */
  max: number;
  timeWindowMs: number;
}

/** A week or a range of at most 31 days, or a list of every day: a person reads a few a minute. */
export const RANGE_READS: CallLimit = { max: 60, timeWindowMs: 60_000 };
/** Searches run as a person types (debounced): a few a second at most. */
export const SEARCHES: CallLimit = { max: 120, timeWindowMs: 60_000 };

export type LimitHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const sessionKey = (request: FastifyRequest) => (request.session ? `session:${request.session.idHash}` : `address:${request.ip}`);

/**
 * A preHandler counting the requests of the routes it is given to, per
 * session, in a bucket of its own. Put it after the role guard, so a request
 * without a session is refused before it counts.
 */
export async function perSessionLimit(app: FastifyInstance, limit: CallLimit): Promise<LimitHandler> {
  return perKeyLimit(app, limit, sessionKey);
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
