/**
 * Annulla of a multi-day operation (docs/decisions/0027-multi-day-operations.md): a template
 * applied over weeks and a pasted week are one registro operation each, taken back whole in one
 * call, every day byte for byte; refused naming the days changed since; administrators only; a
 * bad id changes nothing.
 */
import { beforeEach, expect, it } from 'vitest';
import { AUDIT_MSG, undoDaysChangedMessage, type AuditPage } from '../../../common/audit.ts';
import { addDays } from '../../../common/dates.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import type { ApplyResult, TemplateCreated } from '../../../common/modelli.ts';
import { addActivity, addRun, seedSourceWeek, type Centre } from '../../test/fixtures.ts';
import { TestClient, codeOf, describeOnBothDatabases, errorOf, signedInCentre } from '../../test/harness.ts';

/** The template's source week, and three target weeks without holidays (1 to 19 February 2027). */
const WEEK = '2026-11-23';
const FROM = '2027-02-01';
const TO = '2027-02-19';
const WORKING_DAYS = Array.from({ length: 19 }, (_, i) => addDays(FROM, i)).filter((d) => ![0, 6].includes(new Date(d).getUTCDay()));

describeOnBothDatabases('Annulla of a multi-day operation', (ctx) => {
  let admin: TestClient, viewer: TestClient, centre: Centre;

  /** The raw text of the day's answer, as the browser receives it. */
  const dayText = async (day: string) => {
    const res = await admin.post('/server/calendario/giornata', { data: day });
    expect(res.status).toBe(200);
    return res.text;
  };
  const days = async (list: readonly string[]) => Promise.all(list.map(dayText));
  const undo = (client: TestClient, operazione: unknown) => client.post('/server/calendario/annulla', { operazione });
  const registroRow = async (id: number) => {
    const res = await admin.get<AuditPage>(`/server/registro?dal=2026-01-01&al=2026-12-31`);
    expect(res.status).toBe(200);
    return res.body.items.find((r) => r.ID === id);
  };

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
    const db = ctx.database.db;
    // The source week: a run with a passenger on Monday, activities on Monday and Wednesday.
    await seedSourceWeek(db, centre, WEEK);
    // What two target days already hold, which a replacing apply takes away: an activity, and a run with passengers.
    await addActivity(
      db,
      { name: 'Uscita al museo', roomId: centre.palestra.id, day: '2027-02-03', start: '09:00', end: '12:00' },
      { patients: [centre.lucia.id], therapists: [centre.paola.id] },
    );
    const other = await addRun(
      db,
      { route: 'Ritorno Sud', departure: '16:00', arrival: '17:00', minibus: 1, day: '2027-02-10' },
      { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.stefano.id] },
    );
    await addActivity(db, { name: 'TRASPORTO', roomId: null, day: '2027-02-10', start: '16:00', end: '17:00', transportRunId: other.id });
  });

  const applyOverWeeks = async () => {
    const saved = await admin.put<TemplateCreated>('/server/modelli', { nome: 'Inverno', dasettimana: WEEK });
    expect(saved.status).toBe(200);
    const res = await admin.post<ApplyResult>('/server/modelli/applica', {
      modello: saved.body.ID,
      dal: FROM,
      al: TO,
      esistenti: 'sostituisci',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.operazione).toEqual(expect.any(Number));
    return res.body;
  };

  it('takes back a template applied over three weeks in one call, every day as it was', async () => {
    const before = await days(WORKING_DAYS);
    const applied = await applyOverWeeks();
    const after = await days(WORKING_DAYS);
    // Mondays and Wednesdays were written, the replaced days included.
    expect(after.filter((text, i) => text !== before[i]).length).toBe(6);
    // One Annulla in the registro, on the operation's row; its days have none of their own.
    const row = await registroRow(applied.operazione!);
    expect(row).toMatchObject({ azione: 'modello.applica', annullabile: true, giorno: '2027-02-01', giornoFine: '2027-02-17' });
    expect(row!.frase).toBe(
      'Modello «Inverno» applicato dal 01-02-2027 al 17-02-2027: 6 giornate scritte, giornate già in programma sostituite',
    );
    const page = await admin.get<AuditPage>('/server/registro?azione=giornata.incolla');
    const daysOfIt = page.body.items.filter((r) => r.giorno! >= FROM && r.giorno! <= TO);
    expect(daysOfIt.map((r) => [r.giorno, r.annullabile])).toEqual(
      ['2027-02-17', '2027-02-15', '2027-02-10', '2027-02-08', '2027-02-03', '2027-02-01'].map((d) => [d, false]),
    );

    const res = await undo(admin, applied.operazione);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      data: '2027-02-01',
      giorni: ['2027-02-01', '2027-02-03', '2027-02-08', '2027-02-10', '2027-02-15', '2027-02-17'],
    });
    expect(await days(WORKING_DAYS)).toEqual(before);
    expect((await registroRow(applied.operazione!))!.annullabile).toBe(false);
    // Once only.
    const again = await undo(admin, applied.operazione);
    expect(again.status).toBe(409);
    expect(await days(WORKING_DAYS)).toEqual(before);
  });

  it('takes back a pasted week in one call', async () => {
    const target = '2027-02-08';
    const week = Array.from({ length: 5 }, (_, i) => addDays(target, i));
    const before = await days(week);
    const pasted = await admin.post<ApplyResult>('/server/calendario/pasteweek', { from: WEEK, to: target, esistenti: 'sostituisci' });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(200);
    expect((await days(week)).filter((text, i) => text !== before[i]).length).toBe(2);
    expect((await registroRow(pasted.body.operazione!))!.frase).toBe(
      'Settimana del 23-11-2026 incollata dal 08-02-2027 al 10-02-2027: 2 giornate scritte, giornate già in programma sostituite',
    );
    const res = await undo(admin, pasted.body.operazione);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await days(week)).toEqual(before);
  });

  it('answers no operation when no day was written', async () => {
    const res = await admin.post<ApplyResult>('/server/calendario/pasteweek', { from: '2027-03-01', to: '2027-03-08' });
    expect(res.status).toBe(200);
    expect(res.body.operazione).toBeNull();
  });

  it('refuses naming the days changed since, and changes nothing', async () => {
    const applied = await applyOverWeeks();
    const created = await admin.put('/server/calendario/createattivita', {
      nome: 'Dopo',
      stanza: centre.palestra.id,
      data: '2027-02-10',
      orainizio: '15:00',
      orafine: '16:00',
    });
    expect(created.status).toBe(200);
    expect((await admin.post('/server/calendario/emptyday', { data: '2027-02-15' })).status).toBe(200);
    const now = await days(WORKING_DAYS);
    const res = await undo(admin, applied.operazione);
    expect([res.status, codeOf(res.body)]).toEqual([409, ERROR_CODES.daysChanged]);
    expect(errorOf(res.body)).toBe(undoDaysChangedMessage(['2027-02-10', '2027-02-15']));
    expect(errorOf(res.body)).toBe(
      'Annullamento non possibile: dopo questa operazione sono cambiate le giornate di mer 10-02-2027, lun 15-02-2027',
    );
    expect(await days(WORKING_DAYS)).toEqual(now);
    expect((await registroRow(applied.operazione!))!.annullabile).toBe(false);
  });

  it('is for administrators: a consultazione account is refused (403) and nothing changes', async () => {
    const applied = await applyOverWeeks();
    const now = await days(WORKING_DAYS);
    const res = await undo(viewer, applied.operazione);
    expect([res.status, codeOf(res.body)]).toEqual([403, ERROR_CODES.adminOnly]);
    expect(await days(WORKING_DAYS)).toEqual(now);
  });

  it('refuses bad operation ids with an Italian 4xx and changes nothing', async () => {
    const applied = await applyOverWeeks();
    const saved = await admin.put<TemplateCreated>('/server/modelli', { nome: 'Vuoto' });
    const created = (await admin.get<AuditPage>('/server/registro?azione=modello.crea')).body.items[0].ID;
    expect(saved.status).toBe(200);
    const now = await days(WORKING_DAYS);
    for (const bad of ['abc', 0, -3, 1.5, '', null, 2 ** 60]) {
      const res = await undo(admin, bad);
      expect([res.status, errorOf(res.body)], JSON.stringify(bad)).toEqual([400, AUDIT_MSG.operationInvalid]);
    }
    const missing = await undo(admin, applied.operazione! + 100_000);
    expect([missing.status, errorOf(missing.body)]).toEqual([404, AUDIT_MSG.operationNotFound]);
    const notUndoable = await undo(admin, created);
    expect([notUndoable.status, errorOf(notUndoable.body)]).toEqual([409, AUDIT_MSG.notUndoable]);
    expect(await days(WORKING_DAYS)).toEqual(now);
    // Still undoable after all that.
    expect((await undo(admin, applied.operazione)).status).toBe(200);
  });
});
