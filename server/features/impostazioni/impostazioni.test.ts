/** The centre's settings: read by anyone signed in, changed by administrators, and what depends on them follows. */
import { beforeEach, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import { IMPOSTAZIONI_MSG as M, type CentreSettingsWire } from '../../../common/impostazioni.ts';
import { MSG } from '../../../common/messages.ts';
import type { TemplateList } from '../../../common/modelli.ts';
import { ADMIN, TestClient, VIEWER, codeOf, describeOnBothDatabases, errorOf } from '../../test/harness.ts';

/** The settings of a centre nobody has set up yet, as the wire carries them. */
const DEFAULTS: CentreSettingsWire = {
  nomecentro: 'Centro diurno',
  sabato: false,
  iniziali: false,
  patrono: null,
  formatoCarta: 'A4',
  apertura: '08:00',
  chiusura: '17:00',
};

describeOnBothDatabases('impostazioni', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;

  beforeEach(async () => {
    admin = await new TestClient(ctx.app).login(ADMIN);
    viewer = await new TestClient(ctx.app).login(VIEWER);
  });

  it('are read by anyone signed in, with the defaults before any change', async () => {
    const res = await viewer.get<CentreSettingsWire>('/server/impostazioni');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULTS);
    expect((await new TestClient(ctx.app).get('/server/impostazioni')).status).toBe(403);
  });

  it('are changed by an administrator, one field or more, and answered whole', async () => {
    const one = await admin.post<CentreSettingsWire>('/server/impostazioni', { sabato: true });
    expect(one.body).toEqual({ ...DEFAULTS, sabato: true });
    const two = await admin.post<CentreSettingsWire>('/server/impostazioni', { nomecentro: '  Il Girasole  ', iniziali: true });
    expect(two.body).toEqual({ ...DEFAULTS, nomecentro: 'Il Girasole', sabato: true, iniziali: true });
    expect((await viewer.get('/server/impostazioni')).body).toEqual(two.body);
    const patron = await admin.post<CentreSettingsWire>('/server/impostazioni', { patrono: '12-07' });
    expect(patron.body).toEqual({ ...two.body, patrono: '12-07' });
    const none = await admin.post<CentreSettingsWire>('/server/impostazioni', { patrono: null });
    expect(none.body).toEqual({ ...two.body, patrono: null, formatoCarta: 'A4', apertura: '08:00', chiusura: '17:00' });
  });

  it('keep the opening hours on the quarter hour, chiusura after apertura (issue 31)', async () => {
    const changed = await admin.post<CentreSettingsWire>('/server/impostazioni', { apertura: '08:30', chiusura: '16:45' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ apertura: '08:30', chiusura: '16:45' });
    const late = await admin.post('/server/impostazioni', { apertura: '17:00' });
    expect(late.status).toBe(400);
    expect(errorOf(late.body)).toBe(M.chiusuraBeforeApertura);
    expect((await admin.post('/server/impostazioni', { chiusura: '16:50' })).status).toBe(400);
    expect((await admin.post('/server/impostazioni', { apertura: '10:00', chiusura: '09:00' })).status).toBe(400);
    expect((await viewer.get<CentreSettingsWire>('/server/impostazioni')).body).toMatchObject({ apertura: '08:30', chiusura: '16:45' });
  });

  it('refuse a consultazione account and bad values, and change nothing', async () => {
    const byViewer = await viewer.post('/server/impostazioni', { sabato: true });
    expect(byViewer.status).toBe(403);
    expect(codeOf(byViewer.body)).toBe(ERROR_CODES.adminOnly);
    const cases: [unknown, string][] = [
      [{}, M.settingsEmpty],
      [{ sabato: 'sì' }, M.saturdayInvalid],
      [{ iniziali: 1 }, M.initialsInvalid],
      // The full names of the calendar feed are gone: sent alone, nothing to change.
      [{ nomicompleti: true }, M.settingsEmpty],
      [{ nomecentro: 'A' }, M.centreNameInvalid],
      [{ nomecentro: 'x'.repeat(101) }, M.centreNameInvalid],
      [{ nomecentro: 'Centro\u0000' }, MSG.textInvalidChars],
      [{ sabato: true, nomecentro: 'A' }, M.centreNameInvalid],
      [{ patrono: '13-01' }, M.patronInvalid],
      [{ patrono: '02-30' }, M.patronInvalid],
      [{ patrono: '02-29' }, M.patronInvalid],
      [{ patrono: '2026-12-07' }, M.patronInvalid],
      [{ patrono: '12/07' }, M.patronInvalid],
      [{ patrono: '1207' }, M.patronInvalid],
      [{ patrono: 1207 }, M.patronInvalid],
      [{ patrono: '' }, M.patronInvalid],
      [{ formatoCarta: 'A3' }, M.paperInvalid],
      [{ formatoCarta: 'a4' }, M.paperInvalid],
      [{ formatoCarta: 'letter' }, M.paperInvalid],
      [{ formatoCarta: '' }, M.paperInvalid],
      [{ formatoCarta: 4 }, M.paperInvalid],
      [{ formatoCarta: null }, M.paperInvalid],
      [{ sabato: true, formatoCarta: 'Legal' }, M.paperInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/server/impostazioni', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    }
    expect((await viewer.get('/server/impostazioni')).body).toEqual(DEFAULTS);
  });
  it('keep the paper of the printed plans: A4 until an administrator chooses Letter, and back', async () => {
    const letter = await admin.post<CentreSettingsWire>('/server/impostazioni', { formatoCarta: 'Letter' });
    expect(letter.status).toBe(200);
    expect(letter.body.formatoCarta).toBe('Letter');
    // Another setting changed later keeps the paper.
    await admin.post('/server/impostazioni', { sabato: true });
    expect((await viewer.get<CentreSettingsWire>('/server/impostazioni')).body.formatoCarta).toBe('Letter');
    expect((await viewer.post('/server/impostazioni', { formatoCarta: 'A4' })).status).toBe(403);
    expect((await viewer.get<CentreSettingsWire>('/server/impostazioni')).body.formatoCarta).toBe('Letter');
    const a4 = await admin.post<CentreSettingsWire>('/server/impostazioni', { formatoCarta: 'A4', apertura: '08:00', chiusura: '17:00' });
    expect(a4.body).toEqual({ ...DEFAULTS, sabato: true });
  });

  it('Saturday in the templates follows the setting: the Modelli list says so after the change', async () => {
    expect((await viewer.get<TemplateList>('/server/modelli')).body.sabato).toBe(false);
    expect((await admin.post('/server/impostazioni', { sabato: true })).status).toBe(200);
    expect((await viewer.get<TemplateList>('/server/modelli')).body.sabato).toBe(true);
  });
});
