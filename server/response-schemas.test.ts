/**
 * Every route of /server declares the schema of its answer (common/<feature>.ts), and under the
 * tests each answer is checked against it (server/lib/response-check.ts): an answer that drifts
 * from what the client reads is a 500 the feature's own tests see.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase, buildTestApp } from './test/harness.ts';
import { isDescribedRoute } from './lib/openapi.ts';
import { checkResponse, plainSerializer, responsesCheckedByDefault, sendSerialised } from './lib/response-check.ts';

describe('response schemas', () => {
  it('are declared by every route of /server (but the reference at /server/docs), for its 200 answer (202 for a call that only starts the work)', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const app = await buildTestApp(database);
      // The interactive reference's own files (Swagger UI's page, scripts, its copy of the document) are not calls: the document leaves them out too.
      const routes = app.routeList.filter((r) => isDescribedRoute(r.url) && r.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(80);
      const without = routes.filter((r) => !r.responses.includes('200') && !r.responses.includes('202')).map((r) => `${r.method} ${r.url}`);
      expect(without).toEqual([]);
      await app.close();
    } finally {
      await database.close();
    }
  });

  it('are checked under the tests, and not in production', () => {
    expect(responsesCheckedByDefault({ VITEST: 'true' })).toBe(true);
    expect(responsesCheckedByDefault({ NODE_ENV: 'test' })).toBe(true);
    expect(responsesCheckedByDefault({ NODE_ENV: 'production' })).toBe(false);
  });

  /** A small app with the checked mode of the real one, and routes that answer right and wrong. */
  async function checkedApp() {
    const app = Fastify();
    app.setSerializerCompiler(plainSerializer);
    app.addHook('onSend', checkResponse);
    const answer = { 200: z.object({ ID: z.number().int(), nome: z.string() }) };
    app.get('/right', { schema: { response: answer } }, async () => ({ ID: 1, nome: 'Sala blu', extra: 'kept' }));
    app.get('/wrong', { schema: { response: answer } }, async () => ({ ID: '1', nome: 'Sala blu' }));
    app.get('/text-right', { schema: { response: answer } }, async (_req, reply) => sendSerialised(reply, '{"ID":2,"nome":"Sala rossa"}'));
    app.get('/text-wrong', { schema: { response: answer } }, async (_req, reply) => sendSerialised(reply, '{"ID":2}'));
    return app;
  }

  it('let a right answer through as the handler made it, no key stripped', async () => {
    const app = await checkedApp();
    const res = await app.inject({ method: 'GET', url: '/right' });
    expect([res.statusCode, res.json()]).toEqual([200, { ID: 1, nome: 'Sala blu', extra: 'kept' }]);
    const text = await app.inject({ method: 'GET', url: '/text-right' });
    expect([text.statusCode, text.body]).toEqual([200, '{"ID":2,"nome":"Sala rossa"}']);
    await app.close();
  });

  it('turn an answer that drifts from its schema into a 500, whether an object or text serialised already', async () => {
    const app = await checkedApp();
    const quiet = console.error;
    console.error = () => {};
    try {
      expect((await app.inject({ method: 'GET', url: '/wrong' })).statusCode).toBe(500);
      expect((await app.inject({ method: 'GET', url: '/text-wrong' })).statusCode).toBe(500);
    } finally {
      console.error = quiet;
    }
    await app.close();
  });
});
