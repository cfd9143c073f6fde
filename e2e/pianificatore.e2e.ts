/**
 * Pianificatore (docs/product.md, Schermate → Pianificatore): on the demo centre's next week (empty, every utente's
 * progetto open), an administrator presses Proponi settimana with the keyboard only, keeps Completa and 10 seconds,
 * sees the solver's progress and then the proposal as a diff (+ nuova, the coverage, Non coperte), applies it: the
 * calendar shows the new activities with no conflict banner, a second browser (a consultazione account on the same
 * week) sees them live, and Annulla in the toast puts the week back, empty, in both. axe finds nothing serious or
 * critical on the dialog and the diff, laptop and phone. Today is fixed on the demo's Monday; one server for the file.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays } from '../common/dates.ts';
import type { Db } from '../server/db/client.ts';
import { seedDemo } from '../server/lib/seed-demo.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { MON } from './dates.ts';
import { fixToday, newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import {
  dayLoaded,
  expectNoPageErrors,
  focused,
  modal,
  modalClosed,
  recordToasts,
  signIn,
  waitForToastStartingWith,
  weekTable,
} from './helpers.ts';

fixToday(MON);
/** The demo centre, its plan seeded for the week of MON only: the next week has progetti and no activity. */
const e2e = serverAndBrowser((db: Db) => seedDemo(db, MON));

const NEXT_MONDAY = addDays(MON, 7);
const WEEK_PATH = `/stampasettimana?data=${NEXT_MONDAY}`;

/** Presses Tab until the focused element carries `label` (at most 60 times), as a keyboard user moves through the dialog. */
async function tabTo(page: Page, label: string | RegExp) {
  for (let i = 0; i < 60; i++) {
    const now = (await focused(page)).label;
    if (typeof label === 'string' ? now === label : label.test(now)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached «${String(label)}» (last: «${(await focused(page)).label}»)`);
}

async function expectAxeClean(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

/** axe and a picture of what the page shows now, at the laptop's size and at the phone's (back to the laptop after). */
async function checkBothSizes(page: Page, what: string, name: string) {
  await expectAxeClean(page, `${what}, 1366×768`);
  await screenshot(page, `${name}-1366x768`);
  await page.setViewportSize(VIEWPORTS.phone);
  await expectAxeClean(page, `${what}, 390 px`);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(VIEWPORTS.laptop);
}

/** Whether any room of the week table has someone on a day (the first column is the room's name). */
const weekHasPeople = (rows: string[][]) => rows.slice(1).some((row) => row.slice(1).some((cell) => cell !== ''));

/** Waits until the week table of `page` has (or no longer has) someone in it, with no reload of the page. */
const weekFilled = (page: Page, filled: boolean) =>
  page.waitForFunction(
    (want) =>
      [...document.querySelectorAll<HTMLTableRowElement>('table.week-table tbody tr')].some((row) =>
        [...row.cells].slice(1).some((cell) => (cell.textContent ?? '').trim() !== ''),
      ) === want,
    filled,
    { timeout: 30_000 },
  );

/** The administrator's page and the consultazione account's, shared by the steps below (they run in order). */
let a: Awaited<ReturnType<typeof newPage>>;
let b: Awaited<ReturnType<typeof newPage>>;
const dialogOf = (page: Page) => modal(page, 'Proponi settimana');

describe('Pianificatore', () => {
  test('Proponi settimana with the keyboard: the choice of the mode and the time, each explained; a consultazione account has no button', async () => {
    const { admin, viewer } = e2e.server.centre;
    a = await newPage(e2e.browser, VIEWPORTS.laptop);
    await recordToasts(a.page);
    await signIn(a.page, e2e.server.url, admin);
    await a.page.goto(`${e2e.server.url}${WEEK_PATH}`);
    await a.page.locator('table.week-table').waitFor();
    expect(weekHasPeople(await weekTable(a.page))).toBe(false);

    // A consultazione account watches the same week (it never gets the button).
    b = await newPage(e2e.browser, VIEWPORTS.laptop);
    await signIn(b.page, e2e.server.url, viewer);
    await b.page.goto(`${e2e.server.url}${WEEK_PATH}`);
    await b.page.locator('table.week-table').waitFor();
    expect(await b.page.getByRole('button', { name: 'Proponi settimana' }).count()).toBe(0);
    await b.page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

    // Keyboard only: the button, then the dialog's choice (Completa, 10 seconds), each explained in a sentence.
    await a.page.getByRole('button', { name: 'Proponi settimana' }).focus();
    await a.page.keyboard.press('Enter');
    const dialog = dialogOf(a.page);
    await dialog.waitFor();
    await a.page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.value === 'completa');
    expect(await dialog.getByRole('radio', { name: 'Completa' }).isChecked()).toBe(true);
    await dialog.getByText('Tiene tutte le attività già in settimana e aggiunge le sedute che mancano ai progetti.').waitFor();
    await dialog.getByText(/^Può anche spostare o togliere le attività della settimana che hanno un tipo/).waitFor();
    expect(await dialog.getByLabel('Tempo massimo (secondi)').inputValue()).toBe('10');
    await checkBothSizes(a.page, 'the choice of Proponi settimana', 'pianificatore-scelta');
  });

  test('the solver at work (the progress bar, live), then the proposal as a diff with its coverage and Non coperte', async () => {
    const dialog = dialogOf(a.page);
    // Every value of the progress bar as it changes, recorded in the page from now on.
    await a.page.evaluate(() => {
      const w = window as unknown as { __progress: string[] };
      w.__progress = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = bar?.getAttribute('aria-valuenow');
        if (value != null && w.__progress.at(-1) !== value) w.__progress.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await tabTo(a.page, 'Tempo massimo (secondi)');
    await a.page.keyboard.press('Enter');

    // In preparation (the bar, live), then ready: the heading takes the focus. A failed proposal fails here, with its reason.
    const ready = dialog.getByRole('heading', { name: /^Proposta pronta: settimana dal 30-11-2026 al 04-12-2026/ });
    const failed = dialog.getByRole('heading', { name: 'La proposta non è riuscita' });
    const bar = dialog.getByRole('progressbar', { name: 'Preparazione della proposta' });
    await bar.or(ready).or(failed).first().waitFor();
    if (await bar.count()) await screenshot(a.page, 'pianificatore-in-corso-1366x768');
    await ready.or(failed).first().waitFor({ timeout: 45_000 });
    expect(await failed.count(), await dialog.innerText()).toBe(0);
    const progress = await a.page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    expect(progress.length, `the progress bar was shown while the proposal was in preparation (${progress.join(' → ')})`).toBeGreaterThan(
      0,
    );
    expect((await focused(a.page)).label).toMatch(/^Proposta pronta/);

    // The diff: new activities per day and room, each saying "+ nuova"; the coverage before, after and the bound.
    const added = dialog.locator('.pian-nuova');
    expect(await added.count()).toBeGreaterThan(5);
    expect(await added.first().innerText()).toMatch(/^\+ nuova \d{2}:\d{2}–\d{2}:\d{2} /);
    expect(await dialog.locator('.pian-rimossa').count()).toBe(0);
    for (const figure of ['Ora', 'Con la proposta', 'Il massimo possibile']) await dialog.getByText(figure, { exact: true }).waitFor();
    await dialog.getByText(/^Con la proposta la settimana copre (il|l’)/).waitFor();
    await dialog.getByRole('heading', { name: /^Non coperte \(\d+\)$/ }).waitFor();
    await checkBothSizes(a.page, 'the proposal as a diff', 'pianificatore-proposta');
  });

  test('Applica with the keyboard: the calendar has the new activities and no conflict, a second browser sees them live, Annulla puts the week back', async () => {
    // Applica, with the keyboard: the toast says how many changes and offers Annulla; the dialog closes.
    await tabTo(a.page, 'Applica');
    await a.page.keyboard.press('Enter');
    await modalClosed(a.page);
    const appliedToast = await waitForToastStartingWith(a.page, 'Settimana pianificata: ');
    expect(appliedToast).toMatch(/^Settimana pianificata: \d+ modifiche scritte/);

    // The week and the other browser follow, without a reload.
    await weekFilled(a.page, true);
    await weekFilled(b.page, true);
    expect(await b.page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    await screenshot(b.page, 'pianificatore-applicata-altro-browser-1366x768');

    // The calendar (through the app, so the toast stays): Monday of that week has the new activities and no conflict.
    await a.page.getByRole('link', { name: 'Indietro' }).click();
    await a.page.waitForURL(/\/calendario/);
    await dayLoaded(a.page);
    await a.page.locator('.activity-card:not(.transport-card)').first().waitFor();
    expect(await a.page.locator('.activity-card:not(.transport-card)').count()).toBeGreaterThan(0);
    expect(await a.page.locator('.conflict-banner').count()).toBe(0);

    // Annulla: the week is empty again, here and in the other browser.
    await a.page.getByRole('button', { name: 'Annulla: riporta com’erano tutte le giornate di questa operazione' }).click();
    await a.page.waitForFunction(() =>
      (window as unknown as { __toasts: string[] }).__toasts.some((t) => /giornat[ae] ripristinat[ae]$/.test(t)),
    );
    await a.page.locator('.activity-card:not(.transport-card)').first().waitFor({ state: 'detached' });
    await weekFilled(b.page, false);
    expect(weekHasPeople(await weekTable(b.page))).toBe(false);

    expectNoPageErrors(a.errors);
    expectNoPageErrors(b.errors);
    await a.context.close();
    await b.context.close();
  });
});
