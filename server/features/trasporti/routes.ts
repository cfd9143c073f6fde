/**
 * Trasporti (issue 30, docs/api.md): the fleet and a run's stops under /server/anagrafiche (administrators, as the
 * rest of the Anagrafiche), the fogli di marcia and the Trasporti del mese under /server/trasporti. Reads naming
 * utenti go to the access log under each of them; every answer is `no-store` (server/app.ts).
 */
import { eq, and } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertedAnswer } from '../../../common/anagrafiche.ts';
import { conflictsAfterAnswer, ok, okAnswer } from '../../../common/calendario.ts';
import {
  fogliAnswer,
  fogliQuerySchema,
  meseAnswer,
  meseQuerySchema,
  mezziListAnswer,
  mezzoFormSchema,
  mezzoUpdateSchema,
  runDriverSchema,
  runOrderSchema,
  runStopSchema,
} from '../../../common/trasporti.ts';
import type { Db } from '../../db/client.ts';
import { therapists } from '../../db/schema.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import * as mezzi from './mezzi.ts';
import { tripsOfMonth } from './month.ts';
import { readFogli } from './sheets.ts';
import { setDriver, setOrder, setStopTime } from './stops.ts';
import { archivedQuery, archiveRoutes } from '../../lib/archive.ts';

const fleetRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);
  const body = <T extends z.ZodType, A extends z.ZodType>(schema: T, answer: A) => ({ schema: { body: schema, response: ok(answer) } });

  app.get('/mezzi', { schema: { querystring: archivedQuery, response: ok(mezziListAnswer) } }, async (req) =>
    mezzi.listMezzi(db, req.query.archiviati === '1'),
  );
  app.put('/mezzi', body(mezzoFormSchema, insertedAnswer), async (req) => mezzi.createMezzo(db, currentUser(req), req.body));
  app.post('/mezzi/update', body(mezzoUpdateSchema, okAnswer), async (req) => mezzi.updateMezzo(db, currentUser(req), req.body));
  archiveRoutes(app, db, '/mezzi', mezzi.setMezzoArchived);

  app.post('/uscite/ordine', body(runOrderSchema, okAnswer), async (req) =>
    setOrder(db, currentUser(req), req.body.uscita, req.body.pazienti),
  );
  app.post('/uscite/fermata', body(runStopSchema, okAnswer), async (req) =>
    setStopTime(db, currentUser(req), req.body.uscita, req.body.paziente, req.body.ora),
  );
  app.post('/uscite/autista', body(runDriverSchema, conflictsAfterAnswer), async (req) =>
    setDriver(db, currentUser(req), req.body.uscita, req.body.terapista),
  );
};

const sheetRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Any signed-in account: an administrator reads every run, anyone else the runs she is on (La mia agenda).
  app.get('/fogli', { onRequest: requireUser, schema: { querystring: fogliQuerySchema, response: ok(fogliAnswer) } }, async (req) => {
    const user = currentUser(req);
    let only: number | null | 'none' = null;
    if (user.Admin <= 0) {
      const [mine] = await db
        .select({ id: therapists.id })
        .from(therapists)
        .where(and(eq(therapists.userId, user.ID), eq(therapists.archived, false)));
      only = mine ? mine.id : 'none';
    }
    const answer = await readFogli(db, req.query.data, only);
    recordPatientsRead(
      req,
      { kind: 'giornata', day: req.query.data },
      answer.uscite.flatMap((r) => r.fermate.map((f) => f.RifPaziente)),
    );
    return answer;
  });
  app.get('/mese', { onRequest: requireAdmin, schema: { querystring: meseQuerySchema, response: ok(meseAnswer) } }, async (req) => {
    const answer = await tripsOfMonth(db, req.query.mese);
    recordPatientsRead(
      req,
      { kind: 'presenze', day: `${req.query.mese}-01`, dayTo: null },
      answer.utenti.map((u) => u.RifPaziente),
    );
    return answer;
  });
};

export const trasportiRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(fleetRoutes, { db, prefix: '/anagrafiche' });
  await app.register(sheetRoutes, { db, prefix: '/trasporti' });
};
