/**
 * Every route declares its answer's zod schema (common/<feature>.ts). In production the answer is
 * sent as the handler made it, JSON.stringify and nothing else; under the tests each answer is
 * checked against its schema as the client would read it, and one that drifts is a 500 the test
 * sees (docs/decisions/0034-answers-checked-one-vocabulary.md).
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';

/** Whether answers are checked unless the app is told otherwise: under the tests (vitest sets VITEST, scripts NODE_ENV=test). */
export const responsesCheckedByDefault = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NODE_ENV === 'test' || env.VITEST !== undefined;

/**
 * The serializer of every route with a response schema: the answer as the handler made it. Zod's
 * own serializer would parse it on every request and strip the keys the schema does not name.
 */
export const plainSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

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
  const text = payload.toString();
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
export function sendSerialised(reply: FastifyReply, json: string | Readable): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
