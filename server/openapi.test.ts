/**
 * The API described (docs/decisions/0050-openapi-document.md): the OpenAPI 3.1 document that
 * @fastify/swagger makes from the routes' own zod schemas is a valid document, is the one committed
 * in docs/openapi.json, names every call of SPEC with its fields, and is served to signed-in
 * accounts, its reference to administrators. That every answer of the tests matches it is the
 * checked mode's work (server/lib/response-check.ts), shown at the end on a small app.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../common/errors.ts';
import { textAnswer } from '../common/schemas.ts';
import { describeOnBothDatabases, openTestDatabase, buildTestApp, signedInCentre, codeOf, TestClient } from './test/harness.ts';
import type { App } from './app.ts';
import { documentText, swaggerOptions } from './lib/openapi.ts';
import { checkResponseAgainstDocument, plainSerializer } from './lib/response-check.ts';
import type { Database } from './db/client.ts';

const DOCUMENT_FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; type?: unknown };
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** The field names of a JSON schema: an object's, a list's items', any branch's. */
function fieldsOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.items) return fieldsOf(schema.items);
  if (schema.anyOf) return schema.anyOf.flatMap(fieldsOf);
  return Object.keys(schema.properties ?? {});
}

/**
 * SPEC's calls (/work/shared/SPEC.md, "The calls it makes"), the fields each sends, and the fields
 * SPEC names in its answer (its entities, section 3): the seed's own client contract.
 */
const ACTIVITY = ['ID', 'NomeAttivita', 'RifStanza', 'Data', 'Giorno', 'OraInizio', 'OraFine', 'RifTrasporto'];
const SPEC_CALLS: [method: string, path: string, body: string[], answer: string[]][] = [
  ['post', '/server/user/login', ['username', 'pass'], ['value']],
  ['post', '/server/user/logout', [], []],
  ['get', '/server/user/auth', [], ['Admin']],
  ['post', '/server/calendario/get', ['data'], ACTIVITY],
  ['get', '/server/calendario/getterapisti', [], ['ID', 'RifAttivita', 'RifTerapista']],
  ['get', '/server/calendario/getpazienti', [], ['ID', 'RifAttivita', 'RifPaziente']],
  ['get', '/server/terapisti/getpresenze', [], ['ID', 'username']],
  ['get', '/server/pazienti/getpresenze', [], ['ID', 'Nome', 'Cognome', 'Cellulare']],
  ['get', '/server/calendario/getstanze', [], ['ID', 'Nome']],
  ['post', '/server/calendario/gettrasporto', ['data'], ['ID', 'Tratta', 'Ora', 'OraArrivo', 'RifPulmino', 'Data']],
  ['get', '/server/calendario/gettrasportoter', [], ['RifUscita', 'RifTerapista']],
  ['get', '/server/calendario/gettrasportopaz', [], ['RifUscita', 'RifPaziente']],
  ['post', '/server/calendario/getattivitasingle', ['attivita'], ACTIVITY],
  ['post', '/server/calendario/getattivitaterapista', ['terapistaId'], ['ID', 'RifAttivita', 'RifTerapista']],
  ['post', '/server/calendario/getattivitapaziente', ['pazienteId'], ['ID', 'RifAttivita', 'RifPaziente']],
  ['post', '/server/calendario/getfirstattivita', ['data', 'ora', 'stanza'], ACTIVITY],
  ['post', '/server/calendario/getattivitaweek', ['datastart', 'datastop'], ACTIVITY],
  ['post', '/server/calendario/getweektrasporto', ['datastart', 'datastop'], ['ID', 'Tratta', 'Ora', 'OraArrivo', 'RifPulmino', 'Data']],
  ['put', '/server/calendario/insertpaziente', ['paziente', 'attivita'], []],
  ['put', '/server/calendario/insertterapista', ['terapista', 'attivita'], []],
  ['post', '/server/calendario/checkattivita', ['paziente', 'attivita'], []],
  ['post', '/server/calendario/checkattivitater', ['terapista', 'attivita'], []],
  ['post', '/server/calendario/emptyday', ['data'], []],
  ['put', '/server/calendario/createattivita', ['nome', 'stanza', 'giorno', 'data', 'orainizio', 'orafine', 'trasporto'], ['insertId']],
  [
    'post',
    '/server/calendario/updateattivita',
    ['nome', 'stanza', 'data', 'giorno', 'orainizio', 'orafine', 'trasporto', 'attivitaId'],
    [],
  ],
  ['post', '/server/calendario/removeattivita', ['attivitaId'], []],
  ['post', '/server/calendario/removepaziente', ['id'], []],
  ['post', '/server/calendario/removeterapista', ['id'], []],
  ['post', '/server/pazienti/find/', ['value'], ['Nome', 'Cognome', 'Cellulare']],
  ['post', '/server/pazienti/getfromfind/', ['nome', 'cognome', 'cellulare'], []],
  ['post', '/server/terapisti/find/', ['value'], []],
  ['post', '/server/terapisti/getfromfind/', ['username'], []],
];

describe('the OpenAPI document', () => {
  let database: Database;
  let app: App;
  let document: Document;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildTestApp(database);
    await app.ready();
    document = app.swagger() as unknown as Document;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is the one committed in docs/openapi.json', () => {
    const committed = fs.existsSync(DOCUMENT_FILE) ? fs.readFileSync(DOCUMENT_FILE, 'utf8') : '';
    const generated = documentText(document);
    expect(
      committed === generated,
      'docs/openapi.json differs from the document the routes make: run `npm run docs:openapi` and commit docs/openapi.json',
    ).toBe(true);
  });

  it('describes every call of SPEC with the fields it sends and the fields SPEC names in its answer', () => {
    const missing: string[] = [];
    for (const [method, path, body, answer] of SPEC_CALLS) {
      const operation = document.paths[path]?.[method];
      if (!operation) {
        missing.push(`${method.toUpperCase()} ${path}`);
        continue;
      }
      const sent = fieldsOf(operation.requestBody?.content['application/json']?.schema);
      const answered = fieldsOf(operation.responses['200']?.content?.['application/json']?.schema);
      for (const field of body.filter((f) => !sent.includes(f))) missing.push(`${method.toUpperCase()} ${path}: ${field} (sent)`);
      for (const field of answer.filter((f) => !answered.includes(f))) missing.push(`${method.toUpperCase()} ${path}: ${field} (answered)`);
    }
    expect(missing).toEqual([]);
  });

  it('describes the answers that are not JSON by their content type: the calendar feed, the live events, the flussi files', () => {
    const typesOf = (path: string) => Object.keys(document.paths[path]?.get?.responses['200']?.content ?? {});
    expect(typesOf('/server/ical/{file}')).toEqual(['text/calendar']);
    expect(typesOf('/server/eventi')).toEqual(['text/event-stream']);
    expect(typesOf('/server/flussi/asl')).toEqual(['application/json', 'text/csv']);
    expect(typesOf('/server/flussi/siar/oreprof')).toEqual(['application/json', 'application/xml', 'text/csv']);
    expect(typesOf('/server/flussi/sism/pss')).toEqual(['application/json', 'application/xml', 'text/csv']);
  });

  it('describes the routes of /server only, without the reference’s own files', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((p) => !p.startsWith('/server/') || p.startsWith('/server/docs'))).toEqual([]);
    expect(paths).toEqual([...paths].sort());
  });

  it('describes the refusals of every call in the house’s one shape, { error, code }, with every code', () => {
    const without: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const refusal = operation.responses['4XX']?.content?.['application/json']?.schema as { $ref?: string } | undefined;
        if (refusal?.$ref !== '#/components/schemas/Errore') without.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(without).toEqual([]);
    const error = (document as unknown as { components: { schemas: Record<string, { properties: { code: { enum: string[] } } }> } })
      .components.schemas.Errore;
    expect(error.properties.code.enum).toEqual(Object.values(ERROR_CODES));
  });
});

describeOnBothDatabases('the OpenAPI document served', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;
  beforeEach(async () => {
    ({ admin, viewer } = await signedInCentre(ctx));
  });

  it('to any signed-in account at /server/openapi.json, and to nobody else', async () => {
    const read = await viewer.get<Document & { openapi: string }>('/server/openapi.json');
    expect(read.status).toBe(200);
    expect(read.body.openapi).toBe('3.1.0');
    expect(Object.keys(read.body.paths)).toContain('/server/calendario/get');
    const anonymous = await new TestClient(ctx.app).get('/server/openapi.json');
    expect([anonymous.status, codeOf(anonymous.body)]).toEqual([403, ERROR_CODES.notSignedIn]);
  });

  it('with its interactive reference at /server/docs for administrators only, served from the package', async () => {
    const page = await admin.get('/server/docs');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/text\/html/);
    expect(page.text).not.toMatch(/https?:\/\//);
    const script = await admin.get('/server/docs/static/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    const copy = await admin.get<Document>('/server/docs/json');
    expect(Object.keys(copy.body.paths)).toContain('/server/calendario/get');
    for (const url of ['/server/docs', '/server/docs/json', '/server/docs/static/swagger-ui-bundle.js']) {
      const refused = await viewer.get(url);
      expect([url, refused.status, codeOf(refused.body)]).toEqual([url, 403, ERROR_CODES.adminOnly]);
      const anonymous = await new TestClient(ctx.app).get(url);
      expect([url, anonymous.status, codeOf(anonymous.body)]).toEqual([url, 403, ERROR_CODES.notSignedIn]);
    }
  });
});

describe('answers checked against the OpenAPI document', () => {
  /** A small app with the document check alone (no zod check): the document decides. */
  async function documentCheckedApp() {
    const app = Fastify();
    app.setSerializerCompiler(plainSerializer);
    // Refusals in the house's one shape, as server/app.ts answers them.
    app.setErrorHandler((error: { statusCode?: number }, _req, reply) => {
      const status = error.statusCode ?? 500;
      return reply
        .status(status)
        .send(status === 404 ? { error: 'Non trovato', code: 'not_found' } : { error: 'Errore', code: 'internal' });
    });
    app.addHook('onSend', checkResponseAgainstDocument);
    await app.register(fastifySwagger, swaggerOptions);
    const answer = { 200: z.object({ ID: z.number().int(), nome: z.string() }) };
    app.get('/server/right', { schema: { response: answer } }, async () => ({ ID: 1, nome: 'Sala blu', extra: 'kept' }));
    app.get('/server/wrong', { schema: { response: answer } }, async () => ({ ID: '1', nome: 'Sala blu' }));
    app.get('/server/file', { schema: { response: { 200: textAnswer('text/csv') } } }, async (_req, reply) =>
      reply.type('text/csv; charset=utf-8').send('a;b\n'),
    );
    app.get('/server/file-mislabelled', { schema: { response: { 200: textAnswer('text/csv') } } }, async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('a;b\n'),
    );
    app.get('/server/refused', { schema: { response: answer } }, async () => {
      throw Object.assign(new Error('Non trovato'), { statusCode: 404 });
    });
    app.get('/server/refused-otherwise', { schema: { response: answer } }, async (_req, reply) => {
      // A refusal in a shape of its own: the document describes every 4XX as the house's.
      return (reply as unknown as { status(n: number): { send(b: unknown): unknown } }).status(409).send({ message: 'no' });
    });
    await app.ready();
    return app;
  }

  it('let a described answer through as the handler made it: a JSON body with a field more, a file of its type, a refusal', async () => {
    const app = await documentCheckedApp();
    const right = await app.inject({ method: 'GET', url: '/server/right' });
    expect([right.statusCode, right.json()]).toEqual([200, { ID: 1, nome: 'Sala blu', extra: 'kept' }]);
    const file = await app.inject({ method: 'GET', url: '/server/file' });
    expect([file.statusCode, file.body]).toEqual([200, 'a;b\n']);
    const refused = await app.inject({ method: 'GET', url: '/server/refused' });
    expect([refused.statusCode, refused.json()]).toEqual([404, { error: 'Non trovato', code: 'not_found' }]);
    await app.close();
  });

  it('turn an answer the document does not describe into a 500: a JSON body its schema refuses, a file of another type, a refusal of another shape', async () => {
    const app = await documentCheckedApp();
    const quiet = console.error;
    const told: string[] = [];
    console.error = (message: string) => told.push(message);
    try {
      expect((await app.inject({ method: 'GET', url: '/server/wrong' })).statusCode).toBe(500);
      expect((await app.inject({ method: 'GET', url: '/server/file-mislabelled' })).statusCode).toBe(500);
      expect((await app.inject({ method: 'GET', url: '/server/refused-otherwise' })).statusCode).toBe(500);
    } finally {
      console.error = quiet;
    }
    expect(told).toEqual([
      expect.stringMatching(/GET \/server\/wrong: the answer does not match the OpenAPI document \(\/ID: type/),
      expect.stringMatching(/GET \/server\/file-mislabelled: .*text\/plain is not among the document's text\/csv/),
      expect.stringMatching(/GET \/server\/refused-otherwise: .*must have required property 'error'/),
    ]);
    await app.close();
  });
});
