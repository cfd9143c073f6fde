/**
 * The registro's calls (docs/api.md, Registro): the registro and the accesses to a patient
 * (administrators, each read itself logged under the patients it shows), the check of their hash
 * chain (administrators), the record of an export made in the browser (any signed-in user for the
 * screens every role sees, administrators for the registro's own; only of patients that exist;
 * limited per account), and Annulla (administrators).
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInRome } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import {
  ADMIN_EXPORT_KINDS,
  AUDIT_MSG,
  accessPageAnswer,
  accessQuery,
  auditPageAnswer,
  auditQuery,
  chainCheckAnswer,
  exportAnswer,
  exportBody,
  markAnswer,
  undoAnswer,
  undoBody,
  type AuditAction,
} from '../../../common/audit.ts';
import { ok } from '../../../common/schemas.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { patients } from '../../db/schema.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { callLimitsOf, perAccountLimit } from '../../lib/rate-limits.ts';
import { checkChains } from './chain.ts';
import { listAccesses, listAudit } from './queries.ts';
import { markAccount, markBody } from './segnala.ts';
import { undoOperation } from './undo.ts';

export const registroRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/registro', { schema: { querystring: auditQuery, response: ok(auditPageAnswer) }, onRequest: requireAdmin }, async (req) => {
    const { page, patients: shown } = await listAudit(db, req.query, todayInRome());
    // One entry per patient the page's rows are about (at most a page's worth); a page about no one, one entry.
    // No day: the period is of the registro's times, not of the plan's days.
    recordPatientsRead(req, { kind: 'registro' }, shown);
    return page;
  });
  app.get(
    '/registro/accessi',
    { schema: { querystring: accessQuery, response: ok(accessPageAnswer) }, onRequest: requireAdmin },
    async (req) => {
      const page = await listAccesses(db, req.query, todayInRome());
      recordAccess(req, { kind: 'accessi', patientId: req.query.paziente });
      return page;
    },
  );

  // The whole of both hash chains, a batch at a time (docs/decisions/0023-audit-hash-chain.md).
  app.get('/registro/verifica', { schema: { response: ok(chainCheckAnswer) }, onRequest: requireAdmin }, async () => checkChains(db));

  // Exports are made in the browser: it tells the server, which records who exported what.
  const exportLimit = await perAccountLimit(app, callLimitsOf(app).exports);
  app.post(
    '/registro/esportazione',
    { schema: { body: exportBody, response: ok(exportAnswer) }, onRequest: requireUser, preHandler: exportLimit },
    async (req) => {
      const { tipo, dal, al, paziente } = req.body;
      const user = currentUser(req);
      if (ADMIN_EXPORT_KINDS.includes(tipo) && user.Admin <= 0) throw forbidden(AUDIT_MSG.exportAdminOnly, ERROR_CODES.adminOnly);
      if (paziente !== undefined) {
        const [found] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, paziente)).limit(1);
        if (!found) throw notFound(AUDIT_MSG.exportPatientNotFound);
      }
      const operazione = await appendAudit(db, user, {
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
    },
  );

  // An abusive account's rows marked as such (never deleted): docs/decisions/0022-coalesced-access-log.md.
  app.post('/registro/segnala', { schema: { body: markBody, response: ok(markAnswer) }, onRequest: requireAdmin }, async (req) =>
    markAccount(db, currentUser(req), req.body.ID, req.body.motivo),
  );

  app.post('/calendario/annulla', { schema: { body: undoBody, response: ok(undoAnswer) }, onRequest: requireAdmin }, async (req) =>
    undoOperation(db, currentUser(req), req.body.operazione),
  );
};
