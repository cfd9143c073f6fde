/**
 * The Presenze calls (docs/api.md, Presenze): any signed-in user reads them;
 * the staff (administrators and accounts linked to an operatore) mark the
 * day's roll call, at most ROLL_CALL_MARKS a minute per account;
 * administrators record absences, correct past days, close months and keep
 * the centre's closing days.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  absenceCreateSchema,
  absenceDeleteSchema,
  absenceListQuery,
  absenceRemoveSchema,
  absenceUpdateSchema,
  closingDayDeleteSchema,
  closingDaySchema,
  monthCloseSchema,
  monthQuery,
  monthReopenSchema,
  PRESENZE_MSG,
  absenceAnswer,
  absentRemovalAnswer,
  attendanceCorrectionAnswer,
  closingDayAnswer,
  closingDaysAddedAnswer,
  monthRegisterAnswer,
  rollCallAllAnswer,
  rollCallDayAnswer,
  rollCallAllSchema,
  rollCallQuery,
  rollCallSchema,
  yearQuery,
} from '../../../common/presenze.ts';
import { insertedAnswer } from '../../../common/anagrafiche.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { ok, okAnswer } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { linkedToActiveTherapist } from '../../db/therapist-link.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import { forbidden } from '../../lib/http-error.ts';
import { callLimitsOf, perAccountLimit, perKeyLimit, type CallLimit } from '../../lib/rate-limits.ts';
import * as absences from './absences.ts';
import * as closing from './closing.ts';
import { readMonthRegister } from './register.ts';
import * as rollCall from './roll-call.ts';
import { daysOfMonth } from './rules.ts';

/**
 * Roll-call marks one account may make in a minute, all its sessions together: a day's roll call is
 * a few dozen clicks; a script gets 429 with Retry-After (docs/decisions/0024-sessions-streams-roll-call.md).
 */
export const ROLL_CALL_MARKS: CallLimit = { max: 60, timeWindowMs: 60_000 };

/** Whether the account marks the roll call: an administrator, or linked to an operatore not archived. */
async function marksRollCall(db: Db, request: FastifyRequest): Promise<boolean> {
  const user = currentUser(request);
  return user.Admin > 0 || linkedToActiveTherapist(db, user.ID);
}

const presenze: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const admin = <T extends z.ZodType, A extends z.ZodType>(body: T, answer: A) => ({
    schema: { body, response: ok(answer) },
    onRequest: requireAdmin,
  });
  const read = <T extends z.ZodType, A extends z.ZodType>(querystring: T, answer: A) => ({
    schema: { querystring, response: ok(answer) },
    onRequest: requireUser,
  });
  // Ranges and months are the costly reads: limited per account, each call in its own count (server/lib/rate-limits.ts).
  const limitedRead = async <T extends z.ZodType, A extends z.ZodType>(querystring: T, answer: A) => ({
    schema: { querystring, response: ok(answer) },
    onRequest: requireUser,
    preHandler: await perAccountLimit(app, callLimitsOf(app).rangeReads),
  });

  app.put('/assenze', admin(absenceCreateSchema, insertedAnswer), async (req) => absences.createAbsence(db, req.body, currentUser(req)));
  app.get('/assenze', await limitedRead(absenceListQuery, z.array(absenceAnswer)), async (req) => {
    const list = await absences.listAbsences(db, req.query.dal, req.query.al);
    recordAccess(req, { kind: 'presenze', day: req.query.dal, dayTo: req.query.al });
    return list;
  });
  app.post('/assenze/update', admin(absenceUpdateSchema, okAnswer), async (req) => absences.updateAbsence(db, req.body, currentUser(req)));
  app.post('/assenze/elimina', admin(absenceDeleteSchema, okAnswer), async (req) => absences.deleteAbsence(db, req.body, currentUser(req)));
  app.post('/assenze/togli', admin(absenceRemoveSchema, absentRemovalAnswer), async (req) =>
    absences.removeAbsentFromPlan(db, currentUser(req), req.body),
  );

  app.get('/appello', read(rollCallQuery, rollCallDayAnswer), async (req) => {
    const day = await rollCall.readRollCall(db, req.query.data, await marksRollCall(db, req));
    recordAccess(req, { kind: 'presenze', day: req.query.data });
    return day;
  });
  // Before the body is read: the session, the account's count (every attempt counts, a refused one too), the role.
  const markLimit = await perKeyLimit(app, ROLL_CALL_MARKS, (req) => `appello:${currentUser(req).ID}`);
  const requireStaff = async (req: FastifyRequest) => {
    if (!(await marksRollCall(db, req))) throw forbidden(PRESENZE_MSG.staffOnly, ERROR_CODES.staffOnly);
  };
  app.post(
    '/appello',
    { schema: { body: rollCallSchema, response: ok(okAnswer) }, onRequest: [requireUser, markLimit, requireStaff] },
    async (req) => rollCall.markRollCall(db, req.body, currentUser(req)),
  );
  // "Tutti presenti": one request for the whole day, counted as one mark.
  app.post(
    '/appello/tutti',
    { schema: { body: rollCallAllSchema, response: ok(rollCallAllAnswer) }, onRequest: [requireUser, markLimit, requireStaff] },
    async (req) => rollCall.markAllPresent(db, req.body, currentUser(req)),
  );

  app.get('/mese', await limitedRead(monthQuery, monthRegisterAnswer), async (req) => {
    const register = await readMonthRegister(db, req.query.mese);
    const days = daysOfMonth(req.query.mese);
    recordAccess(req, { kind: 'presenze', day: days[0], dayTo: days[days.length - 1] });
    return register;
  });
  app.post('/mese/chiudi', admin(monthCloseSchema, okAnswer), async (req) => closing.closeMonth(db, currentUser(req), req.body.mese));
  app.post('/mese/riapri', admin(monthReopenSchema, okAnswer), async (req) =>
    closing.reopenMonth(db, currentUser(req), req.body.mese, req.body.correzione),
  );

  app.get('/chiusure', read(yearQuery, z.array(closingDayAnswer)), async (req) => closing.listClosingDays(db, req.query.anno));
  app.put('/chiusure', admin(closingDaySchema, closingDaysAddedAnswer), async (req) =>
    closing.addClosingDay(db, currentUser(req), req.body.data, req.body.al, req.body.descrizione),
  );
  app.post('/chiusure/elimina', admin(closingDayDeleteSchema, okAnswer), async (req) =>
    closing.deleteClosingDay(db, currentUser(req), req.body.data),
  );

  app.get(
    '/correzioni',
    { schema: { querystring: monthQuery, response: ok(z.array(attendanceCorrectionAnswer)) }, onRequest: requireAdmin },
    async (req) => closing.listCorrections(db, req.query.mese),
  );
};

export const presenzeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(presenze, { db, prefix: '/presenze' });
};
