/**
 * Rendicontazione e flussi (issue 32; docs/api.md, Rendicontazione e flussi): administrators only, reads included (a
 * consultazione account gets 403 on every call). Each answer names utenti and goes to the access log under each of
 * them; each file is a registro row too. A file whose check is not `pronto` is never written: 409 with `mancanti`.
 * Every answer is `no-store` (server/app.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditAction } from '../../../common/audit.ts';
import { todayInRome } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import {
  FLUSSI_MSG,
  SIAR_CATEGORIE,
  aslAnswer,
  aslQuery,
  controlloAnswer,
  controlloQuery,
  monthPeriod,
  patientFlussiAnswer,
  patientFlussiQuery,
  periodOf,
  pssAnswer,
  pssQuery,
  semesterPeriod,
  siarAnswer,
  siarQuery,
  yearPeriod,
  type IncompleteBody,
  type Periodo,
} from '../../../common/flussi.ts';
import { ok, textAnswer } from '../../../common/schemas.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { currentUser, requireAdmin } from '../../lib/guards.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import { aslAccount, checkFlow, deliveredMinutes, hoursPerProfile, pssRows, upToToday, type FlowState } from './compute.ts';
import { readPatientFlussi } from './patient-data.ts';
import { aslCsv, pssCsv, pssXml, siarCsv, siarXml } from './render.ts';

export interface FlussiOptions {
  db: Db;
  /** Today in Rome (yyyy-mm-dd): a test may fix it. */
  today?: () => string;
}

/** The 409 of a file that would be refused upstream: the check's list and an Italian message. */
function refuse(reply: FastifyReply, state: FlowState, message: string = FLUSSI_MSG.incomplete) {
  const body: IncompleteBody = { error: message, code: ERROR_CODES.conflict, mancanti: state.controllo.mancanti };
  return reply.code(409).send(body);
}

/** A file to download: its type and name; no-store as every answer. */
function file(reply: FastifyReply, type: string, name: string, text: string) {
  return reply.type(type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(text);
}

/** The flows' answers: JSON with `formato=json`, else the file, described by its media type (common/schemas.ts, textAnswer). */
const aslAnswers = ok(z.union([aslAnswer, textAnswer('text/csv')]));
const siarAnswers = ok(z.union([siarAnswer, textAnswer('text/csv'), textAnswer('application/xml')]));
const pssAnswers = ok(z.union([pssAnswer, textAnswer('text/csv'), textAnswer('application/xml')]));

/** The registro row of a file and the access log under each utente it names. */
async function recordExport(db: Db, req: FastifyRequest, tipo: string, period: Periodo, named: number[], extra: Record<string, unknown>) {
  await appendAudit(db, currentUser(req), {
    action: `esportazione.${tipo}` as AuditAction,
    entity: 'esportazione',
    day: period.dal,
    dayTo: period.al,
    patients: named,
    after: { tipo, dal: period.dal, al: period.al, utenti: named.length, ...extra },
  });
  recordPatientsRead(req, { kind: 'esportazione', day: period.dal, dayTo: period.al }, named);
}

export const flussiRoutes: FastifyPluginAsyncZod<FlussiOptions> = async (app, { db, today = () => todayInRome() }) => {
  app.addHook('onRequest', requireAdmin);

  app.get('/flussi/paziente', { schema: { querystring: patientFlussiQuery, response: ok(patientFlussiAnswer) } }, async (req) => {
    const answer = await readPatientFlussi(db, req.query.ID);
    recordAccess(req, { kind: 'paziente', patientId: req.query.ID });
    return answer;
  });

  app.get('/flussi/controllo', { schema: { querystring: controlloQuery, response: ok(controlloAnswer) } }, async (req) => {
    const period = upToToday(periodOf(req.query.flusso, req.query.periodo)!, today());
    const state = await checkFlow(db, req.query.flusso, period);
    recordPatientsRead(req, { kind: 'presenze', day: period.dal, dayTo: period.al }, state.named);
    return state.controllo;
  });

  app.get('/flussi/asl', { schema: { querystring: aslQuery, response: aslAnswers } }, async (req, reply) => {
    const period = upToToday(monthPeriod(req.query.mese), today());
    const state = await checkFlow(db, 'asl', period);
    const account = aslAccount(req.query.mese, state);
    const named = account.asl.flatMap((g) => g.utenti.map((u) => u.paziente));
    if (req.query.formato === 'json') {
      recordPatientsRead(req, { kind: 'presenze', day: period.dal, dayTo: period.al }, named);
      return account;
    }
    if (!state.controllo.pronto) return refuse(reply, state);
    await recordExport(db, req, 'rendiconto_asl_csv', period, named, { mese: req.query.mese });
    return file(reply, 'text/csv; charset=utf-8', `rendiconto-asl_${req.query.mese}.csv`, aslCsv(account, state.settings.centreName));
  });

  app.get('/flussi/siar/oreprof', { schema: { querystring: siarQuery, response: siarAnswers } }, async (req, reply) => {
    const { anno, tipo, formato } = req.query;
    const period = upToToday(yearPeriod(anno), today());
    const state = await checkFlow(db, 'siar_oreprof', period);
    const { ore } = hoursPerProfile(await deliveredMinutes(db, period));
    if (formato === 'json') return { anno, ore: SIAR_CATEGORIE.map(([profilo]) => ({ profilo, ore: ore.get(profilo) ?? 0 })) };
    if (!state.controllo.pronto) return refuse(reply, state);
    await recordExport(db, req, 'siar_oreprof', period, [], { anno, tipoTrasmissione: tipo, formato });
    const data = { anno, tipo, settings: state.settings, ore };
    return formato === 'csv'
      ? file(reply, 'text/csv; charset=utf-8', `SDK_SIAR_OREPROF_${anno}.csv`, siarCsv(data))
      : file(reply, 'application/xml; charset=utf-8', `SDK_SIAR_OREPROF_${anno}.xml`, siarXml(data));
  });

  app.get('/flussi/sism/pss', { schema: { querystring: pssQuery, response: pssAnswers } }, async (req, reply) => {
    const { anno, semestre, formato } = req.query;
    const period = upToToday(semesterPeriod(anno, semestre), today());
    const state = await checkFlow(db, 'sism_pss', period);
    const rows = pssRows(state);
    const named = [...new Set(rows.map((r) => r.patient.id))];
    if (formato === 'json') {
      recordPatientsRead(req, { kind: 'presenze', day: period.dal, dayTo: period.al }, named);
      return {
        anno,
        semestre,
        righe: rows.map((r) => ({ paziente: r.patient.id, nome: r.patient.nome, data: r.day, modalita: r.modalita })),
      };
    }
    if (!state.controllo.pronto) {
      const onlyNoDays = state.controllo.mancanti.every((m) => m.cosa === 'periodo');
      return refuse(reply, state, onlyNoDays ? FLUSSI_MSG.noAttendance : FLUSSI_MSG.incomplete);
    }
    await recordExport(db, req, 'sism_pss', period, named, { anno, semestre, formato, righe: rows.length });
    const data = { anno, semestre, settings: state.settings, rows };
    const name = `SDK_RES_PSS_S${semestre}_${anno}`;
    return formato === 'xml'
      ? file(reply, 'application/xml; charset=utf-8', `${name}.xml`, pssXml(data))
      : file(reply, 'text/csv; charset=utf-8', `${name}.csv`, pssCsv(data));
  });
};
