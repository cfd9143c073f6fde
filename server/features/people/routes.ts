import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { patientFromFindBody, searchBody, therapistFromFindBody } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listPresentPatients, listPresentTherapists } from '../calendar/reads.ts';
import { findPatients, findTherapists, patientsFromFind, therapistsFromFind } from './service.ts';

export const peopleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', requireUser);

  app.get('/terapisti/getpresenze', async () => listPresentTherapists(db));
  app.get('/pazienti/getpresenze', async () => listPresentPatients(db));

  // The spec writes these paths with a trailing slash; both spellings answer.
  for (const suffix of ['', '/']) {
    app.post(`/pazienti/find${suffix}`, { schema: { body: searchBody } }, async (req) => findPatients(db, req.body.value));
    app.post(`/pazienti/getfromfind${suffix}`, { schema: { body: patientFromFindBody } }, async (req) =>
      patientsFromFind(db, req.body.nome, req.body.cognome, req.body.cellulare),
    );
    app.post(`/terapisti/find${suffix}`, { schema: { body: searchBody } }, async (req) => findTherapists(db, req.body.value));
    app.post(`/terapisti/getfromfind${suffix}`, { schema: { body: therapistFromFindBody } }, async (req) =>
      therapistsFromFind(db, req.body.username),
    );
  }
};
