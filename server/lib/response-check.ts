/**
 * Every route declares its answer's zod schema (common/<feature>.ts). In production the answer is
 * sent as the handler made it, JSON.stringify and nothing else; under the tests each answer is
 * checked against its schema as the client would read it, and one that drifts is a 500 the test
 * sees (docs/decisions/0034-answers-checked-one-vocabulary.md).
 */
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isDescribedRoute, JSON_MEDIA_TYPE } from './openapi.ts';

/** Whether answers are checked unless the app is told otherwise: under the tests (vitest sets VITEST, scripts NODE_ENV=test). */
export const responsesCheckedByDefault = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NODE_ENV === 'test' || env.VITEST !== undefined;

/**
 * The serializer of every route with a response schema: the answer as the handler made it. Zod's
 * own serializer would parse it on every request and strip the keys the schema does not name.
 */
export const plainSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** A checked answer's text: a cached answer may be sent gzipped (server/features/calendar/day-cache.ts). */
function textOf(reply: FastifyReply, payload: string | Buffer): string {
  if (typeof payload !== 'string' && reply.getHeader('content-encoding') === 'gzip') return zlib.gunzipSync(payload).toString();
  return payload.toString();
}

/** An answer that does not match its route's schema: a bug of the server (or of the contract), never of the caller. */
export class ResponseContractError extends Error {
  constructor(method: string, url: string, issues: z.core.$ZodIssue[]) {
    // Paths and expectations only: an issue never carries the answer's values.
    const where = issues.slice(0, 5).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    super(`${method} ${url}: the answer does not match its response schema (${where.join('; ')})`);
    this.name = 'ResponseContractError';
  }
}

/** The route's schema of an answer of this status (`200`, or `2xx`), if it declares one. */
function schemaOf(request: FastifyRequest, status: number): z.ZodType | undefined {
  const response = request.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
  return response?.[status] ?? response?.[`${Math.floor(status / 100)}xx`];
}

/**
 * The onSend hook of the checked mode: JSON answers, whether serialised here or sent already as
 * text (the day's cache), parsed back as the client reads them and checked. Streams (the
 * unfiltered link lists) go unchecked: their rows are the filtered lists' rows, which are.
 */
export async function checkResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const schema = schemaOf(request, reply.statusCode);
  if (!schema || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  const text = textOf(reply, payload);
  const value: unknown = type.includes('json') ? JSON.parse(text) : text;
  const result = schema.safeParse(value);
  if (!result.success) {
    const error = new ResponseContractError(request.method, request.routeOptions.url ?? request.url, result.error.issues);
    // The tests run without a logger: the drift is told where the developer sees it.
    console.error(error.message);
    throw error;
  }
  return payload;
}

/**
 * An answer serialised already (the day's cache) or streamed (a list of every day): sent as it is, so
 * Fastify does not serialise it again. Its route's schema still names its shape, which the checked
 * mode verifies on the text; a stream goes unchecked (checkResponse).
 */
export function sendSerialised(reply: FastifyReply, json: string | Buffer | Readable): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** A route's answers as the OpenAPI document describes them, compiled once per route, status and content type. */
interface DocumentChecks {
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction | null>;
}
const documentChecks = new WeakMap<object, DocumentChecks>();
const DOCUMENT_ID = 'giornata-openapi';

/** The OpenAPI path of a route (`/server/x/:id` → `/server/x/{id}`), as @fastify/swagger writes it. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** A JSON pointer's segment (RFC 6901). */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

type ResponsesObject = Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;

/** The answer's description in the document: its status (`200`, else `2XX`, else `default`), or undefined when it describes none. */
function describedStatus(responses: ResponsesObject | undefined, status: number): string | undefined {
  if (!responses) return undefined;
  return [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((key) => responses[key] !== undefined);
}

/** The media type of an answer, without its parameters (`text/csv; charset=utf-8` → text/csv). */
const mediaTypeOf = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** An answer that the OpenAPI document does not describe: of a content type it does not name, or a JSON body its schema refuses. */
export class DocumentContractError extends Error {
  constructor(method: string, url: string, problem: string) {
    super(`${method} ${url}: the answer does not match the OpenAPI document (${problem})`);
    this.name = 'DocumentContractError';
  }
}

/**
 * The onSend hook of the checked mode, after checkResponse: the answer against the OpenAPI
 * document (server/lib/openapi.ts) for its route, status and content type. JSON answers are
 * parsed and validated with Ajv (JSON Schema 2020-12, the document's dialect); any other answer
 * (a file, the event stream) must come with a content type the document names for it.
 */
export async function checkResponseAgainstDocument(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const url = request.routeOptions.url;
  if (!url || !isDescribedRoute(url) || typeof request.server.swagger !== 'function') return payload;
  const document = request.server.swagger() as unknown as { paths?: Record<string, Record<string, { responses?: ResponsesObject }>> };
  const path = openApiPath(url);
  const method = request.method.toLowerCase();
  const responses = document.paths?.[path]?.[method]?.responses;
  const status = describedStatus(responses, reply.statusCode);
  if (!responses || status === undefined) return payload;
  const content = responses[status]?.content;
  const type = mediaTypeOf(reply.getHeader('content-type'));
  if (content === undefined) return payload;
  const fail = (problem: string) => {
    const error = new DocumentContractError(request.method, url, problem);
    console.error(error.message);
    throw error;
  };
  const described = Object.keys(content);
  if (!type) return fail(`no content type, where the document names ${described.join(', ')}`);
  // Compared without parameters on either side (`text/plain; version=0.0.4` is text/plain).
  const key = described.find((k) => mediaTypeOf(k) === type);
  if (key === undefined) {
    const hint = type === JSON_MEDIA_TYPE ? '' : `: declare the answer as textAnswer('${type}') (common/schemas.ts)`;
    return fail(`${type} is not among the document's ${described.join(', ')}${hint}`);
  }
  if (type !== JSON_MEDIA_TYPE || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const validate = validatorOf(document, [path, method, 'responses', status, 'content', key, 'schema']);
  if (validate && !validate(JSON.parse(textOf(reply, payload)))) {
    // Paths and keywords only: Ajv's messages name the expectation, never the answer's values.
    const where = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(answer)'}: ${e.keyword} ${e.message ?? ''}`.trim());
    fail(where.join('; '));
  }
  return payload;
}

/** The compiled schema at `paths/…` of the document, its references resolved within the document (null: no schema there). */
function validatorOf(document: object, at: string[]): ValidateFunction | null {
  let checks = documentChecks.get(document);
  if (!checks) {
    // Formats as zod writes them (date, date-time, email…) are checked too; the document's own keywords are not schema keywords.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(ajv);
    ajv.addSchema(document, DOCUMENT_ID);
    checks = { ajv, validators: new Map() };
    documentChecks.set(document, checks);
  }
  const ref = `${DOCUMENT_ID}#/paths/${at.map(pointer).join('/')}`;
  let validate = checks.validators.get(ref);
  if (validate === undefined) {
    validate = checks.ajv.getSchema(ref) ?? null;
    checks.validators.set(ref, validate);
  }
  return validate;
}
