/**
 * Issue 26, points 1 and 4: every call limited per account (not per session), exports limited
 * and checked (patients that exist, kinds the role may make), and every read that returns named
 * patients logged under each of them, as "Accessi a" shows.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AUDIT_MSG } from '../../../common/audit.ts';
import { addDays } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import type { App } from '../../app.ts';
import { absences } from '../../db/schema.ts';
import { DEFAULT_CALL_LIMITS, EXPORTS } from '../../lib/rate-limits.ts';
import { addActivity, type Centre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, VIEWER, buildTestApp, codeOf, describeOnBothDatabases, errorOf, signedInCentre } from '../../test/harness.ts';

const MON = '2026-11-23';

import type { AccessPage } from '../../../common/audit.ts';
import { rowsOf } from '../../db/rows.ts';

describeOnBothDatabases('reads logged under each patient, and per-account limits', (ctx) => {
  let admin: TestClient, viewer: TestClient, centre: Centre;
  /** Apps a test builds with limits of its own, closed after it. */
  const ownApps: App[] = [];

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });
  afterEach(async () => {
    for (const app of ownApps.splice(0)) await app.close();
  });

  const count = async (query: ReturnType<typeof sql>) => Number((await rowsOf<{ n: number | string }>(ctx.database.db, query))[0].n);
  const exportRows = () => count(sql`select count(*) as n from audit_log where action like 'esportazione.%'`);
  const exportReads = async () => {
    await ctx.app.accessLog!.flush();
    return count(sql`select count(*) as n from access_log where kind = 'esportazione'`);
  };
  /** "Accessi a" the patient, as an administrator reads it, after the pending reads are written. */
  const accessesTo = async (patientId: number, app = ctx.app) => {
    await app.accessLog!.flush();
    const res = await admin.get<AccessPage>(`/server/registro/accessi?paziente=${patientId}`);
    expect(res.status).toBe(200);
    return res.body.items;
  };

  it('answers 429 with Retry-After in Italian to an account over its calls, whichever of its sessions calls', async () => {
    const app = await buildTestApp(ctx.database, {}, { accountCalls: { max: 20, timeWindowMs: 60_000 } });
    ownApps.push(app);
    const first = await new TestClient(app).login(VIEWER);
    const second = await new TestClient(app).login(VIEWER);
    const other = await new TestClient(app).login(ADMIN);
    // The two sessions share the account's 20 calls: 10 day reads each.
    for (let i = 0; i < 10; i++) {
      expect((await first.post('/server/calendario/giornata', { data: MON })).status).toBe(200);
      expect((await second.post('/server/calendario/giornata', { data: MON })).status).toBe(200);
    }
    for (const session of [first, second]) {
      const refused = await session.post('/server/calendario/giornata', { data: MON });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: MSG.tooManyReads, code: ERROR_CODES.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Every other read counts in the same bucket.
      expect((await session.post('/server/pazienti/find', { value: 'ros' })).status).toBe(429);
    }
    // Signing in again gives no fresh count; health still answers.
    const third = await new TestClient(app).login(VIEWER);
    expect((await third.post('/server/calendario/giornata', { data: MON })).status).toBe(429);
    expect((await third.get('/server/health')).status).toBe(200);
    // Another account is untouched, and an account over its limit may still sign out.
    expect((await other.post('/server/calendario/giornata', { data: MON })).status).toBe(200);
    expect((await third.post('/server/user/logout')).status).toBe(200);
    // The refused reads were never logged: 20 day reads, not 25.
    await app.accessLog!.flush();
    // Identical reads are one coalesced row: count the reads, not the rows (docs/decisions/0022).
    expect(
      await count(sql`select coalesce(sum(conteggio), 0) as n from access_log where username = ${VIEWER.username} and kind = 'giornata'`),
    ).toBe(20);
  });

  it('refuses 1,000 exports of a patient that does not exist, writing nothing, and limits exports per account', async () => {
    const app = await buildTestApp(ctx.database, {}, DEFAULT_CALL_LIMITS);
    ownApps.push(app);
    const first = await new TestClient(app).login(VIEWER);
    const second = await new TestClient(app).login(VIEWER);
    const before = await exportRows();
    const readsBefore = await exportReads();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const res = await (i % 2 === 0 ? first : second).post('/server/registro/esportazione', {
        tipo: 'agenda_pdf',
        dal: MON,
        al: addDays(MON, 6),
        paziente: 999_999,
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 404) expect(errorOf(res.body)).toBe(AUDIT_MSG.exportPatientNotFound);
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The first 60 of the account (both sessions together) are refused as unknown, the rest as too many.
    expect(Object.fromEntries(statuses)).toEqual({ 404: EXPORTS.max, 429: 1000 - EXPORTS.max });
    expect(await exportRows()).toBe(before);
    await app.accessLog!.flush();
    expect(await exportReads()).toBe(readsBefore);
    // A real export of the same account waits too; another account's goes through.
    expect((await first.post('/server/registro/esportazione', { tipo: 'settimana_pdf', dal: MON, al: MON })).status).toBe(429);
    const other = await new TestClient(app).login(ADMIN);
    expect((await other.post('/server/registro/esportazione', { tipo: 'settimana_pdf', dal: MON, al: MON })).status).toBe(200);
    expect(await exportRows()).toBe(before + 1);
  });

  it('refuses the exports a role may not make, and a patient where the kind has none or lacks one', async () => {
    const before = await exportRows();
    // The access log is append-only: it keeps the rows of the tests before.
    const readsBefore = await exportReads();
    const period = { dal: MON, al: addDays(MON, 6) };
    for (const body of [
      { tipo: 'registro_modifiche_csv', ...period },
      { tipo: 'accessi_csv', ...period, paziente: centre.mario.id },
    ]) {
      const res = await viewer.post('/server/registro/esportazione', body);
      expect(res.status).toBe(403);
      expect(errorOf(res.body)).toBe(AUDIT_MSG.exportAdminOnly);
      expect(codeOf(res.body)).toBe(ERROR_CODES.adminOnly);
    }
    const missing = await admin.post('/server/registro/esportazione', { tipo: 'accessi_csv', ...period });
    expect(missing.status).toBe(400);
    expect(errorOf(missing.body)).toBe(AUDIT_MSG.exportPatientRequired);
    const extra = await viewer.post('/server/registro/esportazione', { tipo: 'registro_csv', ...period, paziente: centre.mario.id });
    expect(extra.status).toBe(400);
    expect(errorOf(extra.body)).toBe(AUDIT_MSG.exportPatientNotAllowed);
    const unknownKind = await viewer.post('/server/registro/esportazione', { tipo: 'tutto_csv', ...period });
    expect(unknownKind.status).toBe(400);
    expect(errorOf(unknownKind.body)).toBe(AUDIT_MSG.exportKindInvalid);
    expect(await exportRows()).toBe(before);
    expect(await exportReads()).toBe(readsBefore);
    // What each role may make still goes through.
    expect((await viewer.post('/server/registro/esportazione', { tipo: 'registro_pdf', ...period })).status).toBe(200);
    expect((await viewer.post('/server/registro/esportazione', { tipo: 'agenda_pdf', ...period, paziente: centre.lucia.id })).status).toBe(
      200,
    );
    expect((await admin.post('/server/registro/esportazione', { tipo: 'accessi_csv', ...period, paziente: centre.mario.id })).status).toBe(
      200,
    );
    expect(await exportRows()).toBe(before + 3);
  });

  it("lists a conflicts read under each patient it names, absent ones included, in 'Accessi a'", async () => {
    // Mario absent (ricovero) but still in an activity; Lucia in two activities at once; Ugo named by nothing.
    await ctx.database.db.insert(absences).values({ patientId: centre.mario.id, startDay: MON, endDay: MON, reason: 'ricovero' });
    await addActivity(
      ctx.database.db,
      { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id, centre.lucia.id] },
    );
    await addActivity(
      ctx.database.db,
      { name: 'Logopedia', roomId: centre.logopedia.id, day: addDays(MON, 2), start: '09:00', end: '10:00' },
      { patients: [centre.lucia.id] },
    );
    await addActivity(
      ctx.database.db,
      { name: 'Musica', roomId: centre.palestra.id, day: addDays(MON, 2), start: '09:30', end: '10:30' },
      { patients: [centre.lucia.id] },
    );
    const res = await viewer.post<{ giorni: { conflitti: { tipo: string; ID: number }[] }[] }>('/server/calendario/conflitti', {
      datastart: MON,
      datastop: addDays(MON, 6),
    });
    expect(res.status).toBe(200);
    expect(res.body.giorni.flatMap((d) => d.conflitti.map((c) => [c.tipo, c.ID]))).toEqual(
      expect.arrayContaining([
        ['assente', centre.mario.id],
        ['paziente', centre.lucia.id],
      ]),
    );
    for (const patient of [centre.mario.id, centre.lucia.id]) {
      const read = (await accessesTo(patient)).filter((r) => r.tipo === 'conflitti');
      expect(read).toEqual([
        expect.objectContaining({ utente: VIEWER.username, giorno: MON, giornoFine: addDays(MON, 6), motivo: 'diretto' }),
      ]);
    }
    expect((await accessesTo(centre.archiviato.id)).filter((r) => r.tipo === 'conflitti')).toEqual([]);
  });

  it("lists searches and lists of patients under each patient they return, and no one else's", async () => {
    expect((await viewer.post('/server/pazienti/find', { value: 'rossi' })).status).toBe(200);
    expect(
      (await viewer.post('/server/pazienti/getfromfind', { nome: 'Lucia', cognome: 'Bianchi', cellulare: '+393334445555' })).status,
    ).toBe(200);
    const searchesBy = async (patient: number, username: string) =>
      (await accessesTo(patient))
        .filter((r) => r.tipo === 'ricerca' && r.utente === username && r.motivo === 'diretto')
        // Identical searches within 10 minutes are one coalesced entry: count the reads it stands for.
        .reduce((reads, r) => reads + r.conteggio, 0);
    expect(await searchesBy(centre.mario.id, VIEWER.username)).toBe(1);
    expect(await searchesBy(centre.lucia.id, VIEWER.username)).toBe(1);
    expect(await searchesBy(centre.archiviato.id, VIEWER.username)).toBe(0);
    // The list of every patient present names both; the Anagrafiche list of archived ones only Ugo.
    expect((await viewer.get('/server/pazienti/getpresenze')).status).toBe(200);
    expect(await searchesBy(centre.mario.id, VIEWER.username)).toBe(2);
    expect(await searchesBy(centre.lucia.id, VIEWER.username)).toBe(2);
    expect((await admin.get('/server/anagrafiche/pazienti?archiviati=1')).status).toBe(200);
    expect(await searchesBy(centre.archiviato.id, ADMIN.username)).toBe(1);
    expect(await searchesBy(centre.mario.id, ADMIN.username)).toBe(0);
    // A search that finds no one is remembered, under no patient.
    await ctx.app.accessLog!.flush();
    const mark = await count(sql`select coalesce(max(id), 0) as n from access_log`);
    expect((await viewer.post('/server/pazienti/find', { value: 'nessuno' })).status).toBe(200);
    await ctx.app.accessLog!.flush();
    const rows = await rowsOf(ctx.database.db, sql`select kind, patient_id from access_log where id > ${mark} order by id`);
    expect(rows).toEqual([{ kind: 'ricerca', patient_id: null }]);
  });

  it("logs an administrator's reads of the registro and of 'Accessi a' under the patients they show", async () => {
    // An export about Mario: a registro row whose patients are [Mario].
    const period = { dal: MON, al: MON };
    expect((await admin.post('/server/registro/esportazione', { tipo: 'accessi_csv', ...period, paziente: centre.mario.id })).status).toBe(
      200,
    );
    // The registro filtered on Mario (its rows outlive each test: append-only): a page whose rows are about him only.
    expect((await admin.get(`/server/registro?tipo=paziente&persona=${centre.mario.id}`)).status).toBe(200);
    const onMario = await accessesTo(centre.mario.id);
    expect(onMario.filter((r) => r.tipo === 'registro')).toEqual([expect.objectContaining({ utente: ADMIN.username, motivo: 'diretto' })]);
    // The read of "Accessi a" just made is itself listed under Mario at the next read, and is not Lucia's.
    const again = await accessesTo(centre.mario.id);
    expect(again.filter((r) => r.tipo === 'accessi').length).toBeGreaterThanOrEqual(1);
    expect(again.find((r) => r.tipo === 'accessi')).toMatchObject({ utente: ADMIN.username, motivo: 'diretto' });
    expect((await accessesTo(centre.lucia.id)).filter((r) => r.tipo === 'registro')).toEqual([]);
  });
});
