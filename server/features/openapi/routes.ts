/**
 * The API described: the OpenAPI document for any signed-in account, and its interactive
 * reference (Swagger UI, served from the package: no file from the internet) for administrators.
 * The document itself is made by @fastify/swagger from every route's schemas (server/lib/openapi.ts).
 */
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../common/schemas.ts';
import { openApiDocumentAnswer, type OpenApiDocument } from '../../../common/openapi.ts';
import { requireAdmin, requireUser } from '../../lib/guards.ts';

/**
 * Runs in the browser, not here: Swagger UI's initializer carries its text. "Try it out" sends the
 * CSRF header every write needs, from the cookie as the web app does (`__Host-` over HTTPS).
 */
function withCsrfHeader<R extends object>(request: R): R {
  const cookies = (globalThis as unknown as { document: { cookie: string } }).document.cookie;
  const token = /(?:^|;\s*)(?:__Host-)?XSRF-TOKEN=([^;]*)/.exec(cookies);
  const headers = (request as { headers?: Record<string, string> }).headers;
  if (token && headers) headers['X-XSRF-TOKEN'] = decodeURIComponent(token[1]);
  return request;
}

export async function openApiRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/openapi.json',
    { schema: { response: ok(openApiDocumentAnswer) }, onRequest: requireUser },
    async () =>
      // The document as @fastify/swagger made it, once and then from its cache.
      app.swagger() as unknown as OpenApiDocument,
  );
  // Its page, its copy of the document (./json) and every file of Swagger UI (./static/*, served by
  // @fastify/static, which takes no hooks of its own): all for administrators only, by this scope's hook.
  await app.register(async (reference) => {
    reference.addHook('onRequest', requireAdmin);
    await reference.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      // The page names its scripts and styles by absolute path: under this app's /server.
      indexPrefix: '/server',
      uiConfig: {
        deepLinking: false,
        docExpansion: 'list',
        defaultModelsExpandDepth: -1,
        filter: true,
        requestInterceptor: withCsrfHeader,
      },
      theme: { title: 'Giornata: le chiamate al server' },
    });
  });
}
