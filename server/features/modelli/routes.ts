/**
 * The weekly templates' calls (docs/api.md, Modelli): any signed-in user reads the list;
 * administrators create, rename, duplicate, delete and apply, and paste a week onto another.
 * A template's plan is edited with the calendar's own calls on its reserved week (common/modelli.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  applyResultAnswer,
  pasteWeekBody,
  templateCreatedAnswer,
  templateListAnswer,
  templateApplyBody,
  templateCreateBody,
  templateDuplicateBody,
  templateIdBody,
  templateRenameBody,
} from '../../../common/modelli.ts';
import { ok, okAnswer } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import * as service from './service.ts';

const admin = <T extends z.ZodType, A extends z.ZodType>(body: T, answer: A) => ({
  schema: { body, response: ok(answer) },
  onRequest: requireAdmin,
});

const modelli: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/', { schema: { response: ok(templateListAnswer) }, onRequest: requireUser }, async () => service.listTemplates(db));
  app.put('/', admin(templateCreateBody, templateCreatedAnswer), async (req) =>
    service.createTemplate(db, currentUser(req), req.body.nome, req.body.dasettimana),
  );
  app.post('/update', admin(templateRenameBody, okAnswer), async (req) =>
    service.renameTemplate(db, currentUser(req), req.body.ID, req.body.nome),
  );
  app.post('/duplica', admin(templateDuplicateBody, templateCreatedAnswer), async (req) =>
    service.duplicateTemplate(db, currentUser(req), req.body.ID, req.body.nome),
  );
  app.post('/elimina', admin(templateIdBody, okAnswer), async (req) => service.deleteTemplate(db, currentUser(req), req.body.ID));
  app.post('/applica', admin(templateApplyBody, applyResultAnswer), async (req) => service.applyTemplate(db, currentUser(req), req.body));
};

export const modelliRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(modelli, { db, prefix: '/modelli' });
  // Incolla settimana keeps its calendar URL (docs/api.md): it writes real weeks by the rules of a template applied.
  app.post('/calendario/pasteweek', admin(pasteWeekBody, applyResultAnswer), async (req) =>
    service.pasteWeek(db, currentUser(req), req.body.from, req.body.to, req.body.esistenti),
  );
};
