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
} from '../../../common/anagrafiche.ts';
import { dayBody } from '../../../common/schemas.ts';
import type { Db } from '../../db/client.ts';
import { readRunsWithPeople } from '../../db/day-read.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { recordPatientsRead } from '../../lib/patients-read.ts';
import { currentUser, requireAdmin } from '../../lib/guards.ts';
import { callLimitsOf, perAccountLimit } from '../../lib/rate-limits.ts';
import { templateDaysGuard } from '../../lib/template-days.ts';
import { tipoFormSchema, tipoUpdateSchema } from '../../../common/progetti.ts';
import * as accounts from './accounts.ts';
import * as activityTypes from './activity-types.ts';
import * as patients from './patients.ts';
import * as rooms from './rooms.ts';
import * as runs from './runs.ts';
import * as therapists from './therapists.ts';

const archivedQuery = z.object({ archiviati: z.enum(['0', '1']).optional().default('0') });

const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);
  // The runs' calls take template days too (common/modelli.ts).
  app.addHook('preHandler', templateDaysGuard(db, true));
  const body = <T extends z.ZodType>(schema: T) => ({ schema: { body: schema } });

  // The patients' list is searched as the administrator types: limited per account like the other searches.
  // A search of the access log's kind: logged under each patient of the page, never with what was typed.
  app.get(
    '/pazienti',
    { schema: { querystring: listQuerySchema }, preHandler: await perAccountLimit(app, callLimitsOf(app).searches) },
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
  app.put('/pazienti', body(patientFormSchema), async (req) => patients.createPatient(db, currentUser(req), req.body));
  app.post('/pazienti/update', body(patientUpdateSchema), async (req) => patients.updatePatient(db, currentUser(req), req.body));
  app.post('/pazienti/archivia', body(idOnlySchema), async (req) => patients.setPatientArchived(db, currentUser(req), req.body.ID, true));
  app.post('/pazienti/ripristina', body(idOnlySchema), async (req) =>
    patients.setPatientArchived(db, currentUser(req), req.body.ID, false),
  );

  app.get('/terapisti', { schema: { querystring: archivedQuery } }, async (req) =>
    therapists.listTherapists(db, req.query.archiviati === '1'),
  );
  app.put('/terapisti', body(therapistFormSchema), async (req) => therapists.createTherapist(db, currentUser(req), req.body));
  app.post('/terapisti/update', body(therapistUpdateSchema), async (req) => therapists.updateTherapist(db, currentUser(req), req.body));
  app.post('/terapisti/archivia', body(idOnlySchema), async (req) =>
    therapists.setTherapistArchived(db, currentUser(req), req.body.ID, true),
  );
  app.post('/terapisti/ripristina', body(idOnlySchema), async (req) =>
    therapists.setTherapistArchived(db, currentUser(req), req.body.ID, false),
  );

  app.get('/stanze', { schema: { querystring: archivedQuery } }, async (req) => rooms.listAllRooms(db, req.query.archiviati === '1'));
  app.put('/stanze', body(roomFormSchema), async (req) => rooms.createRoom(db, currentUser(req), req.body));
  app.post('/stanze/update', body(roomUpdateSchema), async (req) => rooms.updateRoom(db, currentUser(req), req.body));
  app.post('/stanze/sposta', body(roomMoveSchema), async (req) => rooms.moveRoom(db, currentUser(req), req.body.ID, req.body.direzione));
  app.post('/stanze/archivia', body(idOnlySchema), async (req) => rooms.setRoomArchived(db, currentUser(req), req.body.ID, true));
  app.post('/stanze/ripristina', body(idOnlySchema), async (req) => rooms.setRoomArchived(db, currentUser(req), req.body.ID, false));

  // Tipi di attività (issue 29).
  app.get('/tipi', { schema: { querystring: archivedQuery } }, async (req) =>
    activityTypes.listActivityTypes(db, req.query.archiviati === '1'),
  );
  app.put('/tipi', body(tipoFormSchema), async (req) => activityTypes.createActivityType(db, currentUser(req), req.body));
  app.post('/tipi/update', body(tipoUpdateSchema), async (req) => activityTypes.updateActivityType(db, currentUser(req), req.body));
  app.post('/tipi/archivia', body(idOnlySchema), async (req) =>
    activityTypes.setActivityTypeArchived(db, currentUser(req), req.body.ID, true),
  );
  app.post('/tipi/ripristina', body(idOnlySchema), async (req) =>
    activityTypes.setActivityTypeArchived(db, currentUser(req), req.body.ID, false),
  );

  app.post('/uscite/giorno', body(dayBody), async (req) => {
    const runs = await readRunsWithPeople(db, req.body.data, req.body.data);
    recordAccess(req, { kind: 'giornata', day: req.body.data });
    return runs;
  });
  app.put('/uscite', body(runFormSchema), async (req) => runs.createRun(db, currentUser(req), req.body));
  app.post('/uscite/update', body(runUpdateSchema), async (req) => runs.updateRun(db, currentUser(req), req.body));
  app.post('/uscite/elimina', body(idOnlySchema), async (req) => runs.deleteRun(db, currentUser(req), req.body.ID));
  app.put('/uscite/passeggeri', body(runPassengerSchema), async (req) =>
    runs.addPassenger(db, currentUser(req), req.body.uscita, req.body.paziente),
  );
  app.post('/uscite/passeggeri/rimuovi', body(runPassengerSchema), async (req) =>
    runs.removePassenger(db, currentUser(req), req.body.uscita, req.body.paziente),
  );
  app.put('/uscite/operatori', body(runStaffSchema), async (req) =>
    runs.addStaff(db, currentUser(req), req.body.uscita, req.body.terapista),
  );
  app.post('/uscite/operatori/rimuovi', body(runStaffSchema), async (req) =>
    runs.removeStaff(db, currentUser(req), req.body.uscita, req.body.terapista),
  );

  app.get('/utenti', async () => accounts.listAccounts(db));
  app.put('/utenti', body(accountCreateSchema), async (req) => accounts.createAccount(db, currentUser(req), req.body));
  app.post('/utenti/password', body(accountPasswordSchema), async (req) =>
    accounts.resetPassword(db, currentUser(req), req.body.ID, req.body.password),
  );
  app.post('/utenti/admin', body(accountAdminSchema), async (req) => accounts.setAdmin(db, currentUser(req), req.body.ID, req.body.Admin));
  app.post('/utenti/disattiva', body(accountDisableSchema), async (req) =>
    accounts.setDisabled(db, currentUser(req), req.body.ID, req.body.disattivato),
  );
};

export const anagraficheRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(adminRoutes, { db, prefix: '/anagrafiche' });
};
