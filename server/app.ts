/**
 * The whole application as one Fastify instance: tests build exactly the app
 * that runs. main.ts only opens the database, listens and closes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../common/messages.ts';
import type { ApiErrorBody } from '../common/schemas.ts';
import type { Config } from './config.ts';
import { pingDatabase, type Database } from './db/client.ts';
import { anagraficheRoutes } from './features/anagrafiche/routes.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { peopleRoutes } from './features/people/routes.ts';
import { sessionRoutes } from './features/session/routes.ts';
import { HttpError } from './http-error.ts';
import { auth } from './plugins/auth.ts';

export const clientDist = fileURLToPath(new URL('../dist/client', import.meta.url));

/** Routes of the web app: they answer index.html with 200, any other path with the app's 404 screen. */
export const APP_ROUTES = ['/', '/login', '/calendario', '/stampasettimana', '/anagrafiche'];

export const BODY_LIMIT = 64 * 1024;

export interface AppOptions {
  database: Database;
  config: Pick<Config, 'cookieSecure' | 'sessionIdleMs' | 'sessionMaxMs'> & Partial<Pick<Config, 'trustProxy'>>;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; omitted in API-only tests. */
  clientDir?: string;
}

/** Fastify's own 4xx codes, answered in Italian. */
function clientErrorMessage(error: FastifyError): string {
  if (error.statusCode === 413) return MSG.bodyTooLarge;
  if (error.statusCode === 404) return MSG.notFound;
  return MSG.bodyInvalid;
}

export async function buildApp(options: AppOptions) {
  const { database, config } = options;
  const db = database.db;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy ?? false,
    // pino's default request serializer logs method, url and address: never cookies or headers,
    // which carry the session id and the CSRF token.
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty body counts as {} (the spec's logout sends an empty payload).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, MSG.bodyInvalid), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? MSG.bodyInvalid,
      }));
      const body: ApiErrorBody = { error: issues[0]?.message ?? MSG.bodyInvalid, issues };
      return reply.status(400).send(body);
    }
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ error: clientErrorMessage(error) });
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return reply.status(500).send({ error: MSG.genericError });
  });

  // The security headers, built once (the Fastify plug-in rebuilt them, CSP parsing included, on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // react-bootstrap and react-hot-toast set style attributes
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Plain HTTP on a centre's intranet: upgrading would blank the page (STACK.md).
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(cookie);
  await app.register(auth, {
    db,
    times: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    cookieSecure: config.cookieSecure,
  });

  await app.register(
    async (api) => {
      api.get('/health', async (_req, reply) => {
        const ok = await pingDatabase(db);
        return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'database unreachable', database: database.kind });
      });
      await api.register(sessionRoutes, { db, cookieSecure: config.cookieSecure });
      await api.register(calendarRoutes, { db });
      await api.register(peopleRoutes, { db });
      await api.register(anagraficheRoutes, { db });
      api.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: MSG.notFound }));
    },
    { prefix: '/server' },
  );

  if (options.clientDir && fs.existsSync(path.join(options.clientDir, 'index.html'))) {
    const clientDir = options.clientDir;
    await app.register(fastifyStatic, { root: clientDir, index: false, wildcard: false, maxAge: '1h' });
    const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const sendIndex = (status: number) => (_req: unknown, reply: import('fastify').FastifyReply) =>
      reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    for (const route of APP_ROUTES) app.get(route, sendIndex(200));
    // Hashed assets that are not there are real 404s; any other path gets the app's error screen.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/assets/')) return reply.status(404).send({ error: MSG.notFound });
      return sendIndex(404)(request, reply);
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: MSG.notFound }));
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
