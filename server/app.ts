/**
 * The whole application as one Fastify instance: tests build exactly the app
 * that runs. main.ts only opens the database, listens and closes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../common/errors.ts';
import { MSG } from '../common/messages.ts';
import { loadPasswordDictionaries } from '../common/passwords.ts';
import { healthAnswer, type ApiErrorBody } from '../common/schemas.ts';
import { trustProxyOption, type Config, type TlsFiles } from './config.ts';
import { pingDatabase, type Database } from './db/client.ts';
import { ConstraintRefusal } from './db/queries.ts';
import { paths } from '../common/paths.ts';
import { agendaRoutes } from './features/agenda/routes.ts';
import { anagraficheRoutes } from './features/anagrafiche/routes.ts';
import { trasportiRoutes } from './features/trasporti/routes.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { impostazioniRoutes } from './features/impostazioni/routes.ts';
import { liveEvents } from './features/live/plugin.ts';
import { modelliRoutes } from './features/modelli/routes.ts';
import { progettiRoutes } from './features/progetti/routes.ts';
import { flussiRoutes } from './features/flussi/routes.ts';
import { pianificatoreRoutes } from './features/pianificatore/routes.ts';
import { peopleSearchRoutes } from './features/people-search/routes.ts';
import { presenzeRoutes } from './features/presenze/routes.ts';
import { registro } from './features/registro/plugin.ts';
import { registroRoutes } from './features/registro/routes.ts';
import { DEFAULT_METRICS_ACCESS, metricsRoutes } from './features/metrics/routes.ts';
import { auth } from './features/session/plugin.ts';
import { backupRoutes } from './features/backup/routes.ts';
import type { BackupScheduler } from './features/backup/scheduler.ts';
import { backupMetrics } from './features/backup/state.ts';
import { sessionRoutes } from './features/session/routes.ts';
import { HttpError, httpErrorOf } from './lib/http-error.ts';
import { pathOnly, privateLoggerOptions } from './lib/log-privacy.ts';
import { AppMetrics } from './lib/metrics.ts';
import { checkResponse, checkResponseAgainstDocument, plainSerializer, responsesCheckedByDefault } from './lib/response-check.ts';
import { swaggerOptions } from './lib/openapi.ts';
import { openApiRoutes } from './features/openapi/routes.ts';
import { DEFAULT_CALL_LIMITS, accountCallsLimit, callLimitsOf, type CallLimits } from './lib/rate-limits.ts';

export const clientDist = fileURLToPath(new URL('../dist/client', import.meta.url));

/** Vite's hashed build output (`assets/name-hash.ext`, and its .br and .gz): a new build gives a changed file a new name. */
const HASHED_ASSET = /^assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Routes of the web app: they answer index.html with 200, any other path with the app's 404 screen. */
/** The web app's own pages, answered 200 with the app (common/paths.ts: one list for both sides). */
export const APP_ROUTES: string[] = Object.values(paths);

export const BODY_LIMIT = 64 * 1024;

export interface AppOptions {
  database: Database;
  config: Pick<Config, 'cookieSecure' | 'sessionIdleMs' | 'sessionMaxMs'> &
    Partial<Pick<Config, 'trustProxy' | 'auditRetentionDays' | 'liveMaxStreams' | 'metrics'>>;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; omitted in API-only tests. */
  clientDir?: string;
  /** The data folder, where the demo centre's passwords may wait (server/db/seed-demo.ts, retireDemoAccountsFile). */
  dataDir?: string;
  /** TLS_CERT and TLS_KEY read: the server speaks HTTPS itself, HTTP/2 or HTTP/1.1 as the client offers (ALPN). */
  tls?: TlsFiles;
  /** Per-account call limits (server/lib/rate-limits.ts); the defaults unless a test sets its own. */
  limits?: Partial<CallLimits>;
  /** Today in Rome (yyyy-mm-dd) for the progetti's calls; the real one unless a test fixes it. */
  today?: () => string;
  /** The daily backup of this server (server/features/backup): its state and files; without it, the state is the database's alone. */
  backup?: BackupScheduler;
  /** Each answer checked against its route's response schema (server/lib/response-check.ts): by default only under the tests. */
  checkResponses?: boolean;
}

/** Fastify's own 4xx refusals (a body too large, unreadable or of another type), answered in Italian with their code. */
function clientError(status: number): ApiErrorBody {
  if (status === 413) return { error: MSG.bodyTooLarge, code: ERROR_CODES.tooLarge };
  if (status === 404) return { error: MSG.notFound, code: ERROR_CODES.notFound };
  return { error: MSG.bodyInvalid, code: ERROR_CODES.invalidInput };
}

const notFoundBody: ApiErrorBody = { error: MSG.notFound, code: ERROR_CODES.notFound };

/** A route as registered: what the registro's table-driven test walks (every write must audit). */
export interface RouteEntry {
  method: string;
  url: string;
  /** The status codes whose answer the route declares a schema of (every route of /server declares its 200). */
  responses: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, as registered. */
    routeList: RouteEntry[];
    /** This app's metrics (server/lib/metrics.ts): a registry of its own, read by GET /server/metrics. */
    metrics: AppMetrics;
  }
}

export async function buildApp(options: AppOptions) {
  const { database, config } = options;
  // Over HTTPS, the server's own or a proxy's: Secure cookies under `__Host-`, HSTS, and requests upgraded.
  const secure = config.cookieSecure || options.tls !== undefined;
  // The rule of new passwords judges them against its dictionaries, loaded once per process.
  await loadPasswordDictionaries();
  const db = database.db;
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
        // Over plain HTTP on a centre's intranet, upgrading requests to HTTPS would blank the page.
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    // Served over HTTPS (TLS_CERT, or COOKIE_SECURE behind a proxy), browsers are told to come back only over HTTPS for a year.
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
  /** Headers of every answer: the security headers, and no-store unless the web app's files say otherwise below. */
  const commonHeaders = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    // Every answer may carry personal data unless it says otherwise: the built web app sets its own caching below.
    reply.header('cache-control', 'no-store');
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  };
  const answerUnreadableUrl = (request: FastifyRequest, reply: FastifyReply) =>
    commonHeaders(request, reply, () => void reply.status(400).send(clientError(400)));
  const serverOptions = {
    // Requests are logged by method, path and address; errors without their data (server/lib/log-privacy.ts).
    logger: options.logger ? privateLoggerOptions(options.logger) : false,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy ?? false),
    // A URL the router cannot read (`/server/%`) is answered before any hook: it gets the same headers and an Italian 400.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => answerUnreadableUrl(request, reply),
  };
  // With TLS, one port answers HTTP/2 and HTTP/1.1 (ALPN). Fastify's types follow the plain server's:
  // every request and reply the app touches is the same in Node's HTTP/2 compatibility layer.
  const app = (
    options.tls
      ? Fastify({ ...serverOptions, http2: true, https: { allowHTTP1: true, ...options.tls } } as unknown as typeof serverOptions)
      : Fastify(serverOptions)
  ).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are sent as handlers make them; their schemas are checked under the tests (docs/decisions/0034-answers-checked-one-vocabulary.md).
  app.setSerializerCompiler(plainSerializer);
  if (options.checkResponses ?? responsesCheckedByDefault()) {
    app.addHook('onSend', checkResponse);
    // And against the OpenAPI document made of those schemas: docs, schemas and behaviour are one thing (0050).
    app.addHook('onSend', checkResponseAgainstDocument);
  }
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.decorate('callLimits', { ...DEFAULT_CALL_LIMITS, ...options.limits });
  // Metrics: every request by its route's pattern (never the path as asked: it may hold ids), and every statement.
  const metrics = new AppMetrics();
  app.decorate('metrics', metrics);
  metrics.watchQueries(database.queries);
  metrics.watch({ pool: () => database.poolStats() });
  metrics.registerBackupGauge(() => {
    const { lastSuccessAt, lastDurationMs } = backupMetrics();
    return {
      lastSuccessSeconds: lastSuccessAt ? lastSuccessAt.getTime() / 1000 : null,
      lastDurationSeconds: lastDurationMs === null ? null : lastDurationMs / 1000,
    };
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => metrics.unwatchQueries());
  // Before any route: the OpenAPI document is made of the routes as they are registered (server/lib/openapi.ts).
  await app.register(fastifySwagger, swaggerOptions);
  app.addHook('onRoute', (route) => {
    const responses = Object.keys((route.schema?.response as object | undefined) ?? {});
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, responses });
  });

  // An empty body counts as {} (a logout may send an empty payload).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, MSG.bodyInvalid, ERROR_CODES.invalidInput), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const path = (v.instancePath || '').split('/').filter(Boolean);
        // A body that is not an object at all (null, a list, a number) fails before any field's own message.
        const notAnObject = path.length === 0 && v.keyword === 'invalid_type';
        return { path, message: notAnObject || !v.message ? MSG.bodyInvalid : v.message };
      });
      const body: ApiErrorBody = { error: issues[0]?.message ?? MSG.bodyInvalid, code: ERROR_CODES.invalidInput, issues };
      return reply.status(400).send(body);
    }
    const refusal = error instanceof ConstraintRefusal ? httpErrorOf(error) : error;
    if (refusal instanceof HttpError) {
      const body: ApiErrorBody = { error: refusal.message, code: refusal.code };
      if (refusal.path) body.issues = [{ path: refusal.path, message: refusal.message }];
      return reply.status(refusal.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(clientError(status));
    request.log.error({ err: error, url: pathOnly(request.url), method: request.method }, 'request failed');
    const body: ApiErrorBody = { error: MSG.genericError, code: ERROR_CODES.internal };
    return reply.status(500).send(body);
  });

  app.addHook('onRequest', commonHeaders);
  await app.register(cookie);
  await app.register(auth, {
    db,
    times: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    cookieSecure: secure,
  });
  await app.register(liveEvents, {
    database,
    times: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    maxStreams: config.liveMaxStreams,
  });
  await app.register(registro, { db, retentionDays: config.auditRetentionDays ?? 3650 });
  metrics.watch({
    accessLog: () => app.accessLog?.status(),
    live: () => ({ open: app.liveEvents.hub.streamCount, delivered: app.liveEvents.hub.delivered }),
  });

  await app.register(
    async (api) => {
      // Every call of a signed-in account counts in its account's bucket, whichever session makes it.
      api.addHook('onRequest', accountCallsLimit(callLimitsOf(api).accountCalls));
      const health = { 200: healthAnswer, 503: healthAnswer };
      api.get('/health', { schema: { response: health }, config: { beforePasswordChange: true } }, async (req, reply) => {
        const ok = await pingDatabase(db);
        const body = { status: ok ? 'ok' : 'database unreachable', database: database.kind };
        // The access log's buffer (lost reads, entries waiting) is for administrators only.
        const accessLog = req.session && req.session.user.Admin > 0 ? req.server.accessLog?.status() : undefined;
        return reply.status(ok ? 200 : 503).send(accessLog ? { ...body, registroAccessi: accessLog } : body);
      });
      await api.register(metricsRoutes, { database, access: config.metrics ?? DEFAULT_METRICS_ACCESS });
      await api.register(sessionRoutes, { db, cookieSecure: secure, dataDir: options.dataDir });
      await api.register(calendarRoutes, { db });
      await api.register(peopleSearchRoutes, { db });
      await api.register(anagraficheRoutes, { db });
      await api.register(presenzeRoutes, { db });
      await api.register(registroRoutes, { db });
      await api.register(agendaRoutes, { db });
      await api.register(impostazioniRoutes, { db });
      await api.register(modelliRoutes, { db });
      await api.register(progettiRoutes, { db, today: options.today });
      await api.register(trasportiRoutes, { db });
      await api.register(flussiRoutes, { db, today: options.today });
      await api.register(pianificatoreRoutes, { db });
      await api.register(backupRoutes, { database, scheduler: options.backup });
      await api.register(openApiRoutes);
      api.setNotFoundHandler((_req, reply) => reply.status(404).send(notFoundBody));
    },
    { prefix: '/server' },
  );

  if (options.clientDir && fs.existsSync(path.join(options.clientDir, 'index.html'))) {
    const clientDir = options.clientDir;
    // The build's .br and .gz beside each hashed asset (scripts/precompress.ts) go to browsers that accept them, with
    // Vary: Accept-Encoding; the hashed assets never change under their name, so they are cached for a year.
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      maxAge: '1h',
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => {
        if (HASHED_ASSET.test(path.relative(clientDir, filePath))) reply.header('cache-control', IMMUTABLE);
      },
    });
    const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const sendIndex = (status: number) => (_req: unknown, reply: import('fastify').FastifyReply) =>
      reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    for (const route of APP_ROUTES) app.get(route, sendIndex(200));
    // Hashed assets that are not there are real 404s; any other path gets the app's error screen.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/assets/')) return reply.status(404).send(notFoundBody);
      return sendIndex(404)(request, reply);
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send(notFoundBody));
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
