/**
 * Every run of the day is on the calendar, in Attività esterne, with or without a TRASPORTO
 * activity, and the weekly print shows what the calendars show (docs/decisions/0007-runs-on-the-calendar.md).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { MON, WED } from './dates.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { newPage, serverAndBrowser } from './harness.ts';
import {
  addFromSearch,
  expectNoPageErrors,
  modal,
  openDay,
  recordDialogs,
  recordToasts,
  signIn,
  waitForToast,
  weekTable,
} from './helpers.ts';

const e2e = serverAndBrowser();

const RUNS_STAY = 'Le uscite del giorno restano: si gestiscono in Anagrafiche → Uscite.';

const runCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** What a run's card says, once its passengers' list is opened (the words as written, before the small capitals). */
async function runText(card: Locator): Promise<string> {
  const summary = card.locator('summary');
  if ((await summary.count()) > 0 && (await card.locator('details').getAttribute('open')) === null) await summary.click();
  await card.locator('details[open] li').first().waitFor();
  return card.evaluate((el) =>
    [...el.querySelectorAll('.activity-name, .activity-time, .run-staff > *, summary, li')]
      .map((e) => (e.textContent ?? '').trim())
      .join(' '),
  );
}

async function openWeek(page: Page, day: string) {
  await page.goto(`${e2e.server.url}/stampasettimana?data=${day}`);
  await page.locator('table.week-table').waitFor();
}

const externalRow = async (page: Page) => (await weekTable(page)).find((row) => row[0] === 'ATTIVITÀ ESTERNE');

describe('runs on the calendar and the weekly print', () => {
  test('a run made in Anagrafiche → Uscite is on the calendar with its people, and in the weekly print alike', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    await signIn(page, e2e.server.url, E2E_ADMIN, WED);

    await page.goto(`${e2e.server.url}/anagrafiche?scheda=uscite&data=${WED}`);
    await page.getByRole('button', { name: 'Nuova uscita' }).click();
    const form = modal(page, 'Nuova uscita');
    await form.getByLabel('Tratta').fill('Giro Lago');
    await form.getByLabel('Partenza').fill('07:45');
    await form.getByLabel('Arrivo').fill('08:40');
    await form.getByRole('button', { name: 'Salva' }).click();
    const run = page.getByRole('article', { name: 'Giro Lago 07:45–08:40' });
    await run.getByRole('button', { name: 'Aggiungi passeggero a Giro Lago 07:45–08:40' }).click();
    await addFromSearch(page, 'paziente', 'giorgio', /Giorgio Verdi/);
    // The toast names who joined what.
    await waitForToast(page, 'Giorgio Verdi inserito in Giro Lago');
    await run.getByRole('button', { name: 'Togli Giorgio Verdi' }).waitFor();
    await run.getByRole('button', { name: 'Aggiungi operatore a Giro Lago 07:45–08:40' }).click();
    await addFromSearch(page, 'terapista', 'stefano', 'stefano.villa');
    await run.getByRole('button', { name: 'Togli stefano.villa' }).waitFor();
    // He drives (issue 30: a run with staff and no autista is a conflict).
    await run.getByRole('button', { name: 'Autista: stefano.villa' }).click();
    await run.getByRole('button', { name: 'Autista: stefano.villa', pressed: true }).waitFor();
    expect(await page.getByText('Ogni uscita compare nel calendario del suo giorno').count()).toBe(1);

    // No TRASPORTO activity was made: the calendar shows the run all the same.
    await openDay(page, e2e.server.url, WED);
    const card = runCard(page, 'Giro Lago, Attività esterne, 07:45–08:40');
    expect(await runText(card)).toBe('Giro Lago 07:45–08:40 Pulmino bianco Autista stefano.villa 1 passeggero Giorgio Verdi');
    expect(await page.getByText('Nessuna attività in questa giornata.').count()).toBe(0);

    await openWeek(page, WED);
    expect(await externalRow(page)).toEqual(['ATTIVITÀ ESTERNE', 'laura.fontana', '', 'stefano.villa', '', '']);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a run with its TRASPORTO activity is shown once', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    const cards = page.getByRole('group', { name: /Attività esterne/ });
    expect(await cards.count()).toBe(1);
    // The seeded run has a TRASPORTO activity: its route opens Modifica Attività, where it can only be deleted.
    await cards.getByRole('button', { name: 'Andata Nord' }).click();
    await modal(page, 'Modifica Attività').getByText('Le attività di trasporto non si possono modificare, solo eliminare.').waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Svuota Giornata says the runs stay; the emptied day and the weekly print agree', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    const dialogs = recordDialogs(page);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);

    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    await waitForToast(page, `${MSG.dayEmptiedOk}. ${RUNS_STAY}`);
    expect(dialogs.seen.map((d) => d.message)).toEqual([`${MSG.confirmEmptyDay}\n\n${RUNS_STAY}`]);

    // The activities are gone; the run is still there, as in Anagrafiche → Uscite and the weekly print.
    await page.getByRole('group', { name: /Ginnastica dolce/ }).waitFor({ state: 'detached' });
    const card = runCard(page, 'Andata Nord, Attività esterne, 08:00–09:00');
    expect(await runText(card)).toBe('Andata Nord 08:00–09:00 Pulmino bianco Autista laura.fontana 1 passeggero Anna Neri');
    expect(await page.locator('.activity-card').count()).toBe(1);

    await openWeek(page, MON);
    const table = await weekTable(page);
    // Monday: no room lists anyone, and ATTIVITÀ ESTERNE lists the run's staff, as the calendar shows it.
    expect(table.slice(1).map((row) => row[1])).toEqual(['', '', '', 'laura.fontana']);
    expectNoPageErrors(errors);
    await context.close();
  });
});
