/**
 * Issue 32 on the server: the centre's codes and the utente's data of the flows, the check, the ASL's month, SIAR's
 * hours per professional category and SISM's PSS rows (against an independent count on generated months), the files
 * against the Ministry's XSDs (xmllint-wasm: no system xmllint needed) and templates, 409 when data are missing, 403
 * for a consultazione account, the registro and the access log.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { weekdayOf } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import {
  FLUSSI_MSG as M,
  type AslAccount,
  type Controllo,
  type IncompleteBody,
  type PatientFlussi,
  type PssPreview,
  type SiarPreview,
} from '../../../common/flussi.ts';
import type { CentreSettingsWire } from '../../../common/impostazioni.ts';
import type { Profilo } from '../../../common/progetti.ts';
import * as schema from '../../db/schema.ts';
import { ADMIN, TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf, issueAt } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const SIAR_XSD = fixture('FlsSiar3.xsd');
const PSS_XSD = fixture('PSS.xsd');
const SIAR_TEMPLATE = fixture('SIAR_tracciato3.header.csv');
const PSS_TEMPLATE = fixture('tracciato-semires.header.csv');

async function validate(xml: string, xsd: string) {
  const result = await validateXML({
    xml: [{ fileName: 'flusso.xml', contents: xml }],
    schema: [{ fileName: 'schema.xsd', contents: xsd }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

/** Three valid codici fiscali: one and two of its omocodia variants (checked by hand against the check-character table). */
const CF = ['RSSMRA85T10A562S', 'RSSMRAU5T10A562P', 'RSSMRA8RT10A562E'];
const ASL_OF = ['201', '201', '305'];
const idRegionale = (i: number) => `${String.fromCharCode(65 + i).repeat(43)}=${'x'.repeat(43)}=`;
const CODES = { regione: '030', asl: '201', struttura: 'ABC123', dsm: 'D22', tipoStrutturaSism: '2' } as const;

const DAYS = ['2025-02-28', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-31', '2025-04-01'];
const STARTS = ['08:30', '09:00', '10:00', '13:00', '14:30'];
const LENGTHS = [30, 45, 60, 90, 120, 180];
const PROFILES: (Profilo | null)[] = ['logopedista', 'fisioterapista', 'educatore_professionale', null];
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describeOnBothDatabases('flussi', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;
  let people: number[];
  let staff: number[];
  let room: number;

  beforeEach(async () => {
    const db = ctx.database.db;
    people = (
      await db
        .insert(schema.patients)
        .values(
          ['Anna Verdi', 'Bruno Bianchi', 'Carla Rossi'].map((name, i) => ({
            firstName: name.split(' ')[0],
            lastName: name.split(' ')[1],
            codiceFiscale: CF[i],
            aslResidenza: ASL_OF[i],
            idRegionale: idRegionale(i),
            idContatto: String(1000 + i),
          })),
        )
        .returning()
    ).map((p) => p.id);
    staff = (
      await db
        .insert(schema.therapists)
        .values(PROFILES.map((profile, i) => ({ username: `operatore.${i}`, firstName: `Op${i}`, lastName: 'Test', profile })))
        .returning()
    ).map((t) => t.id);
    room = (await db.insert(schema.rooms).values({ name: 'Palestra' }).returning())[0].id;
    admin = await new TestClient(ctx.app).login(ADMIN);
    viewer = await new TestClient(ctx.app).login(VIEWER);
  });

  const setCodes = async () => expect((await admin.post('/server/impostazioni', CODES)).status).toBe(200);

  async function addDay(day: string, patientIds: number[], therapistIds: number[], start = '09:00', end = '13:30') {
    const [a] = await ctx.database.db
      .insert(schema.activities)
      .values({ name: 'Laboratorio', roomId: room, day, weekday: weekdayOf(day), start, end })
      .returning();
    if (patientIds.length)
      await ctx.database.db.insert(schema.activityPatients).values(patientIds.map((patientId) => ({ activityId: a.id, patientId })));
    if (therapistIds.length)
      await ctx.database.db
        .insert(schema.activityTherapists)
        .values(therapistIds.map((therapistId) => ({ activityId: a.id, therapistId })));
  }
  const mark = (day: string, patientId: number, present = true, justified = true) =>
    ctx.database.db.insert(schema.rollCall).values({ day, patientId, present, justified, reason: present ? null : 'malattia' });

  it('keep the centre’s codes: set, read by anyone signed in, cleared; every invalid value is a 400 and changes nothing', async () => {
    const set = await admin.post<CentreSettingsWire>('/server/impostazioni', { ...CODES, struttura: 'abc123', dsm: 'd22' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject(CODES);
    expect((await viewer.get<CentreSettingsWire>('/server/impostazioni')).body).toMatchObject(CODES);
    const cases: [Record<string, unknown>, string][] = [
      [{ regione: '031' }, M.regioneInvalid],
      [{ regione: '30' }, M.regioneInvalid],
      [{ regione: 30 }, M.regioneInvalid],
      [{ asl: '20' }, M.aslInvalid],
      [{ asl: '2011' }, M.aslInvalid],
      [{ asl: 'A01' }, M.aslInvalid],
      [{ struttura: 'ABC12' }, M.strutturaInvalid],
      [{ struttura: 'ABC1234' }, M.strutturaInvalid],
      [{ struttura: 'ABC-12' }, M.strutturaInvalid],
      [{ dsm: 'ABCD' }, M.dsmInvalid],
      [{ dsm: 'D-2' }, M.dsmInvalid],
      [{ tipoStrutturaSism: '4' }, M.tipoStrutturaInvalid],
      [{ tipoStrutturaSism: 2 }, M.tipoStrutturaInvalid],
      [{ sabato: true, asl: 'x' }, M.aslInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/server/impostazioni', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    }
    expect((await viewer.post('/server/impostazioni', { asl: '999' })).status).toBe(403);
    const after = (await admin.get<CentreSettingsWire>('/server/impostazioni')).body;
    expect(after).toMatchObject(CODES);
    expect(after.sabato).toBe(false);
    const cleared = await admin.post<CentreSettingsWire>('/server/impostazioni', { dsm: null, tipoStrutturaSism: null, asl: '' });
    expect(cleared.body).not.toHaveProperty('dsm');
    expect(cleared.body).not.toHaveProperty('tipoStrutturaSism');
    expect(cleared.body).not.toHaveProperty('asl');
    expect(cleared.body.struttura).toBe('ABC123');
  });

  it('keep the utente’s codice fiscale (omocodia and provisional codes too), ASL, regional id and contact: invalid → 400, nothing changed; read only by administrators, in the access log, never in the registro', async () => {
    const created = await admin.put<{ insertId: number }>('/server/anagrafiche/pazienti', {
      Nome: 'Mario',
      Cognome: 'Rossi',
      Cellulare: '',
      CodiceFiscale: ' rssmra85t10a562s ',
      AslResidenza: '201',
    });
    expect(created.status).toBe(200);
    const id = created.body.insertId;
    const read = async () => (await admin.get<PatientFlussi>(`/server/flussi/paziente?ID=${id}`)).body;
    expect(await read()).toEqual({ ID: id, CodiceFiscale: 'RSSMRA85T10A562S', AslResidenza: '201', IdRegionale: null, IdContatto: null });

    const update = (fields: Record<string, unknown>) =>
      admin.post('/server/anagrafiche/pazienti/update', { ID: id, Nome: 'Mario', Cognome: 'Rossi', Cellulare: '', ...fields });
    // Omocodia: digits replaced by letters, the check character recomputed.
    expect((await update({ CodiceFiscale: 'RSSMRAU5T10A562P' })).status).toBe(200);
    expect((await read()).CodiceFiscale).toBe('RSSMRAU5T10A562P');
    // The 11-digit provisional code with its check digit (1+3+5+7+9 + 4+8+3+7+0 = 47 → 3).
    expect((await update({ CodiceFiscale: '12345678903', IdRegionale: idRegionale(0), IdContatto: '12345678901234' })).status).toBe(200);
    const saved = { ID: id, CodiceFiscale: '12345678903', AslResidenza: '201', IdRegionale: idRegionale(0), IdContatto: '12345678901234' };
    expect(await read()).toEqual(saved);
    // Fields not sent stay as they are.
    expect((await update({})).status).toBe(200);
    expect((await read()).IdContatto).toBe('12345678901234');

    const cases: [Record<string, unknown>, string, string][] = [
      [{ CodiceFiscale: 'RSSMRA85T10A562T' }, 'CodiceFiscale', M.codiceFiscaleInvalid],
      [{ CodiceFiscale: 'RSSMRAU5T10A562S' }, 'CodiceFiscale', M.codiceFiscaleInvalid],
      [{ CodiceFiscale: 'RSSMRA85T10A562' }, 'CodiceFiscale', M.codiceFiscaleInvalid],
      [{ CodiceFiscale: 'RSSMRA85Z10A562S' }, 'CodiceFiscale', M.codiceFiscaleInvalid],
      [{ CodiceFiscale: '12345678904' }, 'CodiceFiscale', M.codiceFiscaleInvalid],
      [{ AslResidenza: '20' }, 'AslResidenza', M.aslResidenzaInvalid],
      [{ AslResidenza: 201 }, 'AslResidenza', M.aslResidenzaInvalid],
      [{ IdRegionale: 'x'.repeat(87) }, 'IdRegionale', M.idRegionaleInvalid],
      [{ IdRegionale: `${'x'.repeat(87)}!` }, 'IdRegionale', M.idRegionaleInvalid],
      [{ IdContatto: '0' }, 'IdContatto', M.idContattoInvalid],
      [{ IdContatto: '123456789012345' }, 'IdContatto', M.idContattoInvalid],
      [{ IdContatto: '12a' }, 'IdContatto', M.idContattoInvalid],
    ];
    for (const [fields, path, message] of cases) {
      const res = await update(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(issueAt(res.body, path) ?? errorOf(res.body)).toBe(message);
    }
    const refusedNew = await admin.put('/server/anagrafiche/pazienti', {
      Nome: 'Ugo',
      Cognome: 'Neri',
      Cellulare: '',
      CodiceFiscale: 'RSSMRA85T10A562T',
    });
    expect(refusedNew.status).toBe(400);
    // Nothing refused changed a field.
    expect(await read()).toEqual(saved);
    const [{ n }] = (
      (await ctx.database.db.execute(sql`select count(*)::int as n from patients where last_name = 'Neri'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(n).toBe(0);

    // Administrators only; the list of the Anagrafiche does not carry them.
    expect((await viewer.get(`/server/flussi/paziente?ID=${id}`)).status).toBe(403);
    const list = await admin.get<{ items: Record<string, unknown>[] }>('/server/anagrafiche/pazienti?q=Rossi');
    expect(list.body.items.find((p) => p.ID === id)).not.toHaveProperty('CodiceFiscale');
    // Never in the registro's before and after.
    const audit = (
      await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from audit_log where coalesce(before::text, '') || coalesce(after::text, '') ~ '(RSSMRA|12345678903|12345678901234)'`,
      )
    )[0].n;
    expect(audit).toBe(0);
    await ctx.app.accessLog!.flush();
    const reads = (
      await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from access_log where kind = 'paziente' and patient_id = ${id} and username = ${ADMIN.username}`,
      )
    )[0].n;
    expect(reads).toBeGreaterThan(0);
  });

  it('check lists what is missing and the days without roll call; a file then answers 409 with the list, never a file', async () => {
    await ctx.database.db
      .update(schema.patients)
      .set({ codiceFiscale: null, idContatto: null })
      .where(sql`id = ${people[1]}`);
    await addDay('2025-03-03', [people[0], people[1]], [staff[0], staff[3]]);
    await addDay('2025-03-04', [people[2]], [staff[1]]);
    await mark('2025-03-03', people[0]);
    await mark('2025-03-03', people[1]);
    const asl = await admin.get<Controllo>('/server/flussi/controllo?flusso=asl&periodo=2025-03');
    expect(asl.status).toBe(200);
    expect(asl.body).toEqual({
      pronto: false,
      mancanti: [
        { cosa: 'impostazioni', campo: 'regione' },
        { cosa: 'impostazioni', campo: 'asl' },
        { cosa: 'impostazioni', campo: 'struttura' },
        { cosa: 'paziente', ID: people[1], nome: 'Bruno Bianchi', campo: 'CodiceFiscale' },
      ],
      avvisi: [{ cosa: 'giorni_senza_appello', date: ['2025-03-04'] }],
    });
    const refused = await admin.get<IncompleteBody>('/server/flussi/asl?mese=2025-03&formato=csv');
    expect(refused.status).toBe(409);
    expect(codeOf(refused.body)).toBe(ERROR_CODES.conflict);
    expect(refused.body.error).toBe(M.incomplete);
    expect(refused.body.mancanti).toEqual(asl.body.mancanti);
    expect(String(refused.headers['content-disposition'] ?? '')).toBe('');

    await setCodes();
    const siar = await admin.get<Controllo>('/server/flussi/controllo?flusso=siar_oreprof&periodo=2025');
    expect(siar.body.pronto).toBe(true);
    expect(siar.body.avvisi).toContainEqual({ cosa: 'operatori_senza_profilo', operatori: [{ ID: staff[3], nome: 'Op3 Test' }] });
    const pss = await admin.get<Controllo>('/server/flussi/controllo?flusso=sism_pss&periodo=2025-S1');
    expect(pss.body.mancanti).toEqual([{ cosa: 'paziente', ID: people[1], nome: 'Bruno Bianchi', campo: 'IdContatto' }]);
    expect((await admin.get<IncompleteBody>('/server/flussi/sism/pss?anno=2025&semestre=1')).status).toBe(409);
    const empty = await admin.get<IncompleteBody>('/server/flussi/sism/pss?anno=2025&semestre=2&formato=xml');
    expect(empty.status).toBe(409);
    expect(empty.body.error).toBe(M.noAttendance);
    expect(empty.body.mancanti).toEqual([{ cosa: 'periodo', campo: 'presenze' }]);

    for (const url of [
      '/server/flussi/controllo?flusso=asl&periodo=2025',
      '/server/flussi/controllo?flusso=sism_pss&periodo=2025-S3',
      '/server/flussi/controllo?flusso=altro&periodo=2025',
      '/server/flussi/asl?mese=2025-13',
      '/server/flussi/siar/oreprof?anno=1999',
      '/server/flussi/siar/oreprof?anno=2025&tipo=X',
      '/server/flussi/sism/pss?anno=2025&semestre=3',
    ]) {
      expect((await admin.get(url)).status, url).toBe(400);
    }
    // No audit row for a refused file.
    const rows = (
      (await ctx.database.db.execute(sql`select count(*)::int as n from audit_log where action like 'esportazione.%'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n;
    expect(rows).toBe(0);
  });

  it('answers a consultazione account 403 on every call', async () => {
    for (const url of [
      '/server/flussi/controllo?flusso=asl&periodo=2025-03',
      '/server/flussi/asl?mese=2025-03',
      '/server/flussi/asl?mese=2025-03&formato=csv',
      '/server/flussi/siar/oreprof?anno=2025',
      '/server/flussi/siar/oreprof?anno=2025&formato=csv',
      '/server/flussi/sism/pss?anno=2025&semestre=1',
      '/server/flussi/sism/pss?anno=2025&semestre=1&formato=xml',
      `/server/flussi/paziente?ID=${people[0]}`,
    ]) {
      const res = await viewer.get(url);
      expect(res.status, url).toBe(403);
      expect(codeOf(res.body)).toBe(ERROR_CODES.adminOnly);
    }
  });

  it('write files the Ministry’s engines take: the XSDs validate the XML, the CSV headers are the templates’ to the byte; each file a registro row and access-log entries', async () => {
    await setCodes();
    await addDay('2025-03-03', [people[0], people[2]], [staff[0], staff[2]], '09:00', '13:30');
    await addDay('2025-03-04', [people[0]], [staff[1]], '09:00', '11:00');
    await mark('2025-03-03', people[0]);
    await mark('2025-03-03', people[2]);
    await mark('2025-03-04', people[0]);
    await mark('2025-03-05', people[1], false, false);

    const siar = await admin.get('/server/flussi/siar/oreprof?anno=2025');
    expect(siar.status).toBe(200);
    expect(siar.headers['content-type']).toMatch(/^application\/xml/);
    expect(siar.headers['content-disposition']).toBe('attachment; filename="SDK_SIAR_OREPROF_2025.xml"');
    expect(siar.headers['cache-control']).toBe('no-store');
    expect(await validate(siar.text, SIAR_XSD)).toEqual({ valid: true, errors: [] });
    expect(siar.text).toContain('<OreErogateLogopedista>5</OreErogateLogopedista>'); // 4 h 30 rounded half up
    expect(siar.text).toContain('<OreErogateFisioterapista>2</OreErogateFisioterapista>');
    // The validator does refuse: the same file with two elements swapped is not valid.
    const swapped = siar.text.replace('OreErogateMMGPLS>0</OreErogateMMGPLS', 'OreErogateOSS>0</OreErogateOSS');
    expect((await validate(swapped, SIAR_XSD)).valid).toBe(false);
    const variation = await admin.get('/server/flussi/siar/oreprof?anno=2025&tipo=V');
    expect(variation.text).toContain('<Trasmissione tipo="V"/>');

    const siarCsv = await admin.get('/server/flussi/siar/oreprof?anno=2025&formato=csv');
    expect(siarCsv.headers['content-disposition']).toBe('attachment; filename="SDK_SIAR_OREPROF_2025.csv"');
    const [header, line, rest] = siarCsv.text.split('\n');
    expect(`${header}\n`).toBe(SIAR_TEMPLATE);
    expect(line).toBe('I~2025~030~201~ABC123~0~0~0~0~2~5~0~0~0~0~0~5~0');
    expect(rest).toBe('');

    const pssCsv = await admin.get('/server/flussi/sism/pss?anno=2025&semestre=1');
    expect(pssCsv.headers['content-disposition']).toBe('attachment; filename="SDK_RES_PSS_S1_2025.csv"');
    const pssLines = pssCsv.text.split('\n');
    expect(`${pssLines[0]}\n`).toBe(PSS_TEMPLATE);
    expect(pssLines.slice(1)).toEqual([
      `2025~S1~030~201~D22~${idRegionale(0)}~ABC123~1000~2~2025-03-03~2~I`,
      `2025~S1~030~201~D22~${idRegionale(0)}~ABC123~1000~2~2025-03-04~1~I`,
      `2025~S1~030~305~D22~${idRegionale(2)}~ABC123~1002~2~2025-03-03~2~I`,
      '',
    ]);
    const pssXml = await admin.get('/server/flussi/sism/pss?anno=2025&semestre=1&formato=xml');
    expect(pssXml.headers['content-disposition']).toBe('attachment; filename="SDK_RES_PSS_S1_2025.xml"');
    expect(await validate(pssXml.text, PSS_XSD)).toEqual({ valid: true, errors: [] });
    expect((await validate(pssXml.text.replace('<ModalitaPresenza>1<', '<ModalitaPresenza>3<'), PSS_XSD)).valid).toBe(false);

    const aslCsv = await admin.get('/server/flussi/asl?mese=2025-03&formato=csv');
    expect(aslCsv.headers['content-disposition']).toBe('attachment; filename="rendiconto-asl_2025-03.csv"');
    expect(aslCsv.text.startsWith('\uFEFFASL;Utente;Codice fiscale;')).toBe(true);
    expect(aslCsv.text).toContain(`201;Anna Verdi;${CF[0]};2;1;6,5;0;0;03/03/2025, 04/03/2025;Centro diurno\r\n`);
    expect(aslCsv.text).toContain(`201;Bruno Bianchi;${CF[1]};0;0;0;0;1;;Centro diurno\r\n`);
    expect(aslCsv.text).toContain('305;Totale ASL 305;;1;1;4,5;0;0;;Centro diurno\r\n');

    const audit = (
      (await ctx.database.db.execute(
        sql`select action, patients from audit_log where action like 'esportazione.%' order by id`,
      )) as unknown as {
        rows: { action: string; patients: number[] | string }[];
      }
    ).rows.map((r) => r.action);
    expect(audit).toEqual([
      'esportazione.siar_oreprof',
      'esportazione.siar_oreprof',
      'esportazione.siar_oreprof',
      'esportazione.sism_pss',
      'esportazione.sism_pss',
      'esportazione.rendiconto_asl_csv',
    ]);
    await ctx.app.accessLog!.flush();
    const logged = (
      await rowsOf<{ patient_id: number }>(
        ctx.database.db,
        sql`select distinct patient_id from access_log where kind = 'esportazione' and patient_id is not null order by patient_id`,
      )
    ).map((r) => Number(r.patient_id));
    expect(logged).toEqual([...people].sort((a, b) => a - b));
  });

  it('count the ASL month, the SIAR hours and the PSS rows as an independent count does, on 30 generated months', async () => {
    const db = ctx.database.db;
    const activityArb = fc.record({
      day: fc.integer({ min: 0, max: DAYS.length - 1 }),
      start: fc.constantFrom(...STARTS),
      length: fc.constantFrom(...LENGTHS),
      patients: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
      therapists: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
    });
    const runArb = fc.record({
      patient: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 0, max: DAYS.length - 1 }),
      andata: fc.boolean(),
      time: fc.constantFrom('08:00', '08:45', '12:30', '15:00', '16:30'),
    });
    const markArb = fc.record({
      patient: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 0, max: DAYS.length - 1 }),
      present: fc.boolean(),
      justified: fc.boolean(),
    });
    const absenceArb = fc.record({
      therapist: fc.integer({ min: 0, max: 3 }),
      day: fc.integer({ min: 0, max: DAYS.length - 1 }),
      length: fc.integer({ min: 0, max: 2 }),
    });

    await fc.assert(
      fc.asyncProperty(
        fc.array(activityArb, { maxLength: 10 }),
        fc.array(runArb, { maxLength: 5 }),
        fc.uniqueArray(markArb, { selector: (m) => `${m.patient}|${m.day}`, maxLength: 14 }),
        fc.uniqueArray(absenceArb, { selector: (a) => a.therapist, maxLength: 2 }),
        async (activitySpecs, runSpecs, markSpecs, absenceSpecs) => {
          await db.execute(
            sql`truncate activity_patients, activity_therapists, activities, transport_patients, transport_runs, absences, roll_call`,
          );
          for (const a of activitySpecs) {
            const start = toMinutes(a.start);
            const [row] = await db
              .insert(schema.activities)
              .values({
                name: 'Attività',
                roomId: room,
                day: DAYS[a.day],
                weekday: weekdayOf(DAYS[a.day]),
                start: a.start,
                end: toTime(start + a.length),
              })
              .returning();
            if (a.patients.length)
              await db.insert(schema.activityPatients).values(a.patients.map((p) => ({ activityId: row.id, patientId: people[p] })));
            if (a.therapists.length)
              await db.insert(schema.activityTherapists).values(a.therapists.map((t) => ({ activityId: row.id, therapistId: staff[t] })));
          }
          for (const r of runSpecs) {
            // An andata arrives 30 minutes after it leaves; a ritorno leaves at the time and arrives 40 minutes later.
            const at = toMinutes(r.time);
            const departure = r.andata ? toTime(at - 30) : r.time;
            const arrival = r.andata ? r.time : toTime(at + 40);
            const [run] = await db
              .insert(schema.transportRuns)
              .values({ route: 'Giro', departure, arrival, minibus: 1, day: DAYS[r.day] })
              .returning();
            await db.insert(schema.transportPatients).values({ runId: run.id, patientId: people[r.patient] });
            await db.insert(schema.activities).values({
              name: 'TRASPORTO',
              roomId: null,
              day: DAYS[r.day],
              weekday: weekdayOf(DAYS[r.day]),
              start: departure,
              end: arrival,
              transportRunId: run.id,
            });
          }
          if (markSpecs.length)
            await db.insert(schema.rollCall).values(
              markSpecs.map((m) => ({
                day: DAYS[m.day],
                patientId: people[m.patient],
                present: m.present,
                justified: m.justified,
                reason: m.present ? null : 'malattia',
              })),
            );
          for (const a of absenceSpecs)
            await db.insert(schema.absences).values({
              therapistId: staff[a.therapist],
              startDay: DAYS[a.day],
              endDay: DAYS[Math.min(a.day + a.length, DAYS.length - 1)],
              reason: 'ferie',
            });

          // ---- The independent count ----
          const present = (p: number, d: number) => markSpecs.some((m) => m.patient === p && m.day === d && m.present);
          const lengthOf = (p: number, d: number) => {
            const starts: number[] = [];
            const ends: number[] = [];
            for (const a of activitySpecs)
              if (a.day === d && a.patients.includes(p)) {
                starts.push(toMinutes(a.start));
                ends.push(toMinutes(a.start) + a.length);
              }
            for (const r of runSpecs)
              if (r.day === d && r.patient === p) {
                const at = toMinutes(r.time);
                starts.push(r.andata ? at : at + 40);
                ends.push(r.andata ? at - 30 : at);
              }
            return starts.length === 0 ? 0 : Math.max(0, Math.max(...ends) - Math.min(...starts));
          };
          const inMarch = (d: number) => DAYS[d].startsWith('2025-03');
          const expectedAsl = [0, 1, 2]
            .filter((p) => markSpecs.some((m) => m.patient === p && inMarch(m.day)))
            .map((p) => {
              const days = DAYS.map((_, d) => d).filter((d) => inMarch(d) && present(p, d));
              const minutes = days.reduce((s, d) => s + lengthOf(p, d), 0);
              const absent = markSpecs.filter((m) => m.patient === p && inMarch(m.day) && !m.present);
              return {
                paziente: people[p],
                giorni: days.length,
                giorniOltre4Ore: days.filter((d) => lengthOf(p, d) >= 240).length,
                ore: Math.round((minutes / 60) * 10) / 10,
                assenzeGiustificate: absent.filter((m) => m.justified).length,
                assenzeNonGiustificate: absent.filter((m) => !m.justified).length,
                date: days.map((d) => DAYS[d]),
              };
            });
          const account = (await admin.get<AslAccount>('/server/flussi/asl?mese=2025-03')).body;
          const got = account.asl
            .flatMap((g) => g.utenti.map(({ nome: _n, CodiceFiscale: _c, ...u }) => ({ ...u, asl: g.asl })))
            .sort((a, b) => a.paziente - b.paziente);
          expect(got).toEqual(expectedAsl.map((u) => ({ ...u, asl: ASL_OF[people.indexOf(u.paziente)] })));
          for (const g of account.asl) expect(g.totali.giorni).toBe(g.utenti.reduce((s, u) => s + u.giorni, 0));

          const absent = (t: number, d: number) => absenceSpecs.some((a) => a.therapist === t && d >= a.day && d <= a.day + a.length);
          const minutesOf = new Map<Profilo, number>();
          for (const a of activitySpecs) {
            if (!a.patients.some((p) => present(p, a.day))) continue;
            for (const t of a.therapists) {
              const profile = PROFILES[t];
              if (profile === null || absent(t, a.day)) continue;
              minutesOf.set(profile, (minutesOf.get(profile) ?? 0) + a.length);
            }
          }
          const siar = (await admin.get<SiarPreview>('/server/flussi/siar/oreprof?anno=2025&formato=json')).body;
          for (const { profilo, ore } of siar.ore) {
            const m = minutesOf.get(profilo as Profilo) ?? 0;
            expect(ore, profilo).toBe(Math.floor(m / 60) + (m % 60 >= 30 ? 1 : 0));
          }

          const expectedPss = markSpecs
            .filter((m) => m.present)
            .map((m) => ({ paziente: people[m.patient], data: DAYS[m.day], modalita: lengthOf(m.patient, m.day) >= 240 ? '2' : '1' }))
            .sort((a, b) => a.paziente - b.paziente || a.data.localeCompare(b.data));
          const pss = (await admin.get<PssPreview>('/server/flussi/sism/pss?anno=2025&semestre=1&formato=json')).body;
          expect(pss.righe.map(({ nome: _n, ...r }) => r).sort((a, b) => a.paziente - b.paziente || a.data.localeCompare(b.data))).toEqual(
            expectedPss,
          );
        },
      ),
      { numRuns: 30 },
    );
  });
});
