import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { patientFromFindBody, searchBody, therapistFromFindBody } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../lib/guards.ts';
import { SEARCHES, perSessionLimit } from '../../lib/rate-limits.ts';
import {
  findPatients,
  findTherapists,
  listPresentPatients,
  listPresentTherapists,
  patientsFromFind,
  therapistsFromFind,
} from './service.ts';

export const peopleSearchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', requireUser);

  app.get('/terapisti/getpresenze', async () => listPresentTherapists(db));
  app.get('/pazienti/getpresenze', async () => listPresentPatients(db));

  // Each search counts its requests per session (server/lib/rate-limits.ts), both spellings of its path together.
  const limits = {
    findPatients: await perSessionLimit(app, SEARCHES),
    patientsFromFind: await perSessionLimit(app, SEARCHES),
    findTherapists: await perSessionLimit(app, SEARCHES),
    therapistsFromFind: await perSessionLimit(app, SEARCHES),
  };
  // docs/api.md lists these paths with a trailing slash and the web app calls them without: both spellings answer.
  for (const suffix of ['', '/']) {
    app.post(`/pazienti/find${suffix}`, { schema: { body: searchBody }, preHandler: limits.findPatients }, async (req) =>
      findPatients(db, req.body.value),
    );
    app.post(
      `/pazienti/getfromfind${suffix}`,
      { schema: { body: patientFromFindBody }, preHandler: limits.patientsFromFind },
      async (req) => patientsFromFind(db, req.body.nome, req.body.cognome, req.body.cellulare),
    );
    app.post(`/terapisti/find${suffix}`, { schema: { body: searchBody }, preHandler: limits.findTherapists }, async (req) =>
      findTherapists(db, req.body.value),
    );
    app.post(
      `/terapisti/getfromfind${suffix}`,
      { schema: { body: therapistFromFindBody }, preHandler: limits.therapistsFromFind },
      async (req) => therapistsFromFind(db, req.body.username),
    );
  }
};
