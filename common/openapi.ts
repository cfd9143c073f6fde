/**
 * GET /server/openapi.json: the OpenAPI 3.1 document of the server's calls, generated from the
 * routes' own schemas (server/lib/openapi.ts, docs/decisions/0050-openapi-document.md).
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Every refusal's body (common/schemas.ts, ApiErrorBody), as the document describes the 4XX and 5XX answers of every call. */
export const apiErrorAnswer = z.object({
  error: z.string().describe('Il messaggio in italiano, per le persone: può cambiare'),
  code: z.enum(Object.values(ERROR_CODES)).describe('Il codice stabile, per i programmi (docs/api.md, Errors)'),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});

export const openApiDocumentAnswer = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .loose();
export type OpenApiDocument = z.infer<typeof openApiDocumentAnswer>;
