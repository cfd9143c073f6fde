import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityIdBody,
  copyActivityBody,
  createActivitySchema,
  dayBody,
  firstActivityBody,
  linkFilterQuery,
  linkIdBody,
  pasteDayBody,
  patientInActivityBody,
  patientLinkBody,
  singleActivityBody,
  therapistInActivityBody,
  therapistLinkBody,
  updateActivitySchema,
  weekBody,
} from '../../../common/schemas.ts';
import { z } from 'zod';
import {
  activityAnswer,
  activityPatientLinkAnswer,
  activityTherapistLinkAnswer,
  createdAnswer,
  dayActivityAnswer,
  dayTransportRunAnswer,
  emptiedDayAnswer,
  giornataAnswer,
  okAnswer,
  pastedDayAnswer,
  patientLinkAnswer,
  presenceCheckAnswer,
  rangeConflictsAnswer,
  roomAnswer,
  settimanaAnswer,
  therapistLinkAnswer,
  transportPatientLinkAnswer,
  transportRunAnswer,
  transportTherapistLinkAnswer,
  undoableAnswer,
  updatedActivityAnswer,
  ok,
} from '../../../common/calendario.ts';
import type { Db } from '../../db/client.ts';
import * as dayRead from '../../db/day-read.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/guards.ts';
import { callLimitsOf, perAccountLimit } from '../../lib/rate-limits.ts';
import { sendSerialised } from '../../lib/response-check.ts';
import { templateDaysGuard } from '../../lib/template-days.ts';
import { rangeConflicts } from './conflicts.ts';
import { MAX_CACHE_BYTES, createCalendarCache, sendCached } from './day-cache.ts';
import * as reads from './reads.ts';
import * as writes from './writes.ts';
import { limitConcurrency } from '../../lib/limit-concurrency.ts';

/** Week and range reads built at once in a process (server/lib/limit-concurrency.ts, server/exhaustion.test.ts). */
const WEEK_READS_AT_ONCE = 2;

/** A list read's access: one day, a range, or (no filter) every day. */
const listAccess = (filter: reads.DateFilter) =>
  filter.data
    ? ({ kind: 'giornata', day: filter.data } as const)
    : filter.datastart && filter.datastop
      ? ({ kind: 'settimana', day: filter.datastart, dayTo: filter.datastop } as const)
      : ({ kind: 'giornata' } as const);

/** Reads: any signed-in user. Those that show patients are remembered in the access log (server/lib/access-log.ts). */
const calendarReads: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // A 31-day week of a large centre is megabytes of rows, objects and JSON: two are built at once, the rest wait.
  const weekReads = limitConcurrency(WEEK_READS_AT_ONCE);
  app.addHook('onRequest', requireUser);
  app.addHook('preHandler', templateDaysGuard(db, false));

  app.post('/calendario/get', { schema: { body: dayBody, response: ok(z.array(activityAnswer)) } }, async (req) =>
    reads.listDayActivities(db, req.body.data),
  );
  const cache = createCalendarCache(db, MAX_CACHE_BYTES, (hit) => app.metrics.dayCacheRead(hit));
  app.post('/calendario/giornata', { schema: { body: dayBody, response: ok(giornataAnswer) } }, async (req, reply) => {
    const answer = await cache.day(req.body.data, req.session?.calendarVersion);
    recordAccess(req, { kind: 'giornata', day: req.body.data });
    return sendCached(req, reply, answer);
  });
  // Ranges and lists of every day are limited per account, each call in its own count (server/lib/rate-limits.ts).
  const limited = async () => ({ preHandler: await perAccountLimit(app, callLimitsOf(app).rangeReads) });
  /** A list call with `data` reads one day, as cheap as the day itself: only ranges and the unfiltered list count. */
  const limitedList = async () => {
    const limit = await perAccountLimit(app, callLimitsOf(app).rangeReads);
    return {
      preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
        const query = req.query as reads.DateFilter;
        if (!query.data || query.datastart) await limit(req, reply);
      },
    };
  };
  app.post(
    '/calendario/settimana',
    { schema: { body: weekBody, response: ok(settimanaAnswer) }, ...(await limited()) },
    async (req, reply) => {
      const answer = await weekReads(() => cache.week(req.body.datastart, req.body.datastop, req.session?.calendarVersion));
      recordAccess(req, { kind: 'settimana', day: req.body.datastart, dayTo: req.body.datastop });
      return sendCached(req, reply, answer);
    },
  );
  // The conflicts of each day of a range of at most 31 days (weekBody's limit); only days that have some.
  // They name patients with their absences' reasons: logged under each patient they name.
  app.post(
    '/calendario/conflitti',
    { schema: { body: weekBody, response: ok(rangeConflictsAnswer) }, ...(await limited()) },
    async (req) => {
      const found = await rangeConflicts(db, req.body.datastart, req.body.datastop);
      const named = found.giorni.flatMap((d) =>
        d.conflitti.filter((c) => c.tipo === 'paziente' || c.persona === 'paziente').map((c) => c.ID),
      );
      recordPatientsRead(req, { kind: 'conflitti', day: req.body.datastart, dayTo: req.body.datastop }, named);
      return found;
    },
  );
  app.get('/calendario/getstanze', { schema: { response: ok(z.array(roomAnswer)) } }, async () => reads.listRooms(db));
  app.post('/calendario/gettrasporto', { schema: { body: dayBody, response: ok(z.array(transportRunAnswer)) } }, async (req) =>
    reads.listTransportRuns(db, req.body),
  );

  app.get(
    '/calendario/getterapisti',
    { schema: { querystring: linkFilterQuery, response: ok(z.array(activityTherapistLinkAnswer)) }, ...(await limitedList()) },
    async (req, reply) =>
      reads.isUnfiltered(req.query)
        ? sendSerialised(reply, reads.streamActivityTherapistLinks(db))
        : reads.listActivityTherapistLinks(db, req.query),
  );
  app.get(
    '/calendario/getpazienti',
    { schema: { querystring: linkFilterQuery, response: ok(z.array(activityPatientLinkAnswer)) }, ...(await limitedList()) },
    async (req, reply) => {
      recordAccess(req, listAccess(req.query));
      return reads.isUnfiltered(req.query)
        ? sendSerialised(reply, reads.streamActivityPatientLinks(db))
        : reads.listActivityPatientLinks(db, req.query);
    },
  );
  app.get(
    '/calendario/gettrasportoter',
    { schema: { querystring: linkFilterQuery, response: ok(z.array(transportTherapistLinkAnswer)) }, ...(await limitedList()) },
    async (req, reply) =>
      reads.isUnfiltered(req.query)
        ? sendSerialised(reply, reads.streamTransportTherapistLinks(db))
        : reads.listTransportTherapistLinks(db, req.query),
  );
  app.get(
    '/calendario/gettrasportopaz',
    { schema: { querystring: linkFilterQuery, response: ok(z.array(transportPatientLinkAnswer)) }, ...(await limitedList()) },
    async (req, reply) => {
      recordAccess(req, listAccess(req.query));
      return reads.isUnfiltered(req.query)
        ? sendSerialised(reply, reads.streamTransportPatientLinks(db))
        : reads.listTransportPatientLinks(db, req.query);
    },
  );

  app.post('/calendario/getattivitasingle', { schema: { body: singleActivityBody, response: ok(z.array(activityAnswer)) } }, async (req) =>
    reads.getActivity(db, req.body.attivita),
  );
  app.post(
    '/calendario/getattivitaterapista',
    { schema: { body: therapistLinkBody, response: ok(z.array(therapistLinkAnswer)) } },
    async (req) => reads.getTherapistLink(db, req.body.terapistaId),
  );
  app.post(
    '/calendario/getattivitapaziente',
    { schema: { body: patientLinkBody, response: ok(z.array(patientLinkAnswer)) } },
    async (req) => {
      const links = await reads.getPatientLink(db, req.body.pazienteId);
      for (const link of links) recordAccess(req, { kind: 'paziente', patientId: link.RifPaziente });
      return links;
    },
  );
  app.post('/calendario/getfirstattivita', { schema: { body: firstActivityBody, response: ok(z.array(activityAnswer)) } }, async (req) =>
    reads.getPreviousActivity(db, req.body.data, req.body.ora, req.body.stanza),
  );

  app.post(
    '/calendario/getattivitaweek',
    { schema: { body: weekBody, response: ok(z.array(dayActivityAnswer)) }, ...(await limited()) },
    async (req) => {
      const activities = await weekReads(() => dayRead.readActivitiesWithPeople(db, req.body.datastart, req.body.datastop, false));
      recordAccess(req, { kind: 'settimana', day: req.body.datastart, dayTo: req.body.datastop });
      return activities;
    },
  );
  app.post(
    '/calendario/getweektrasporto',
    { schema: { body: weekBody, response: ok(z.array(dayTransportRunAnswer)) }, ...(await limited()) },
    async (req) => {
      const runs = await weekReads(() => dayRead.readRunsWithPeople(db, req.body.datastart, req.body.datastop));
      recordAccess(req, { kind: 'settimana', day: req.body.datastart, dayTo: req.body.datastop });
      return runs;
    },
  );
};

/** Writes: administrators only. */
const calendarWrites: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('preHandler', templateDaysGuard(db, true));

  app.put('/calendario/insertpaziente', { schema: { body: patientInActivityBody, response: ok(createdAnswer) } }, async (req) =>
    writes.insertPatient(db, currentUser(req), req.body.paziente, req.body.attivita),
  );
  app.put('/calendario/insertterapista', { schema: { body: therapistInActivityBody, response: ok(createdAnswer) } }, async (req) =>
    writes.insertTherapist(db, currentUser(req), req.body.terapista, req.body.attivita),
  );
  // The duplicate checks only read: they are POSTs of the SPEC, with nothing to record.
  app.post('/calendario/checkattivita', { schema: { body: patientInActivityBody, response: ok(presenceCheckAnswer) } }, async (req) =>
    writes.checkPatient(db, req.body.paziente, req.body.attivita),
  );
  app.post('/calendario/checkattivitater', { schema: { body: therapistInActivityBody, response: ok(presenceCheckAnswer) } }, async (req) =>
    writes.checkTherapist(db, req.body.terapista, req.body.attivita),
  );
  app.post('/calendario/emptyday', { schema: { body: dayBody, response: ok(emptiedDayAnswer) } }, async (req) =>
    writes.emptyDay(db, currentUser(req), req.body.data),
  );
  app.post('/calendario/pasteday', { schema: { body: pasteDayBody, response: ok(pastedDayAnswer) } }, async (req) =>
    writes.pasteDay(db, currentUser(req), req.body.from, req.body.to),
  );
  app.post('/calendario/copyattivita', { schema: { body: copyActivityBody, response: ok(createdAnswer) } }, async (req) =>
    writes.copyActivity(db, currentUser(req), req.body.attivitaId, req.body.orainizio, req.body.orafine),
  );
  app.put('/calendario/createattivita', { schema: { body: createActivitySchema, response: ok(createdAnswer) } }, async (req) =>
    writes.createActivity(db, currentUser(req), req.body),
  );
  app.post('/calendario/updateattivita', { schema: { body: updateActivitySchema, response: ok(updatedActivityAnswer) } }, async (req) =>
    writes.updateActivity(db, currentUser(req), req.body),
  );
  app.post('/calendario/removeattivita', { schema: { body: activityIdBody, response: ok(undoableAnswer) } }, async (req) =>
    writes.removeActivity(db, currentUser(req), req.body.attivitaId, req.body.versione),
  );
  app.post('/calendario/removepaziente', { schema: { body: linkIdBody, response: ok(okAnswer) } }, async (req) =>
    writes.removePatientLink(db, currentUser(req), req.body.id),
  );
  app.post('/calendario/removeterapista', { schema: { body: linkIdBody, response: ok(okAnswer) } }, async (req) =>
    writes.removeTherapistLink(db, currentUser(req), req.body.id),
  );
};

export const calendarRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, options) => {
  await app.register(calendarReads, options);
  await app.register(calendarWrites, options);
};
