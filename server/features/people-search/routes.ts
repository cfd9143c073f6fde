import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { patientFromFindBody, searchBody, therapistFromFindBody } from '../../../common/schemas.ts';
import { z } from 'zod';
import { ok, patientAnswer, therapistAnswer } from '../../../common/calendario.ts';
import type { Db } from '../../db/client.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import { requireUser } from '../../lib/guards.ts';
import { callLimitsOf, perAccountLimit } from '../../lib/rate-limits.ts';
import {
  findPatients,
  findTherapists,
  listPresentPatients,
  listPresentTherapists,
  patientsFromFind,
  therapistsFromFind,
} from './service.ts';

export const peopleSearchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', requireUser);

  app.get('/terapisti/getpresenze', { schema: { response: ok(z.array(therapistAnswer)) } }, async () => listPresentTherapists(db));
  // Searches and lists of patients are logged under each patient they return (the access log), never with what was typed.
  app.get('/pazienti/getpresenze', { schema: { response: ok(z.array(patientAnswer)) } }, async (req) => {
    const list = await listPresentPatients(db);
    recordPatientsRead(
      req,
      { kind: 'ricerca' },
      list.map((p) => p.ID),
    );
    return list;
  });

  // Each search counts its requests per account (server/lib/rate-limits.ts), both spellings of its path together.
  const limits = {
    findPatients: await perAccountLimit(app, callLimitsOf(app).searches),
    patientsFromFind: await perAccountLimit(app, callLimitsOf(app).searches),
    findTherapists: await perAccountLimit(app, callLimitsOf(app).searches),
    therapistsFromFind: await perAccountLimit(app, callLimitsOf(app).searches),
  };
  /** The utenti a search found go to the access log, as a search (not a read of each one's record). */
  const searched = <T extends { ID: number }>(req: FastifyRequest, found: T[]) => {
    recordPatientsRead(
      req,
      { kind: 'ricerca' },
      found.map((p) => p.ID),
    );
    return found;
  };
  // docs/api.md lists these paths with a trailing slash and the web app calls them without: both spellings answer.
  for (const suffix of ['', '/']) {
    app.post(
      `/pazienti/find${suffix}`,
      { schema: { body: searchBody, response: ok(z.array(patientAnswer)) }, preHandler: limits.findPatients },
      async (req) => searched(req, await findPatients(db, req.body.value)),
    );
    app.post(
      `/pazienti/getfromfind${suffix}`,
      { schema: { body: patientFromFindBody, response: ok(z.array(patientAnswer)) }, preHandler: limits.patientsFromFind },
      async (req) => searched(req, await patientsFromFind(db, req.body.nome, req.body.cognome, req.body.cellulare)),
    );
    app.post(
      `/terapisti/find${suffix}`,
      { schema: { body: searchBody, response: ok(z.array(therapistAnswer)) }, preHandler: limits.findTherapists },
      async (req) => findTherapists(db, req.body.value),
    );
    app.post(
      `/terapisti/getfromfind${suffix}`,
      { schema: { body: therapistFromFindBody, response: ok(z.array(therapistAnswer)) }, preHandler: limits.therapistsFromFind },
      async (req) => therapistsFromFind(db, req.body.username),
    );
  }
};
