/**
 * Modelli (docs/product.md, Schermate → Modelli): the seeded week saved as a template from the weekly
 * screen, applied to the next four weeks and seen on the calendar; a week copied onto another; a
 * template renamed, duplicated, deleted and edited on its own days of the calendar grid; what a
 * consultazione account sees. Apply offers the Mondays from this week on, so the target weeks follow
 * today (in Europe/Rome); the source week is the seeded one. The tests run in order on one server.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays, todayInRome, WEEKDAYS_IT, weekdayOf, workWeek } from '../common/dates.ts';
import { holidayName } from '../common/holidays.ts';
import { MSG } from '../common/messages.ts';
import { MODELLI_MSG } from '../common/modelli.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { MON, TUE } from './dates.ts';
import { E2E_VIEWER } from './fixtures.ts';
import { adminPage, newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import {
  activity,
  createActivity,
  callServer,
  clearToasts,
  expectNoPageErrors,
  modal,
  modalClosed,
  openDay,
  peopleOf,
  signIn,
  waitForToast,
  waitForToastStartingWith,
  weekTable,
} from './helpers.ts';

const e2e = serverAndBrowser();

const TODAY = todayInRome();
/** Applica modello starts from next week, for four weeks. */
const FIRST = addDays(workWeek(TODAY)[0], 7);
const APPLIED_MONDAYS = [0, 1, 2, 3].map((i) => addDays(FIRST, 7 * i));
/** A Monday of those weeks that is not a public holiday (an Easter Monday may fall among them). */
const OPENED = APPLIED_MONDAYS.find((monday) => !holidayName(monday))!;
/** The week the seeded one is pasted onto: after the applied ones, never touched by them. */
const PASTE_TO = addDays(FIRST, 7 * 6);

const TEMPLATE = 'Settimana autunnale';

/** "lunedì 30 novembre 2026", as the list of Mondays writes one. */
const mondayLabel = (monday: string) =>
  `lunedì ${new Date(`${monday}T12:00:00Z`).toLocaleDateString('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;

async function openWeek(page: Page, day: string) {
  await page.goto(`${e2e.server.url}/stampasettimana?data=${day}`);
  await page.getByRole('heading', { name: /^Settimana dal/ }).waitFor();
  await page.locator('table.week-table').waitFor();
}

async function openModelli(page: Page) {
  await page.goto(`${e2e.server.url}/modelli`);
  await page.getByRole('heading', { level: 1, name: 'Modelli' }).waitFor();
  await page.getByRole('status', { name: 'Caricamento modelli' }).waitFor({ state: 'detached' });
}

/** A template's row of the Modelli list, found by its name. */
const templateRow = (page: Page, name: string): Locator =>
  page.locator('.modelli-table tbody tr', { has: page.getByRole('rowheader', { name, exact: true }) });

/** The list as the user reads it: name, activities, runs. */
async function templateList(page: Page): Promise<string[][]> {
  const rows = page.locator('.modelli-table tbody tr');
  const result: string[][] = [];
  for (const row of await rows.all()) {
    const name = await row.getByRole('rowheader').innerText();
    const [attivita, uscite] = await row.locator('td').allInnerTexts();
    result.push([name, attivita, uscite]);
  }
  return result;
}

/** The summary dialog of an apply or a week paste, as rows of [giorno, esito, non inseriti]. */
async function summaryRows(dialog: Locator): Promise<string[][]> {
  return dialog
    .locator('table.week-result')
    .evaluate((table) =>
      [...(table as HTMLTableElement).tBodies[0].rows].map((row) => [...row.cells].map((c) => (c.textContent ?? '').trim())),
    );
}

const dayLabel = (day: string) => `${WEEKDAYS_IT[weekdayOf(day)]} ${day.slice(8)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/** What the summary says of a day of the seeded week's plan: Monday 2 activities and the run, Tuesday 1 activity. */
function expectedOutcome(day: string): string {
  const holiday = holidayName(day);
  if (holiday) return `saltato: festivo (${holiday})`;
  const weekday = weekdayOf(day);
  return `scritte ${weekday === 1 ? 3 : weekday === 2 ? 1 : 0}`;
}

describe('Modelli', () => {
  test('the seeded week saved as a template, applied to the next four weeks, and one of those days opened on the calendar', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    await openWeek(page, MON);
    await page.getByRole('button', { name: 'Salva settimana come modello' }).click();
    const save = modal(page, 'Salva settimana come modello');
    await save.getByLabel('Nome del modello').fill(TEMPLATE);
    await save.getByRole('button', { name: 'Salva' }).click();
    await waitForToast(page, 'Settimana salvata come modello');
    await modalClosed(page);

    await page.getByRole('link', { name: 'Modelli', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Modelli' }).waitFor();
    await templateRow(page, TEMPLATE).waitFor();
    expect(await templateList(page)).toEqual([[TEMPLATE, '3', '1']]);
    await screenshot(page, 'modelli-1366x768');
    expect(describeViolations(await seriousViolations(page))).toBe('');

    await templateRow(page, TEMPLATE).getByRole('button', { name: 'Applica' }).click();
    const apply = modal(page, 'Applica modello');
    expect(await apply.getByLabel('Modello').locator('option:checked').innerText()).toBe(TEMPLATE);
    await apply.getByLabel('Dalla settimana di').selectOption({ label: mondayLabel(FIRST) });
    await apply.getByLabel('Per quante settimane').selectOption({ label: '4 settimane' });
    expect(await apply.getByLabel('Salta').isChecked()).toBe(true);
    await screenshot(page, 'modelli-applica');
    expect(describeViolations(await seriousViolations(page))).toBe('');
    await apply.getByRole('button', { name: 'Applica' }).click();

    const summary = modal(page, `Modello «${TEMPLATE}» applicato`);
    await summary.waitFor();
    const rows = await summaryRows(summary);
    const workingDays = APPLIED_MONDAYS.flatMap((monday) => [0, 1, 2, 3, 4].map((i) => addDays(monday, i)));
    expect(rows.map((r) => r[0])).toEqual(workingDays.map(dayLabel));
    expect(rows.map((r) => r[1])).toEqual(workingDays.map(expectedOutcome));
    await screenshot(page, 'modelli-riepilogo');
    expect(describeViolations(await seriousViolations(page))).toBe('');
    await summary.getByRole('button', { name: 'Chiudi' }).last().click();
    await modalClosed(page);

    await openDay(page, e2e.server.url, OPENED);
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.waitFor();
    expect(await peopleOf(ginnastica)).toEqual(['Lucia Bianchi', 'Mario Rossi', 'paola.neri']);
    await activity(page, 'Logopedia individuale', 'Logopedia', '10:30', '12:00').waitFor();
    expect(await page.locator('.day-table').innerText()).toContain('Andata Nord');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Copia settimana and Incolla settimana write the seeded week onto another one', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    await openWeek(page, MON);
    const seeded = await weekTable(page);
    await page.getByRole('button', { name: 'Copia settimana' }).click();
    await waitForToastStartingWith(page, 'Settimana copiata');

    await openWeek(page, PASTE_TO);
    await screenshot(page, 'settimana-copiata-1366x768');
    expect((await weekTable(page)).slice(1).every((row) => row.slice(1).every((cell) => cell === ''))).toBe(true);
    await page.getByRole('button', { name: 'Incolla settimana' }).click();
    const paste = modal(page, 'Incolla settimana');
    await paste.getByRole('button', { name: 'Incolla' }).click();
    const summary = modal(page, 'Settimana incollata');
    await summary.waitFor();
    const days = workWeek(PASTE_TO);
    expect((await summaryRows(summary)).map((r) => r[1])).toEqual(days.map(expectedOutcome));
    await screenshot(page, 'settimana-incollata');
    await summary.getByRole('button', { name: 'Chiudi' }).last().click();
    await modalClosed(page);

    // The same therapists per room and weekday as the seeded week (a holiday's column stays empty).
    await page.locator('table.week-table').waitFor();
    const pasted = await weekTable(page);
    for (let row = 1; row < seeded.length; row++) {
      for (let col = 1; col <= 5; col++) expect(pasted[row][col]).toBe(holidayName(days[col - 1]) ? '' : seeded[row][col]);
    }
    const tuesday = days[1];
    if (!holidayName(tuesday)) {
      await openDay(page, e2e.server.url, tuesday);
      expect(await peopleOf(activity(page, 'Coro', 'Musicoterapia', '14:00', '15:30'))).toEqual(['laura.fontana']);
    }
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a template renamed, duplicated, refused under a name in use, created empty and deleted', async () => {
    const { context, page, errors, dialogs } = await adminPage(e2e, MON);
    await openModelli(page);

    await templateRow(page, TEMPLATE).getByRole('button', { name: 'Rinomina' }).click();
    const rename = modal(page, `Rinomina «${TEMPLATE}»`);
    await rename.getByLabel('Nome del modello').fill('Inverno');
    await rename.getByRole('button', { name: 'Rinomina' }).click();
    await waitForToast(page, 'Modello rinominato');
    await templateRow(page, 'Inverno').waitFor();

    await templateRow(page, 'Inverno').getByRole('button', { name: 'Duplica' }).click();
    const duplicate = modal(page, 'Duplica «Inverno»');
    expect(await duplicate.getByLabel('Nome del modello').inputValue()).toBe('Inverno (copia)');
    await duplicate.getByRole('button', { name: 'Duplica' }).click();
    await waitForToast(page, 'Modello duplicato');
    await templateRow(page, 'Inverno (copia)').waitFor();
    expect(await templateList(page)).toEqual([
      ['Inverno', '3', '1'],
      ['Inverno (copia)', '3', '1'],
    ]);

    // A name already used (in other letters' case) is refused under the field; the dialog stays open.
    await page.getByRole('button', { name: 'Nuovo modello' }).click();
    const create = modal(page, 'Nuovo modello');
    await create.getByLabel('Nome del modello').fill('inverno');
    await create.getByRole('button', { name: 'Crea' }).click();
    await create.getByText('Esiste già un modello con questo nome').waitFor();
    await create.getByLabel('Nome del modello').fill('Estate');
    await create.getByRole('button', { name: 'Crea' }).click();
    await waitForToast(page, 'Modello creato');
    await templateRow(page, 'Estate').waitFor();

    await templateRow(page, 'Inverno (copia)').getByRole('button', { name: 'Elimina' }).click();
    await waitForToast(page, 'Modello eliminato');
    await templateRow(page, 'Inverno (copia)').waitFor({ state: 'detached' });
    expect(dialogs.seen.map((d) => d.message)).toEqual([
      'Vuoi davvero eliminare il modello «Inverno (copia)»? La sua settimana tipo andrà persa.',
    ]);
    expect(await templateList(page)).toEqual([
      ['Estate', '0', '0'],
      ['Inverno', '3', '1'],
    ]);
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'modelli-390x844');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a template day is edited in the calendar grid, and the Modelli list counts the new activity', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    await openModelli(page);
    await templateRow(page, 'Estate').getByRole('link', { name: 'Modifica' }).click();
    await page.getByRole('heading', { level: 1, name: /^Modello «Estate»/ }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Giorni del modello' }).getByRole('button');
    expect(await tabs.allInnerTexts()).toEqual(['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì']);
    const monday = new URL(page.url()).searchParams.get('data')!;
    expect(monday >= '3000-01-01').toBe(true);

    await tabs.filter({ hasText: 'Martedì' }).click();
    await page.waitForURL((url) => url.searchParams.get('data') === addDays(monday, 1));
    await page.getByText('Nessuna attività in questa giornata.').waitFor();
    await createActivity(page, 'Musica insieme', 'Musicoterapia', '14:00', '15:00');
    await activity(page, 'Musica insieme', 'Musicoterapia', '14:00', '15:00').waitFor();
    await screenshot(page, 'modello-giorno-1366x768');
    expect(describeViolations(await seriousViolations(page))).toBe('');

    // A reload keeps the template day.
    await page.reload();
    await activity(page, 'Musica insieme', 'Musicoterapia', '14:00', '15:00').waitFor();
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'modello-giorno-390x844');
    await page.setViewportSize(VIEWPORTS.laptop);

    // Copia Giornata / Incolla giornata between the template's days, as between real days; not onto a real day.
    await page.getByRole('button', { name: 'Copia Giornata' }).click();
    await tabs.filter({ hasText: 'Mercoledì' }).click();
    await page.getByText('Nessuna attività in questa giornata.').waitFor();
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    await waitForToastStartingWith(page, 'Giornata incollata: 1 attività');
    await activity(page, 'Musica insieme', 'Musicoterapia', '14:00', '15:00').waitFor();
    const realDay = [2, 3, 4].map((i) => addDays(PASTE_TO, 7 + i)).find((day) => !holidayName(day))!;
    await openDay(page, e2e.server.url, realDay);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    await waitForToast(page, MODELLI_MSG.pasteAcrossTemplate);
    expect(await page.getByText('Nessuna attività in questa giornata.').count()).toBe(1);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /^Modello «Estate»/ }).waitFor();

    await clearToasts(page);
    await page.getByRole('link', { name: 'Torna ai modelli' }).click();
    await page.getByRole('heading', { level: 1, name: 'Modelli' }).waitFor();
    await templateRow(page, 'Estate').waitFor();
    expect(await templateList(page)).toEqual([
      ['Estate', '2', '0'],
      ['Inverno', '3', '1'],
    ]);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Applica modello from the weekly screen: days already planned are skipped, or replaced leaving out an archived utente', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    const giorgio = e2e.server.centre.patients.giorgio.id;
    expect((await callServer(page, 'POST', '/server/anagrafiche/pazienti/archivia', { ID: giorgio })).status).toBe(200);
    const week = workWeek(FIRST);

    const applyInverno = async (esistenti: 'Salta' | 'Sostituisci') => {
      await openWeek(page, FIRST);
      await page.getByRole('button', { name: 'Applica modello' }).click();
      const apply = modal(page, 'Applica modello');
      // The weekly screen suggests the week after the one shown.
      expect(await apply.getByLabel('Dalla settimana di').inputValue()).toBe(addDays(FIRST, 7));
      await apply.getByLabel('Modello').selectOption({ label: 'Inverno' });
      await apply.getByLabel('Dalla settimana di').selectOption(FIRST);
      await apply.getByLabel('Per quante settimane').selectOption({ label: '1 settimana' });
      await apply.getByLabel(esistenti).check();
      await apply.getByRole('button', { name: 'Applica' }).click();
      const summary = modal(page, 'Modello «Inverno» applicato');
      // Replacing planned days asks first, saying what they hold (none planned, or all holidays: no question).
      const question = modal(page, 'Sostituire le giornate già in programma?');
      await question.or(summary).first().waitFor();
      if (esistenti === 'Sostituisci' && (await question.count()) > 0) {
        expect(await question.locator('.modal-body').innerText()).toContain(MSG.undoFromRegistro);
        expect(describeViolations(await seriousViolations(page))).toBe('');
        await question.getByRole('button', { name: 'Sostituisci' }).click();
      }
      await summary.waitFor();
      const rows = await summaryRows(summary);
      await summary.getByRole('button', { name: 'Chiudi' }).last().click();
      await modalClosed(page);
      return rows;
    };

    // Salta: Monday and Tuesday already hold the plan applied before; the other days had nothing and get nothing.
    const skipped = await applyInverno('Salta');
    expect(skipped.map((r) => r[1])).toEqual(
      week.map((day) => (holidayName(day) ? expectedOutcome(day) : weekdayOf(day) <= 2 ? 'saltato: già pianificato' : 'scritte 0')),
    );

    // Sostituisci: the days are written again, without the archived utente, and the summary says so.
    const replaced = await applyInverno('Sostituisci');
    expect(replaced.map((r) => r[1])).toEqual(week.map(expectedOutcome));
    if (!holidayName(week[0])) {
      expect(replaced[0][2]).toMatch(/Verdi.*\(utente, archiviato\)/);
      await openDay(page, e2e.server.url, week[0]);
      expect(await peopleOf(activity(page, 'Logopedia individuale', 'Logopedia', '10:30', '12:00'))).toEqual(['stefano.villa']);
      expect(await peopleOf(activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30'))).toEqual([
        'Lucia Bianchi',
        'Mario Rossi',
        'paola.neri',
      ]);
    }
    expect((await callServer(page, 'POST', '/server/anagrafiche/pazienti/ripristina', { ID: giorgio })).status).toBe(200);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a consultazione account reads the templates and their days, with no write button', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER, TUE);
    expect(await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Modelli' }).count()).toBe(0);
    await openModelli(page);
    await templateRow(page, 'Inverno').waitFor();
    for (const name of ['Nuovo modello', 'Applica modello', 'Applica', 'Rinomina', 'Duplica', 'Elimina']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await templateRow(page, 'Inverno').getByRole('link', { name: 'Apri' }).click();
    await page.getByRole('heading', { level: 1, name: /^Modello «Inverno»/ }).waitFor();
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    expect(await page.getByRole('button', { name: '[+] Attività' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Copia Giornata' }).count()).toBe(0);

    await openWeek(page, MON);
    for (const name of ['Salva settimana come modello', 'Copia settimana', 'Applica modello']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expectNoPageErrors(errors);
    await context.close();
  });
});
