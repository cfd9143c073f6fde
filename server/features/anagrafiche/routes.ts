/** The Anagrafiche calls: administrators only, reads included (docs/product.md, Ruoli). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountAdminSchema,
  accountCreateSchema,
  accountDisableSchema,
  accountPasswordSchema,
  idOnlySchema,
  listQuerySchema,
  patientFormSchema,
  patientUpdateSchema,
  roomFormSchema,
  roomMoveSchema,
  roomUpdateSchema,
  runFormSchema,
  runPassengerSchema,
  runStaffSchema,
  runUpdateSchema,
  therapistFormSchema,
  therapistUpdateSchema,
  accountRecordAnswer,
  insertedAnswer,
  pageAnswer,
  patientRecordAnswer,
  roomRecordAnswer,
  therapistRecordAnswer,
} from '../../../common/anagrafiche.ts';
import { conflictsAfterAnswer, dayTransportRunAnswer, ok, okAnswer } from '../../../common/calendario.ts';
import { dayBody } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { readRunsWithPeople } from '../../db/day-read.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import { currentUser, requireAdmin } from '../../lib/guards.ts';
import { callLimitsOf, perAccountLimit } from '../../lib/rate-limits.ts';
import { templateDaysGuard } from '../../lib/template-days.ts';
import { tipoFormSchema, tipoRecordAnswer, tipoUpdateSchema } from '../../../common/progetti.ts';
import * as accounts from './accounts.ts';
import * as activityTypes from './activity-types.ts';
import * as patients from './patients.ts';
import * as rooms from './rooms.ts';
import * as runs from './runs.ts';
import * as therapists from './therapists.ts';
import { archivedQuery, archiveRoutes } from '../../lib/archive.ts';

const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);
  // The runs' calls take template days too (common/modelli.ts).
  app.addHook('preHandler', templateDaysGuard(db, true));
  const body = <T extends z.ZodType, A extends z.ZodType>(schema: T, answer: A) => ({ schema: { body: schema, response: ok(answer) } });

  // The patients' list is searched as the administrator types: limited per account like the other searches.
  // A search of the access log's kind: logged under each patient of the page, never with what was typed.
  app.get(
    '/pazienti',
    {
      schema: { querystring: listQuerySchema, response: ok(pageAnswer(patientRecordAnswer)) },
      preHandler: await perAccountLimit(app, callLimitsOf(app).searches),
    },
    async (req) => {
      const page = await patients.listPatients(db, req.query.q, req.query.pagina, req.query.archiviati === '1');
      recordPatientsRead(
        req,
        { kind: 'ricerca' },
        page.items.map((p) => p.ID),
      );
      return page;
    },
  );
  app.put('/pazienti', body(patientFormSchema, insertedAnswer), async (req) => patients.createPatient(db, currentUser(req), req.body));
  app.post('/pazienti/update', body(patientUpdateSchema, okAnswer), async (req) => patients.updatePatient(db, currentUser(req), req.body));
  archiveRoutes(app, db, '/pazienti', patients.setPatientArchived);

  app.get('/terapisti', { schema: { querystring: archivedQuery, response: ok(z.array(therapistRecordAnswer)) } }, async (req) =>
    therapists.listTherapists(db, req.query.archiviati === '1'),
  );
  app.put('/terapisti', body(therapistFormSchema, insertedAnswer), async (req) =>
    therapists.createTherapist(db, currentUser(req), req.body),
  );
  app.post('/terapisti/update', body(therapistUpdateSchema, okAnswer), async (req) =>
    therapists.updateTherapist(db, currentUser(req), req.body),
  );
  archiveRoutes(app, db, '/terapisti', therapists.setTherapistArchived);

  app.get('/stanze', { schema: { querystring: archivedQuery, response: ok(z.array(roomRecordAnswer)) } }, async (req) =>
    rooms.listAllRooms(db, req.query.archiviati === '1'),
  );
  app.put('/stanze', body(roomFormSchema, insertedAnswer), async (req) => rooms.createRoom(db, currentUser(req), req.body));
  app.post('/stanze/update', body(roomUpdateSchema, okAnswer), async (req) => rooms.updateRoom(db, currentUser(req), req.body));
  app.post('/stanze/sposta', body(roomMoveSchema, okAnswer), async (req) =>
    rooms.moveRoom(db, currentUser(req), req.body.ID, req.body.direzione),
  );
  archiveRoutes(app, db, '/stanze', rooms.setRoomArchived);

  // Tipi di attività (issue 29).
  app.get('/tipi', { schema: { querystring: archivedQuery, response: ok(z.array(tipoRecordAnswer)) } }, async (req) =>
    activityTypes.listActivityTypes(db, req.query.archiviati === '1'),
  );
  app.put('/tipi', body(tipoFormSchema, insertedAnswer), async (req) => activityTypes.createActivityType(db, currentUser(req), req.body));
  app.post('/tipi/update', body(tipoUpdateSchema, okAnswer), async (req) =>
    activityTypes.updateActivityType(db, currentUser(req), req.body),
  );
  archiveRoutes(app, db, '/tipi', activityTypes.setActivityTypeArchived);

  app.post('/uscite/giorno', body(dayBody, z.array(dayTransportRunAnswer)), async (req) => {
    const runs = await readRunsWithPeople(db, req.body.data, req.body.data);
    recordAccess(req, { kind: 'giornata', day: req.body.data });
    return runs;
  });
  app.put('/uscite', body(runFormSchema, insertedAnswer), async (req) => runs.createRun(db, currentUser(req), req.body));
  app.post('/uscite/update', body(runUpdateSchema, okAnswer), async (req) => runs.updateRun(db, currentUser(req), req.body));
  app.post('/uscite/elimina', body(idOnlySchema, okAnswer), async (req) => runs.deleteRun(db, currentUser(req), req.body.ID));
  app.put('/uscite/passeggeri', body(runPassengerSchema, conflictsAfterAnswer), async (req) =>
    runs.addPassenger(db, currentUser(req), req.body.uscita, req.body.paziente),
  );
  app.post('/uscite/passeggeri/rimuovi', body(runPassengerSchema, okAnswer), async (req) =>
    runs.removePassenger(db, currentUser(req), req.body.uscita, req.body.paziente),
  );
  app.put('/uscite/operatori', body(runStaffSchema, conflictsAfterAnswer), async (req) =>
    runs.addStaff(db, currentUser(req), req.body.uscita, req.body.terapista),
  );
  app.post('/uscite/operatori/rimuovi', body(runStaffSchema, okAnswer), async (req) =>
    runs.removeStaff(db, currentUser(req), req.body.uscita, req.body.terapista),
  );

  app.get('/utenti', { schema: { response: ok(z.array(accountRecordAnswer)) } }, async () => accounts.listAccounts(db));
  app.put('/utenti', body(accountCreateSchema, insertedAnswer), async (req) => accounts.createAccount(db, currentUser(req), req.body));
  app.post('/utenti/password', body(accountPasswordSchema, okAnswer), async (req) =>
    accounts.resetPassword(db, currentUser(req), req.body.ID, req.body.password),
  );
  app.post('/utenti/admin', body(accountAdminSchema, okAnswer), async (req) =>
    accounts.setAdmin(db, currentUser(req), req.body.ID, req.body.Admin),
  );
  app.post('/utenti/disattiva', body(accountDisableSchema, okAnswer), async (req) =>
    accounts.setDisabled(db, currentUser(req), req.body.ID, req.body.disattivato),
  );
};

export const anagraficheRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(adminRoutes, { db, prefix: '/anagrafiche' });
};
