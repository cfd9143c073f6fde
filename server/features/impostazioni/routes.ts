/** The centre's settings (docs/api.md, Agenda, impostazioni e calendario esterno): read by anyone signed in, changed by administrators. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centreSettingsAnswer, settingsBody } from '../../../common/impostazioni.ts';
import { ok } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import { changeSettings, readSettings } from './settings.ts';

export const impostazioniRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/impostazioni', { schema: { response: ok(centreSettingsAnswer) }, onRequest: requireUser }, async () => readSettings(db));
  app.post('/impostazioni', { schema: { body: settingsBody, response: ok(centreSettingsAnswer) }, onRequest: requireAdmin }, async (req) =>
    changeSettings(db, currentUser(req), req.body),
  );
};
