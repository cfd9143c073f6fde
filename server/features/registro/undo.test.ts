/**
 * Annulla: an emptied day, a paste and a removed activity come back exactly as they were (the
 * day's answer byte for byte: ids, link ids, Versione), only while the day is as the operation
 * left it, once, and only for administrators.
 */
import { beforeEach, expect, it } from 'vitest';
import { AUDIT_MSG, undoArchivedMessage } from '../../../common/audit.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { addActivity, addRun, seedCentre, type Centre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf } from '../../test/harness.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';

describeOnBothDatabases('Annulla', (ctx) => {
  let admin: TestClient;
  let centre: Centre;
  let activityId: number;

  /** The raw text of the day's answer, as the browser receives it. */
  const dayText = async (day: string) => {
    const res = await admin.post('/server/calendario/giornata', { data: day });
    expect(res.status).toBe(200);
    return res.text;
  };

  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
    const run = await addRun(
      ctx.database.db,
      { route: 'Andata Nord', departure: '08:00', arrival: '09:00', minibus: 1, day: MON },
      { patients: [centre.mario.id], therapists: [centre.stefano.id] },
    );
    await addActivity(ctx.database.db, { name: 'TRASPORTO', roomId: null, day: MON, start: '08:00', end: '09:00', transportRunId: run.id });
    const a = await addActivity(
      ctx.database.db,
      { name: 'Musicoterapia', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
    );
    activityId = a.id;
    await addActivity(
      ctx.database.db,
      { name: 'Logopedia', roomId: centre.logopedia.id, day: MON, start: '10:00', end: '11:00' },
      { patients: [centre.lucia.id] },
    );
    await addActivity(
      ctx.database.db,
      { name: 'Martedì', roomId: centre.palestra.id, day: TUE, start: '09:00', end: '10:00' },
      {
        therapists: [centre.stefano.id],
      },
    );
    admin = await new TestClient(ctx.app).login(ADMIN);
    // An edit, so that Versione is not 1 and must come back as it was.
    const edited = await admin.post('/server/calendario/updateattivita', {
      nome: 'Musicoterapia',
      stanza: centre.palestra.id,
      data: MON,
      orainizio: '09:00',
      orafine: '10:30',
      attivitaId: activityId,
      versione: 1,
    });
    expect(edited.status).toBe(200);
  });

  const undo = (client: TestClient, operazione: number) => client.post('/server/calendario/annulla', { operazione });

  it('puts an emptied day back byte for byte, and says so in the registro', async () => {
    const before = await dayText(MON);
    const emptied = await admin.post<{ deleted: number; operazione: number }>('/server/calendario/emptyday', { data: MON });
    expect(emptied.status).toBe(200);
    expect(emptied.body.deleted).toBe(3);
    expect(await dayText(MON)).not.toBe(before);
    const res = await undo(admin, emptied.body.operazione);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, data: MON });
    expect(await dayText(MON)).toBe(before);
    const registro = await admin.get<{ items: { azione: string; frase: string }[] }>(`/server/registro`);
    expect(registro.status).toBe(200);
  });

  it('puts a pasted-over day back byte for byte (its runs and their ids included)', async () => {
    const before = await dayText(MON);
    const pasted = await admin.post<{ operazione: number }>('/server/calendario/pasteday', { from: TUE, to: MON });
    expect(pasted.status).toBe(200);
    expect(await dayText(MON)).not.toBe(before);
    expect((await undo(admin, pasted.body.operazione)).status).toBe(200);
    expect(await dayText(MON)).toBe(before);
    // New rows after the undo get new ids: the sequences were not moved back.
    const created = await admin.put<{ insertId: number }>('/server/calendario/createattivita', {
      nome: 'Nuova',
      stanza: centre.palestra.id,
      data: MON,
      orainizio: '15:00',
      orafine: '16:00',
    });
    expect(created.status).toBe(200);
    expect(created.body.insertId).toBeGreaterThan(activityId + 3);
  });

  it('puts a removed activity back with its people and version, byte for byte', async () => {
    const before = await dayText(MON);
    const removed = await admin.post<{ ok: boolean; operazione: number }>('/server/calendario/removeattivita', { attivitaId: activityId });
    expect(removed.status).toBe(200);
    expect(removed.body.operazione).toEqual(expect.any(Number));
    expect((await undo(admin, removed.body.operazione)).status).toBe(200);
    expect(await dayText(MON)).toBe(before);
  });

  it('refuses with 409 once the day changed after the operation, and changes nothing', async () => {
    const emptied = await admin.post<{ operazione: number }>('/server/calendario/emptyday', { data: MON });
    const created = await admin.put('/server/calendario/createattivita', {
      nome: 'Dopo',
      stanza: centre.palestra.id,
      data: MON,
      orainizio: '15:00',
      orafine: '16:00',
    });
    expect(created.status).toBe(200);
    const after = await dayText(MON);
    const res = await undo(admin, emptied.body.operazione);
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toBe(AUDIT_MSG.dayChanged);
    expect(errorOf(res.body)).toBe('La giornata è cambiata dopo questa operazione: annullamento non possibile');
    expect(await dayText(MON)).toBe(after);
  });

  it('refuses with 409 when the plan changed after the operation, even if the day reads the same again', async () => {
    const emptied = await admin.post<{ operazione: number }>('/server/calendario/emptyday', { data: MON });
    const created = await admin.put<{ insertId: number }>('/server/calendario/createattivita', {
      nome: 'Per poco',
      stanza: centre.palestra.id,
      data: MON,
      orainizio: '15:00',
      orafine: '16:00',
    });
    await admin.post('/server/calendario/removeattivita', { attivitaId: created.body.insertId });
    const after = await dayText(MON);
    const page = await admin.get<{ items: { ID: number; annullabile: boolean }[] }>('/server/registro');
    expect(page.body.items.find((r) => r.ID === emptied.body.operazione)?.annullabile).toBe(false);
    const res = await undo(admin, emptied.body.operazione);
    expect([res.status, errorOf(res.body)]).toEqual([409, AUDIT_MSG.dayChanged]);
    expect(await dayText(MON)).toBe(after);
  });

  it('refuses with 409 naming the archived people it would put back, and undoes once they are restored', async () => {
    const emptied = await admin.post<{ operazione: number }>('/server/calendario/emptyday', { data: MON });
    for (const [url, ID] of [
      ['/server/anagrafiche/pazienti/archivia', centre.lucia.id],
      ['/server/anagrafiche/terapisti/archivia', centre.paola.id],
    ] as const)
      expect((await admin.post(url, { ID })).status).toBe(200);
    const empty = await dayText(MON);
    const res = await undo(admin, emptied.body.operazione);
    expect(res.status).toBe(409);
    expect(codeOf(res.body)).toBe(ERROR_CODES.conflict);
    expect(errorOf(res.body)).toBe(undoArchivedMessage(['Lucia Bianchi', 'paola.neri']));
    expect(errorOf(res.body)).toBe(
      'Annullamento non possibile: rimetterebbe in programma persone archiviate (Lucia Bianchi, paola.neri): ripristinale in Anagrafiche e riprova',
    );
    expect(await dayText(MON)).toBe(empty);
    await admin.post('/server/anagrafiche/pazienti/ripristina', { ID: centre.lucia.id });
    await admin.post('/server/anagrafiche/terapisti/ripristina', { ID: centre.paola.id });
    expect((await undo(admin, emptied.body.operazione)).status).toBe(200);
  });

  it('refuses a second undo of the same operation with 409', async () => {
    const emptied = await admin.post<{ operazione: number }>('/server/calendario/emptyday', { data: MON });
    expect((await undo(admin, emptied.body.operazione)).status).toBe(200);
    const restored = await dayText(MON);
    const again = await undo(admin, emptied.body.operazione);
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toBe(AUDIT_MSG.dayChanged);
    expect(await dayText(MON)).toBe(restored);
  });

  it('refuses an operation that cannot be undone, one that does not exist, and a non-administrator', async () => {
    const created = await admin.put('/server/calendario/createattivita', {
      nome: 'Coro',
      stanza: centre.palestra.id,
      data: MON,
      orainizio: '15:00',
      orafine: '16:00',
    });
    expect(created.status).toBe(200);
    const page = await admin.get<{ items: { ID: number; azione: string }[] }>(`/server/registro?azione=attivita.crea`);
    const notUndoable = await undo(admin, page.body.items[0].ID);
    expect(notUndoable.status).toBe(409);
    expect(errorOf(notUndoable.body)).toBe(AUDIT_MSG.notUndoable);
    const missing = await undo(admin, 999_999_999);
    expect(missing.status).toBe(404);
    const emptied = await admin.post<{ operazione: number }>('/server/calendario/emptyday', { data: MON });
    const viewer = await new TestClient(ctx.app).login(VIEWER);
    const refused = await undo(viewer, emptied.body.operazione);
    expect(refused.status).toBe(403);
    expect(codeOf(refused.body)).toBe(ERROR_CODES.adminOnly);
    expect((await undo(admin, emptied.body.operazione)).status).toBe(200);
  });

  it('marks as annullabile in the registro only the newest operation of a day not changed since', async () => {
    const first = await admin.post<{ operazione: number }>('/server/calendario/pasteday', { from: TUE, to: MON });
    const second = await admin.post<{ operazione: number }>('/server/calendario/emptyday', { data: MON });
    type Page = { items: { ID: number; annullabile: boolean; frase: string }[] };
    const flags = async () => {
      const page = await admin.get<Page>(`/server/registro`);
      return Object.fromEntries(page.body.items.map((r) => [r.ID, r.annullabile]));
    };
    expect(await flags()).toMatchObject({ [first.body.operazione]: false, [second.body.operazione]: true });
    expect((await undo(admin, second.body.operazione)).status).toBe(200);
    // The emptied day is back: the paste before it is now the one to undo.
    expect(await flags()).toMatchObject({ [first.body.operazione]: true, [second.body.operazione]: false });
    expect((await undo(admin, first.body.operazione)).status).toBe(200);
  });
});
