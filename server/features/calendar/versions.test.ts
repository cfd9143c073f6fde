/** No lost edits: an edit or removal made on an activity someone else changed since it was read is refused. */
import { beforeEach, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import type { Giornata } from '../../../common/schemas.ts';
import { seedCentre, type Centre, addGinnastica } from '../../test/fixtures.ts';
import { ADMIN, TestClient, codeOf, describeOnBothDatabases, errorOf } from '../../test/harness.ts';

const MON = '2026-11-23';

describeOnBothDatabases('activity versions', (ctx) => {
  let first: TestClient;
  let second: TestClient;
  let centre: Centre;
  let id: number;

  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
    first = await new TestClient(ctx.app).login(ADMIN);
    second = await new TestClient(ctx.app).login(ADMIN);
    id = (await addGinnastica(ctx.database.db, centre, MON)).id;
  });

  const edit = (client: TestClient, nome: string, versione?: unknown) =>
    client.post('/server/calendario/updateattivita', {
      nome,
      stanza: centre.palestra.id,
      giorno: 1,
      data: MON,
      orainizio: '09:00',
      orafine: '10:00',
      trasporto: -1,
      attivitaId: id,
      ...(versione === undefined ? {} : { versione }),
    });
  const activity = async () => (await first.post<Giornata>('/server/calendario/giornata', { data: MON })).body.attivita[0];

  it('gives each activity a version that every edit moves on', async () => {
    expect((await activity()).Versione).toBe(1);
    const res = await edit(first, 'Ginnastica dolce', 1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, versione: 2 });
    expect(await activity()).toMatchObject({ NomeAttivita: 'Ginnastica dolce', Versione: 2 });
  });

  it('refuses the second of two edits made on the same version, in Italian, and keeps the first', async () => {
    expect((await edit(first, 'Ginnastica dolce', 1)).status).toBe(200);
    const late = await edit(second, 'Ginnastica posturale', 1);
    expect(late.status).toBe(409);
    expect(errorOf(late.body)).toBe(MSG.activityStale);
    expect(codeOf(late.body)).toBe(ERROR_CODES.conflict);
    expect(await activity()).toMatchObject({ NomeAttivita: 'Ginnastica dolce', Versione: 2 });
  });

  it('refuses to remove an activity changed since it was read, and removes it on the current version', async () => {
    expect((await edit(first, 'Ginnastica dolce', 1)).status).toBe(200);
    const stale = await second.post('/server/calendario/removeattivita', { attivitaId: id, versione: 1 });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body)).toBe(MSG.activityStale);
    expect(await activity()).toBeDefined();
    expect((await second.post('/server/calendario/removeattivita', { attivitaId: id, versione: 2 })).status).toBe(200);
    expect(await activity()).toBeUndefined();
  });

  it('still takes an edit or removal without a version (the calls as SPEC writes them), and answers 404 for a missing activity', async () => {
    expect((await edit(first, 'Senza versione')).status).toBe(200);
    expect((await activity()).Versione).toBe(2);
    expect((await first.post('/server/calendario/removeattivita', { attivitaId: 999_999, versione: 1 })).status).toBe(404);
    expect((await first.post('/server/calendario/removeattivita', { attivitaId: id })).status).toBe(200);
  });

  it.each([0, -1, 1.5, 'due', null, 2 ** 31])('refuses version %s with 400 and its message, changing nothing', async (versione) => {
    const res = await edit(first, 'Ginnastica dolce', versione);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe(MSG.versionInvalid);
    expect(await activity()).toMatchObject({ NomeAttivita: 'Ginnastica', Versione: 1 });
  });
});
