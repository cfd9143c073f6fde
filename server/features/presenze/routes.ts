/**
 * The Presenze calls (docs/api.md, Presenze): any signed-in user reads and
 * does the day's roll call; administrators record absences, correct past
 * days, close months and keep the centre's closing days.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  absenceCreateSchema,
  absenceDeleteSchema,
  absenceListQuery,
  absenceRemoveSchema,
  closingDayDeleteSchema,
  closingDaySchema,
  monthCloseSchema,
  monthQuery,
  monthReopenSchema,
  rollCallQuery,
  rollCallSchema,
  yearQuery,
} from '../../../common/presenze.ts';
import type { Db } from '../../db/client.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import { callLimitsOf, perAccountLimit } from '../../lib/rate-limits.ts';
import * as absences from './absences.ts';
import * as closing from './closing.ts';
import { readMonthRegister } from './register.ts';
import * as rollCall from './roll-call.ts';
import { daysOfMonth } from './rules.ts';

const presenze: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const admin = <T extends z.ZodType>(body: T) => ({ schema: { body }, onRequest: requireAdmin });
  const user = <T extends z.ZodType>(body: T) => ({ schema: { body }, onRequest: requireUser });
  const read = <T extends z.ZodType>(querystring: T) => ({ schema: { querystring }, onRequest: requireUser });
  // Ranges and months are the costly reads: limited per account, each call in its own count (server/lib/rate-limits.ts).
  const limitedRead = async <T extends z.ZodType>(querystring: T) => ({
    schema: { querystring },
    onRequest: requireUser,
    preHandler: await perAccountLimit(app, callLimitsOf(app).rangeReads),
  });

  app.put('/assenze', admin(absenceCreateSchema), async (req) => absences.createAbsence(db, req.body, currentUser(req)));
  app.get('/assenze', await limitedRead(absenceListQuery), async (req) => {
    const list = await absences.listAbsences(db, req.query.dal, req.query.al);
    recordAccess(req, { kind: 'presenze', day: req.query.dal, dayTo: req.query.al });
    return list;
  });
  app.post('/assenze/elimina', admin(absenceDeleteSchema), async (req) => absences.deleteAbsence(db, req.body, currentUser(req)));
  app.post('/assenze/togli', admin(absenceRemoveSchema), async (req) => absences.removeAbsentFromPlan(db, currentUser(req), req.body));

  app.get('/appello', read(rollCallQuery), async (req) => {
    const day = await rollCall.readRollCall(db, req.query.data);
    recordAccess(req, { kind: 'presenze', day: req.query.data });
    return day;
  });
  app.post('/appello', user(rollCallSchema), async (req) => rollCall.markRollCall(db, req.body, currentUser(req)));

  app.get('/mese', await limitedRead(monthQuery), async (req) => {
    const register = await readMonthRegister(db, req.query.mese);
    const days = daysOfMonth(req.query.mese);
    recordAccess(req, { kind: 'presenze', day: days[0], dayTo: days[days.length - 1] });
    return register;
  });
  app.post('/mese/chiudi', admin(monthCloseSchema), async (req) => closing.closeMonth(db, currentUser(req), req.body.mese));
  app.post('/mese/riapri', admin(monthReopenSchema), async (req) =>
    closing.reopenMonth(db, currentUser(req), req.body.mese, req.body.correzione),
  );

  app.get('/chiusure', read(yearQuery), async (req) => closing.listClosingDays(db, req.query.anno));
  app.put('/chiusure', admin(closingDaySchema), async (req) =>
    closing.addClosingDay(db, currentUser(req), req.body.data, req.body.al, req.body.descrizione),
  );
  app.post('/chiusure/elimina', admin(closingDayDeleteSchema), async (req) =>
    closing.deleteClosingDay(db, currentUser(req), req.body.data),
  );

  app.get('/correzioni', { schema: { querystring: monthQuery }, onRequest: requireAdmin }, async (req) =>
    closing.listCorrections(db, req.query.mese),
  );
};

export const presenzeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(presenze, { db, prefix: '/presenze' });
};
