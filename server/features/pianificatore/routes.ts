/**
 * The Pianificatore's calls (issue 31, docs/api.md, Pianificatore): administrators only, every call (a consultazione
 * account gets 403 admin_only). A proposal names utenti with their missing sessions: its read goes to the access log
 * under each of them (`copertura` of the week), and every answer is `no-store` (server/app.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicaAnswer, propostaAnswer, propostaBody, propostaCreatedAnswer, propostaIdParams } from '../../../common/pianificatore.ts';
import { okAnswer } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, requireAdmin } from '../../lib/guards.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import { applyProposal, createProposal, discardProposal, readProposal, stopPlanners, type StartOptions } from './service.ts';

export interface PianificatoreOptions extends StartOptions {
  db: Db;
}

export const pianificatoreRoutes: FastifyPluginAsyncZod<PianificatoreOptions> = async (app, { db, inline }) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onClose', async () => stopPlanners());
  app.post('/pianificatore/proposte', { schema: { body: propostaBody, response: { 202: propostaCreatedAnswer } } }, async (req, reply) =>
    reply.status(202).send(await createProposal(db, currentUser(req), req.body, { inline })),
  );
  app.get('/pianificatore/proposte/:id', { schema: { params: propostaIdParams, response: { 200: propostaAnswer } } }, async (req) => {
    const answer = await readProposal(db, req.params.id);
    recordPatientsRead(req, { kind: 'copertura', day: answer.settimana, dayTo: null }, [
      ...answer.aggiunte.flatMap((a) => a.pazienti),
      ...answer.nonCoperte.map((n) => n.paziente),
    ]);
    return answer;
  });
  app.post('/pianificatore/proposte/:id/applica', { schema: { params: propostaIdParams, response: { 200: applicaAnswer } } }, async (req) =>
    applyProposal(db, currentUser(req), req.params.id),
  );
  app.post('/pianificatore/proposte/:id/scarta', { schema: { params: propostaIdParams, response: { 200: okAnswer } } }, async (req) =>
    discardProposal(db, req.params.id),
  );
};
