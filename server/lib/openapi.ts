/**
 * The OpenAPI 3.1 document of /server, generated from the routes' own zod schemas (request and
 * response) by @fastify/swagger and fastify-type-provider-zod: nothing is written by hand, so a
 * route added with its schemas is described by them (docs/decisions/0050-openapi-document.md).
 * Served at GET /server/openapi.json, written to docs/openapi.json by `npm run docs:openapi`, and
 * under the tests every answer is checked against it (server/lib/response-check.ts).
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorAnswer } from '../../common/openapi.ts';

/** The routes described: those of /server, but the reference's own files (the page, its scripts, its copy of the document). */
export const API_PREFIX = '/server/';
export const DOCS_PREFIX = '/server/docs';
export const isDescribedRoute = (url: string) => url.startsWith(API_PREFIX) && url !== DOCS_PREFIX && !url.startsWith(`${DOCS_PREFIX}/`);

/** The media type of JSON answers; any other (a file, an event stream) is named by its schema's contentMediaType (common/schemas.ts, textAnswer). */
export const JSON_MEDIA_TYPE = 'application/json';

type JsonSchema = Record<string, unknown>;
interface MediaContent {
  schema: JsonSchema;
}
/** A response as @fastify/swagger takes it when it names its content types itself. */
interface ContentResponse {
  description: string;
  content: Record<string, MediaContent>;
}

const mediaTypeOf = (schema: JsonSchema): string | undefined =>
  typeof schema.contentMediaType === 'string' ? schema.contentMediaType : undefined;

/**
 * Answers are sent as handlers make them, no key stripped (0034): a zod object in output mode says
 * `additionalProperties: false`, which the answers do not promise. Objects of answers stay open, as
 * clients read them: a field added to an answer breaks no client.
 */
export function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema).filter(([key, value]) => !(key === 'additionalProperties' && value === false));
  return Object.fromEntries(entries.map(([key, value]) => [key, openObjects(value)]));
}

/**
 * One response's JSON schema, split by content type: a text answer (`textAnswer('text/csv')`) is
 * described as that type; a union of JSON and files (the flussi's `formato`) as each of its types.
 */
export function responseContent(schema: JsonSchema): JsonSchema | ContentResponse {
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [schema];
  if (!branches.some((b) => mediaTypeOf(b) !== undefined)) return schema;
  const content: Record<string, MediaContent> = {};
  const json = branches.filter((b) => mediaTypeOf(b) === undefined);
  if (json.length > 0) content[JSON_MEDIA_TYPE] = { schema: json.length === 1 ? json[0] : { anyOf: json } };
  for (const branch of branches) {
    const type = mediaTypeOf(branch);
    if (type !== undefined) content[type] = { schema: { type: 'string' } };
  }
  const description = typeof schema.description === 'string' ? schema.description : 'Risposta';
  return { description, content: Object.fromEntries(Object.entries(content).sort(([a], [b]) => a.localeCompare(b))) };
}

/** The part of the path that names the feature (`/server/calendario/get` → calendario): the reference groups operations by it. */
export const tagOf = (url: string) => url.slice(API_PREFIX.length).split('/')[0] || 'server';

/** The refusals' one shape (docs/api.md, Errors): one component, the 4XX and 5XX answers of every call that does not name its own. */
const ERROR_COMPONENT = 'Errore';
const errorSchema = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(apiErrorAnswer, { target: 'draft-2020-12', io: 'output' });
  return openObjects(schema) as JsonSchema;
})();
const errorResponse: ContentResponse = {
  description: 'Rifiuto o errore: { error, code } (docs/api.md, Errors)',
  content: { [JSON_MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${ERROR_COMPONENT}` } } },
};

type TransformArgument = Parameters<typeof jsonSchemaTransform>[0];

/** @fastify/swagger's transform: zod to JSON Schema (the type provider's), then the content types, a tag, and the routes not described hidden. */
export function describeRoute(argument: TransformArgument): ReturnType<typeof jsonSchemaTransform> {
  if (!isDescribedRoute(argument.url)) return { schema: { hide: true }, url: argument.url };
  const { schema, url } = jsonSchemaTransform(argument);
  const described = { ...(schema as Record<string, unknown>), tags: [tagOf(url)] } as Record<string, unknown>;
  const response = described.response as Record<string, JsonSchema> | undefined;
  const answers = Object.entries(response ?? {}).map(([status, s]) => [
    status.toUpperCase(),
    responseContent(openObjects(s) as JsonSchema),
  ]);
  const errors = ['4XX', '5XX'].map((status) => [status, errorResponse]);
  described.response = Object.fromEntries([...errors, ...answers]);
  return { schema: described as typeof schema, url };
}

/** Object keys sorted at every depth: the document's text depends on its content only, never on the order routes were registered. */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** The document's paths and their operations in order; everything else as generated. */
function sortedDocument(document: Record<string, unknown>): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, unknown>;
  return { ...document, paths: sortedKeys(paths) };
}

/** How @fastify/swagger is registered (server/app.ts). */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Giornata',
      description:
        'Le chiamate al server di Giornata, il planner giornaliero di un centro diurno. Le convenzioni (sessione, CSRF, ruoli, errori) sono in docs/api.md; questo documento è generato dagli schemi con cui il server valida richieste e risposte.',
      version: '1',
    },
    components: { schemas: { [ERROR_COMPONENT]: errorSchema } },
  },
  transform: describeRoute,
  transformObject: (documentObject) => sortedDocument((documentObject as { openapiObject: Record<string, unknown> }).openapiObject),
};

/** The document's text as docs/openapi.json holds it: keys sorted, two spaces, a final newline. */
export const documentText = (document: unknown) => `${JSON.stringify(sortedKeys(document), null, 2)}\n`;
