/**
 * Nothing replaced without a question, one Annulla per operation (issue 27): Incolla giornata onto a
 * day that holds only a minibus run asks first, and the toast's Annulla brings the run and its
 * passenger back; a template applied over weeks is taken back with one click in the Registro.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays } from '../common/dates.ts';
import { MSG } from '../common/messages.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { MON, TUE } from './dates.ts';
import { adminPage, serverAndBrowser } from './harness.ts';
import {
  callServer,
  clearToasts,
  dayContents,
  dayLoaded,
  expectNoPageErrors,
  headline,
  openDay,
  pickDay,
  waitForToast,
} from './helpers.ts';

const e2e = serverAndBrowser();

/** What the server holds on a day: activity names and runs with their passengers. */
async function planOf(page: Page, day: string) {
  const res = await callServer(page, 'POST', '/server/calendario/giornata', { data: day });
  const body = res.body as { attivita: { NomeAttivita: string }[]; uscite: { Tratta: string; Pazienti: { Nome: string }[] }[] };
  return {
    attivita: body.attivita.map((a) => a.NomeAttivita).sort(),
    uscite: body.uscite.map((r) => `${r.Tratta}: ${r.Pazienti.map((p) => p.Nome).join(', ')}`),
  };
}

const RUN_ONLY = { 'Andata Nord, Attività esterne, 08:00–09:00': ['laura.fontana', 'Anna Neri'] };

describe('Incolla giornata onto a day with minibus runs', () => {
  test('asks first, naming the runs and passengers; the toast’s Annulla puts them back', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    // Monday as the issue found it: only its minibus run (Svuota Giornata keeps the runs).
    expect((await callServer(page, 'POST', '/server/calendario/emptyday', { data: MON })).status).toBe(200);
    await page.reload();
    await dayLoaded(page);
    expect(await dayContents(page)).toEqual(RUN_ONLY);

    await pickDay(page, TUE);
    await page.getByRole('button', { name: 'Copia Giornata' }).click();
    await pickDay(page, MON);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    const question = page.getByRole('dialog', { name: 'Sostituire la giornata?' });
    expect(await question.locator('.modal-body').innerText()).toBe(
      `Il 23/11 ha 1 uscita con 1 passeggero: verranno sostituite.\n\nAl loro posto il programma di martedì 24-11. ${MSG.undoFromRegistro}`,
    );
    // Annulla: nothing happens.
    await question.getByRole('button', { name: 'Annulla', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    expect(await dayContents(page)).toEqual(RUN_ONLY);

    // Sostituisci: Tuesday's plan replaces the run.
    await clearToasts(page);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    await question.getByRole('button', { name: 'Sostituisci' }).click();
    await waitForToast(page, 'Giornata incollata: 1 attività, 0 uscite');
    await page.getByRole('group', { name: 'Andata Nord, Attività esterne, 08:00–09:00' }).waitFor({ state: 'detached' });
    expect(await planOf(page, MON)).toEqual({ attivita: ['Coro'], uscite: [] });

    // The toast's Annulla: the run and its passenger are back.
    await page.getByRole('button', { name: 'Annulla: riporta la giornata com’era' }).click();
    await waitForToast(page, 'Giornata ripristinata');
    await page.getByRole('group', { name: 'Andata Nord, Attività esterne, 08:00–09:00' }).waitFor();
    expect(await dayContents(page)).toEqual(RUN_ONLY);
    // (Svuota Giornata had taken the run's TRASPORTO placement; the run itself stayed.)
    expect(await planOf(page, MON)).toEqual({ attivita: [], uscite: ['Andata Nord: Anna'] });
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('Incolla giornata pressed before the day has arrived', () => {
  test('still asks first: the runs are not replaced without the question, and Annulla keeps them', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    expect((await callServer(page, 'POST', '/server/calendario/emptyday', { data: MON })).status).toBe(200);
    await pickDay(page, TUE);
    await page.getByRole('button', { name: 'Copia Giornata' }).click();

    // Monday's read held on its way to the real server: Incolla is pressed while the day is still loading.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/server/calendario/giornata', async (route) => {
      if ((route.request().postDataJSON() as { data?: string }).data === MON) await held;
      await route.continue();
    });
    const pastes: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/server/calendario/pasteday')) pastes.push(req.url());
    });
    await page.goto(`${e2e.server.url}/calendario?data=${MON}`);
    await page.getByRole('heading', { level: 1, name: headline(MON) }).waitFor();
    await page.getByRole('status', { name: 'Caricamento della giornata' }).waitFor();
    await page.getByRole('button', { name: 'Incolla giornata' }).click();

    release();
    const question = page.getByRole('dialog', { name: 'Sostituire la giornata?' });
    await question.waitFor();
    expect(await question.locator('.modal-body').innerText()).toMatch(/^Il 23\/11 ha 1 uscita con 1 passeggero: verranno sostituite\./);
    expect(pastes).toEqual([]);
    await question.getByRole('button', { name: 'Annulla', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    await dayLoaded(page);
    expect(await dayContents(page)).toEqual(RUN_ONLY);
    expect(await planOf(page, MON)).toEqual({ attivita: [], uscite: ['Andata Nord: Anna'] });
    expect(pastes).toEqual([]);
    await page.unroute('**/server/calendario/giornata');
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('A template applied over several weeks', () => {
  test('is taken back with one click in the Registro', async () => {
    const { context, page, errors, dialogs } = await adminPage(e2e, MON);
    const saved = await callServer(page, 'PUT', '/server/modelli', { nome: 'Inverno', dasettimana: MON });
    expect(saved.status).toBe(200);
    // Three weeks from 1 February 2027: Monday's run (with its passenger) written on every Monday, and the rest of the week.
    const applied = await callServer(page, 'POST', '/server/modelli/applica', {
      modello: (saved.body as { ID: number }).ID,
      dal: '2027-02-01',
      al: '2027-02-19',
    });
    expect(applied.status).toBe(200);
    const mondays = ['2027-02-01', '2027-02-08', '2027-02-15'];
    for (const day of mondays) expect((await planOf(page, day)).uscite).toEqual(['Andata Nord: Anna']);

    await page.goto(`${e2e.server.url}/registro`);
    await page.getByRole('heading', { level: 1, name: 'Registro' }).waitFor();
    const row = page.locator('table.registro-table > tbody > tr', {
      hasText: /Modello «Inverno» applicato dal 01-02-2027 al \d\d-02-2027: \d+ giornate scritte/,
    });
    // One Annulla for the whole operation; its days have none of their own.
    await row.getByRole('button', { name: 'Annulla', exact: true }).waitFor();
    const undoRows = page
      .locator('table.registro-table > tbody > tr', { hasText: /-02-2027/ })
      .filter({ has: page.getByRole('button', { name: 'Annulla', exact: true }) });
    expect(await undoRows.count()).toBe(1);
    const violations = await seriousViolations(page);
    expect(violations, `Registro con l’operazione da annullare\n${describeViolations(violations)}`).toEqual([]);
    await row.getByRole('button', { name: 'Annulla', exact: true }).click();
    expect(await restoredText(page)).toMatch(/^\d+ giornate ripristinate$/);
    expect(dialogs.seen[0].message).toMatch(/^Riportare com’erano tutte le giornate scritte da questa operazione\?/);
    for (const day of mondays) expect(await planOf(page, day)).toEqual({ attivita: [], uscite: [] });
    for (let day = '2027-02-01'; day <= '2027-02-19'; day = addDays(day, 1)) expect((await planOf(page, day)).attivita).toEqual([]);
    // Gone from the registro once done.
    await row.getByRole('button', { name: 'Annulla', exact: true }).waitFor({ state: 'detached' });
    await openDay(page, e2e.server.url, '2027-02-01');
    expect(await dayContents(page)).toEqual({});
    expectNoPageErrors(errors);
    await context.close();
  });
});

/** The restored toast's text, however many days the template wrote. */
async function restoredText(page: Page): Promise<string> {
  const toast = page.getByRole('status').filter({ hasText: /giornate ripristinate$/ });
  await toast.first().waitFor();
  return (await toast.first().innerText()).trim();
}
