/**
 * GET /server/eventi: the live events stream (docs/api.md, "Eventi in tempo
 * reale"; docs/decisions/0010-live-events.md). Signed-in users only, at most
 * LIVE_MAX_STREAMS_PER_ACCOUNT per account and `maxStreams` (LIVE_MAX_STREAMS)
 * in all in this process (docs/decisions/0024-sessions-streams-roll-call.md);
 * the stream ends with its session and when the server closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../../common/errors.ts';
import { LIVE_EVENTS_PATH, liveStreamAnswer } from '../../../common/live.ts';
import { MSG } from '../../../common/messages.ts';
import type { Database } from '../../db/client.ts';
import { currentSession } from '../../lib/guards.ts';
import { HttpError } from '../../lib/http-error.ts';
import { LiveEvents, type SessionTimes } from './live-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEvents;
  }
}

export interface LiveOptions {
  database: Database;
  times: SessionTimes;
  /** Open streams this process holds at most, every account together (LIVE_MAX_STREAMS). */
  maxStreams?: number;
}

const LOGOUT_ROUTE = '/server/user/logout';

async function livePlugin(app: FastifyInstance, { database, times, maxStreams }: LiveOptions) {
  const live = new LiveEvents(database, times, app.log, maxStreams);
  app.decorate('liveEvents', live);

  // A HEAD would open a stream nobody reads.
  app.get(LIVE_EVENTS_PATH, { schema: { response: { 200: liveStreamAnswer } }, exposeHeadRoute: false }, async (request, reply) => {
    const session = currentSession(request);
    if (live.isClosed) throw new HttpError(503, MSG.genericRetry, ERROR_CODES.internal);
    const stream = live.hub.open(session.idHash, session.user.ID);
    // The web app tries a refused stream again after a few seconds (client/features/live/use-live-updates.ts).
    if (stream === 'account') throw new HttpError(429, MSG.tooManyLiveStreams, ERROR_CODES.tooManyRequests);
    if (stream === 'process') {
      request.log.warn({ open: live.hub.streamCount }, 'live events: LIVE_MAX_STREAMS streams open, one more refused');
      reply.header('retry-after', '30');
      throw new HttpError(503, MSG.liveStreamsFull, ERROR_CODES.serverBusy);
    }
    reply.raw.once('close', () => stream.out.destroy());
    await live.listening();
    if (stream.out.destroyed) return reply.hijack(); // the client left meanwhile: nothing to answer
    const lastEventId = request.headers['last-event-id'];
    live.hub.begin(stream, typeof lastEventId === 'string' ? lastEventId.trim() : undefined);
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
    // HTTP/2 (the server's own HTTPS) has no Connection header: its streams stay open by nature.
    if (request.raw.httpVersionMajor < 2) reply.header('connection', 'keep-alive');
    return reply.send(stream.out);
  });

  // A logout here ends its streams at once (the database's notification would, a moment later).
  app.addHook('onResponse', async (request) => {
    if (request.routeOptions.url === LOGOUT_ROUTE && request.session) live.hub.endSession(request.session.idHash);
  });
  // Open streams would hold a graceful stop up: they end before the server stops accepting.
  app.addHook('preClose', async () => live.endStreams());
  app.addHook('onClose', async () => live.stop());
}

export const liveEvents = fp(livePlugin, { name: 'live-events', dependencies: ['auth'] });
