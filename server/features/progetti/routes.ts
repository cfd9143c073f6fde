/**
 * The progetti's calls (issue 29, docs/api.md, Progetti). Administrators read and write the progetti (goals are
 * health data: a consultazione account gets 403 on GET /server/progetti), any signed-in account reads the week's
 * coverage. Each read goes to the access log under every utente it names; every answer is `no-store` (server/app.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertedAnswer } from '../../../common/anagrafiche.ts';
import { conflictsAfterAnswer, ok, okAnswer, undoableAnswer } from '../../../common/calendario.ts';
import { todayInRome } from '../../../common/dates.ts';
import {
  coperturaAnswer,
  coperturaQuery,
  progettiQuery,
  progettoAnswer,
  progettoChiudiSchema,
  progettoFormSchema,
  progettoIdSchema,
  progettoUpdateSchema,
  scadenzeAnswer,
  scadenzeQuery,
  sostituisciBody,
  sostitutiBody,
  sostitutoAnswer,
} from '../../../common/progetti.ts';
import type { Db } from '../../db/client.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import { weekCoverage } from './coverage.ts';
import { deadlines } from './deadlines.ts';
import * as plans from './plans.ts';
import { findSubstitutes, substitute } from './substitutes.ts';

export interface ProgettiOptions {
  db: Db;
  /** Today in Rome (yyyy-mm-dd): a test may fix it. */
  today?: () => string;
}

const readRoutes: FastifyPluginAsyncZod<ProgettiOptions> = async (app, { db, today = () => todayInRome() }) => {
  app.addHook('onRequest', requireUser);
  app.get('/progetti/copertura', { schema: { querystring: coperturaQuery, response: ok(coperturaAnswer) } }, async (req) => {
    const answer = await weekCoverage(db, req.query.settimana, today());
    recordPatientsRead(
      req,
      { kind: 'copertura', day: req.query.settimana, dayTo: null },
      answer.pazienti.map((p) => p.paziente),
    );
    return answer;
  });
};

const adminRoutes: FastifyPluginAsyncZod<ProgettiOptions> = async (app, { db, today = () => todayInRome() }) => {
  app.addHook('onRequest', requireAdmin);
  const body = <T extends z.ZodType, A extends z.ZodType>(schema: T, answer: A) => ({ schema: { body: schema, response: ok(answer) } });

  app.get('/progetti', { schema: { querystring: progettiQuery, response: ok(z.array(progettoAnswer)) } }, async (req) => {
    const list = await plans.listPlans(db, req.query.paziente);
    recordAccess(req, { kind: 'progetto', patientId: req.query.paziente });
    return list;
  });
  app.put('/progetti', body(progettoFormSchema, insertedAnswer), async (req) => plans.createPlan(db, currentUser(req), req.body));
  app.post('/progetti/update', body(progettoUpdateSchema, okAnswer), async (req) => plans.updatePlan(db, currentUser(req), req.body));
  app.post('/progetti/chiudi', body(progettoChiudiSchema, okAnswer), async (req) => plans.closePlan(db, currentUser(req), req.body));
  app.post('/progetti/elimina', body(progettoIdSchema, okAnswer), async (req) =>
    plans.deletePlan(db, currentUser(req), req.body.ID, today()),
  );
  app.get('/progetti/scadenze', { schema: { querystring: scadenzeQuery, response: ok(scadenzeAnswer) } }, async (req) => {
    const answer = await deadlines(db, req.query.entro, today());
    recordPatientsRead(
      req,
      { kind: 'progetto' },
      [...answer.verifiche, ...answer.fine].map((v) => v.paziente),
    );
    return answer;
  });
  app.post('/progetti/sostituti', body(sostitutiBody, z.array(sostitutoAnswer)), async (req) =>
    findSubstitutes(db, req.body.attivita, req.body.terapista),
  );
  app.post(
    '/progetti/sostituisci',
    body(sostituisciBody, undoableAnswer.extend(conflictsAfterAnswer.pick({ conflitti: true }).shape)),
    async (req) => substitute(db, currentUser(req), req.body.attivita, req.body.terapista, req.body.sostituto),
  );
};

export const progettiRoutes: FastifyPluginAsyncZod<ProgettiOptions> = async (app, options) => {
  await app.register(readRoutes, options);
  await app.register(adminRoutes, options);
};
