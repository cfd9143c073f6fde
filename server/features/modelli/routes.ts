/**
 * The weekly templates' calls (docs/api.md, Modelli): any signed-in user reads the list;
 * administrators create, rename, duplicate, delete and apply, and paste a week onto another.
 * A template's plan is edited with the calendar's own calls on its reserved week (common/modelli.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  pasteWeekBody,
  templateApplyBody,
  templateCreateBody,
  templateDuplicateBody,
  templateIdBody,
  templateRenameBody,
} from '../../../common/modelli.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import * as service from './service.ts';

const admin = <T extends z.ZodType>(body: T) => ({ schema: { body }, onRequest: requireAdmin });

const modelli: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/', { onRequest: requireUser }, async () => service.listTemplates(db));
  app.put('/', admin(templateCreateBody), async (req) => service.createTemplate(db, currentUser(req), req.body.nome, req.body.dasettimana));
  app.post('/update', admin(templateRenameBody), async (req) => service.renameTemplate(db, currentUser(req), req.body.ID, req.body.nome));
  app.post('/duplica', admin(templateDuplicateBody), async (req) =>
    service.duplicateTemplate(db, currentUser(req), req.body.ID, req.body.nome),
  );
  app.post('/elimina', admin(templateIdBody), async (req) => service.deleteTemplate(db, currentUser(req), req.body.ID));
  app.post('/applica', admin(templateApplyBody), async (req) => service.applyTemplate(db, currentUser(req), req.body));
};

export const modelliRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(modelli, { db, prefix: '/modelli' });
  // Incolla settimana keeps its calendar URL (docs/api.md): it writes real weeks by the rules of a template applied.
  app.post('/calendario/pasteweek', admin(pasteWeekBody), async (req) =>
    service.pasteWeek(db, currentUser(req), req.body.from, req.body.to, req.body.esistenti),
  );
};
