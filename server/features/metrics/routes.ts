/**
 * GET /server/metrics (Prometheus' text format, for whoever runs the server) and GET
 * /server/ready (for the proxy and the process manager): docs/decisions/0049-metrics-and-readiness.md.
 * The metrics answer only an address of METRICS_ALLOW or the bearer of METRICS_TOKEN; anyone else
 * gets the very 404 of a route that does not exist.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { metricsAnswer, readyAnswer } from '../../../common/metrics.ts';
import { pingDatabase, type Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addressAllowed, bearerMatches } from '../../lib/metrics-access.ts';

export interface MetricsAccess {
  /** METRICS_ALLOW: addresses and CIDR blocks. */
  allow: string[];
  /** METRICS_TOKEN, or null. */
  token: string | null;
}

export const DEFAULT_METRICS_ACCESS: MetricsAccess = { allow: ['127.0.0.1', '::1'], token: null };

export const metricsRoutes: FastifyPluginAsyncZod<{ database: Database; access: MetricsAccess }> = async (app, { database, access }) => {
  const allowed = addressAllowed(access.allow);

  app.get(
    '/metrics',
    { schema: { response: { 200: metricsAnswer } }, config: { beforePasswordChange: true }, logLevel: 'warn' },
    async (request, reply) => {
      if (!bearerMatches(access.token, request.headers.authorization) && !allowed(request.ip))
        throw new HttpError(404, MSG.notFound, ERROR_CODES.notFound);
      const { contentType, body } = await app.metrics.text();
      return reply.type(contentType).send(body);
    },
  );

  app.get(
    '/ready',
    { schema: { response: { 200: readyAnswer, 503: readyAnswer } }, config: { beforePasswordChange: true } },
    async (_req, reply) => {
      // The migrations ran before the app was built (server/db/client.ts, server/main.ts): what can fail now is the database.
      const ok = await pingDatabase(database.db);
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'pronto' : 'database non raggiungibile', database: database.kind });
    },
  );
};
