/**
 * The personal agenda and the therapists' calendar feed (docs/api.md, Agenda, impostazioni e
 * calendario esterno). The feed is the one route served without a session: its secret URL is
 * the key, it never sets a cookie, and its path is blanked in the log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agendaAnswer, agendaBody, icalStateAnswer, icalStateQuery, icalTherapistBody, icalUrlAnswer } from '../../../common/agenda.ts';
import { ok, okAnswer, textAnswer } from '../../../common/schemas.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { currentUser, requireUser } from '../../lib/guards.ts';
import { HttpError } from '../../lib/http-error.ts';
import { callLimitsOf, perKeyLimit, perAccountLimit, type CallLimit } from '../../lib/rate-limits.ts';
import { readAgenda } from './agenda.ts';
import { hashToken, makeToken, readFeed, revokeToken, tokenState } from './ical.ts';

/**
 * Calendar apps poll a feed every few minutes at most: 60 a minute per token is far above that. Per
 * token, not per address: phones behind one NAT are not blocked by one noisy client.
 */
export const FEED_READS: CallLimit = { max: 60, timeWindowMs: 60_000 };

const feedParams = z.object({ file: z.string().max(200) });

export const agendaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/agenda',
    {
      schema: { body: agendaBody, response: ok(agendaAnswer) },
      onRequest: requireUser,
      preHandler: await perAccountLimit(app, callLimitsOf(app).rangeReads),
    },
    async (req) => {
      const { tipo, ID, datastart, datastop } = req.body;
      const agenda = await readAgenda(db, tipo, ID, datastart, datastop);
      if (tipo === 'paziente') recordAccess(req, { kind: 'paziente', day: datastart, dayTo: datastop, patientId: ID });
      else recordAccess(req, { kind: 'settimana', day: datastart, dayTo: datastop });
      return agenda;
    },
  );

  app.post('/ical/token', { schema: { body: icalTherapistBody, response: ok(icalUrlAnswer) }, onRequest: requireUser }, async (req) =>
    makeToken(db, currentUser(req), req.body.terapista),
  );
  app.post('/ical/revoca', { schema: { body: icalTherapistBody, response: ok(okAnswer) }, onRequest: requireUser }, async (req) =>
    revokeToken(db, currentUser(req), req.body.terapista),
  );
  app.get('/ical/stato', { schema: { querystring: icalStateQuery, response: ok(icalStateAnswer) }, onRequest: requireUser }, async (req) =>
    tokenState(db, currentUser(req), req.query.terapista),
  );

  const feedLimit = await perKeyLimit(app, FEED_READS, (req) => `feed:${hashToken((req.params as { file?: string }).file ?? '')}`);
  app.get(
    '/ical/:file',
    { schema: { params: feedParams, response: ok(textAnswer('text/calendar')) }, config: { withoutSession: true }, preHandler: feedLimit },
    async (req, reply) => {
      const file = req.params.file;
      const feed = file.endsWith('.ics') ? await readFeed(db, file.slice(0, -'.ics'.length)) : null;
      if (!feed) throw new HttpError(404, MSG.notFound, ERROR_CODES.notFound);
      // The feed's use, in the access log: it shows patients' data to whoever holds the URL.
      req.server.accessLog?.record({ ID: feed.userId, username: feed.username }, { kind: 'calendario', day: feed.from, dayTo: feed.to });
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="agenda.ics"').send(feed.text);
    },
  );
};
