/**
 * The registro's calls (docs/api.md, Registro): the registro and the accesses to a patient
 * (administrators), the check of their hash chain (administrators), the record of an export made
 * in the browser (any signed-in user), and Annulla (administrators).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInRome } from '../../../common/dates.ts';
import { accessQuery, auditQuery, exportBody, undoBody, type AuditAction } from '../../../common/audit.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import { checkChains } from './chain.ts';
import { listAccesses, listAudit } from './queries.ts';
import { markAccount, markBody } from './segnala.ts';
import { undoOperation } from './undo.ts';

export const registroRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/registro', { schema: { querystring: auditQuery }, onRequest: requireAdmin }, async (req) =>
    listAudit(db, req.query, todayInRome()),
  );
  app.get('/registro/accessi', { schema: { querystring: accessQuery }, onRequest: requireAdmin }, async (req) =>
    listAccesses(db, req.query, todayInRome()),
  );

  // The whole of both hash chains, a batch at a time (docs/decisions/0023-audit-hash-chain.md).
  app.get('/registro/verifica', { onRequest: requireAdmin }, async () => checkChains(db));

  // Exports are made in the browser: it tells the server, which records who exported what.
  app.post('/registro/esportazione', { schema: { body: exportBody }, onRequest: requireUser }, async (req) => {
    const { tipo, dal, al, paziente } = req.body;
    const operazione = await appendAudit(db, currentUser(req), {
      action: `esportazione.${tipo}` as AuditAction,
      entity: 'esportazione',
      entityId: paziente ?? null,
      day: dal,
      dayTo: al,
      patients: paziente === undefined ? [] : [paziente],
      after: { tipo, dal, al, ...(paziente === undefined ? {} : { paziente }) },
    });
    recordAccess(req, { kind: 'esportazione', day: dal, dayTo: al, patientId: paziente ?? null });
    return { ok: true, operazione };
  });

  // An abusive account's rows marked as such (never deleted): docs/decisions/0022-coalesced-access-log.md.
  app.post('/registro/segnala', { schema: { body: markBody }, onRequest: requireAdmin }, async (req) =>
    markAccount(db, currentUser(req), req.body.ID, req.body.motivo),
  );

  app.post('/calendario/annulla', { schema: { body: undoBody }, onRequest: requireAdmin }, async (req) =>
    undoOperation(db, currentUser(req), req.body.operazione),
  );
};
