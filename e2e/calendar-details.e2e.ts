/**
 * Details of the calendar screen that staff notice (docs/product.md, Schermate and Aspetto):
 * the seven row colours, the date picker held while an operation runs, the
 * day held until its rooms are known, and how long the toasts stay.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { newPage, screenshot, serverAndBrowser } from './harness.ts';
import { callServer, dayLoaded, expectNoPageErrors, openDay, recordDialogs, recordToasts, signIn, waitForToast } from './helpers.ts';

const THU = '2026-11-26';
const FRI = '2026-11-27';

const e2e = serverAndBrowser();

const RUNS_STAY = 'Le uscite del giorno restano: si gestiscono in Anagrafiche → Uscite.';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

async function createActivity(page: Page, nome: string, stanza: number, data: string, start: number, end: number): Promise<number> {
  const res = await callServer(page, 'PUT', '/server/calendario/createattivita', {
    nome,
    stanza,
    data,
    orainizio: hour(start),
    orafine: hour(end),
    trasporto: -1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { insertId: number }).insertId;
}

/** The background colour of each row of the day's table, top to bottom. */
const rowColours = (page: Page): Promise<string[]> =>
  page.locator('.day-table tbody tr').evaluateAll((rows) => rows.map((row) => getComputedStyle(row.querySelector('td')!).backgroundColor));

/** The toast with this text, as react-hot-toast shows it. */
const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * Moves the page's clock on in steps of 100 ms until the toast has left the
 * page, and answers how long it stayed from the moment it appeared. A
 * dismissed toast fades and leaves the page 1 s later (react-hot-toast), and
 * React needs a real moment between two steps to run the timers' effects.
 */
async function msUntilGone(page: Page, toast: ReturnType<typeof toastWith>, alreadyMs: number, limitMs: number): Promise<number> {
  let elapsed = alreadyMs;
  while ((await toast.count()) > 0 && elapsed < limitMs) {
    await page.clock.runFor(100);
    elapsed += 100;
  }
  return elapsed;
}

describe('the calendar screen', () => {
  test('the rows of a day take seven background colours in turn', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN, THU);
    // Nine one-hour activities in a row: ten distinct times, so more rows than colours.
    for (let h = 8; h < 17; h++) await createActivity(page, `Laboratorio ${h}`, e2e.server.centre.rooms.palestra.id, THU, h, h + 1);
    await openDay(page, e2e.server.url, THU);

    await screenshot(page, 'calendario-sette-colori');
    const colours = await rowColours(page);
    expect(colours.length).toBeGreaterThanOrEqual(9);
    const firstSeven = colours.slice(0, 7);
    expect(new Set(firstSeven).size).toBe(7);
    for (const colour of firstSeven) expect(colour).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(255, 255, 255\)$/); // coloured, not blank
    colours.forEach((colour, row) => expect(colour, `row ${row}`).toBe(firstSeven[row % 7]));
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the date picker and the day buttons are disabled while an operation runs, and come back after it', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    recordDialogs(page); // Svuota Giornata asks for confirmation: accept it
    await signIn(page, e2e.server.url, E2E_ADMIN, FRI);
    await createActivity(page, 'Pittura', e2e.server.centre.rooms.palestra.id, FRI, 9, 10);
    await openDay(page, e2e.server.url, FRI);

    // Hold the real request on its way to the server until the page has been looked at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/server/calendario/emptyday', async (route) => {
      await held;
      await route.continue();
    });

    const datePicker = page.getByLabel('Data', { exact: true });
    expect(await datePicker.isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    await page.waitForFunction(() => (document.getElementById('calendar-date') as HTMLInputElement | null)?.disabled === true);
    expect(await page.getByRole('button', { name: 'Copia Giornata' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '[+] Attività' }).isDisabled()).toBe(true);

    release();
    await waitForToast(page, `${MSG.dayEmptiedOk}. ${RUNS_STAY}`);
    await page.waitForFunction(() => (document.getElementById('calendar-date') as HTMLInputElement | null)?.disabled === false);
    expect(await page.getByRole('button', { name: 'Copia Giornata' }).isDisabled()).toBe(false);
    await dayLoaded(page);
    expect(await page.locator('.activity-card').count()).toBe(0);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the day waits for the rooms: no column shows a room by its number while they load', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN, THU);
    await createActivity(page, 'Ceramica', e2e.server.centre.rooms.palestra.id, THU, 11, 12);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let roomsAsked = false;
    await page.route('**/server/calendario/getstanze', async (route) => {
      roomsAsked = true;
      await held;
      await route.continue();
    });
    // A fresh load: the day's answer arrives while the rooms are still held.
    const dayAnswered = page.waitForResponse((res) => res.url().includes('/server/calendario/giornata'));
    await page.goto(`${e2e.server.url}/calendario?data=${THU}`);
    await dayAnswered;
    expect(roomsAsked).toBe(true);
    // Half a second for the page to show whatever it would show with the day alone.
    await page.waitForTimeout(500);
    const spinner = page.getByRole('status', { name: 'Caricamento della giornata' });
    expect(await spinner.count()).toBe(1);
    expect(await page.locator('.day-table').count()).toBe(0);

    release();
    await dayLoaded(page);
    const headers = await page.locator('.day-table thead th').allInnerTexts();
    expect(headers).toContain('Palestra');
    expect(headers.filter((h) => /^Stanza \d+$/.test(h))).toEqual([]);
    expect(await page.getByRole('group', { name: 'Ceramica, Palestra, 11:00–12:00', exact: true }).count()).toBe(1);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a success toast with Annulla stays 15 s, an error toast 4 s', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await context.clock.install();
    recordDialogs(page);
    await signIn(page, e2e.server.url, E2E_ADMIN, THU);

    // Success: emptying the day.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    await page.mouse.move(5, 700); // a toast under the pointer waits for it to leave
    // Svuota Giornata's toast says the runs stay and carries Annulla: it stays 15 s, time to change one's mind.
    const success = toastWith(page, `${MSG.dayEmptiedOk}. ${RUNS_STAY}`);
    await success.waitFor();
    expect(await page.locator('.toast-action', { hasText: 'Annulla' }).count()).toBe(1);
    await page.clock.runFor(14_900);
    expect(await success.count()).toBe(1);
    // Dismissed at 15 s, then off the page 1 s later.
    const successStayed = await msUntilGone(page, success, 14_900, 20_000);
    expect(successStayed).toBeGreaterThanOrEqual(15_000);
    expect(successStayed).toBeLessThanOrEqual(16_300);

    // Error: Incolla da precedente for an activity another administrator has just deleted.
    const pittura = await createActivity(page, 'Pittura', e2e.server.centre.rooms.palestra.id, THU, 9, 10);
    await createActivity(page, 'Canto', e2e.server.centre.rooms.musica.id, THU, 10, 11);
    await page.clock.resume();
    await openDay(page, e2e.server.url, THU);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const deleted = await callServer(page, 'POST', '/server/calendario/removeattivita', { attivitaId: pittura });
    expect(deleted.status).toBe(200);
    await page
      .getByRole('group', { name: 'Palestra, 10:00–11:00', exact: true })
      .getByRole('button', { name: 'Incolla da precedente' })
      .click();
    await page.mouse.move(5, 700);
    const error = toastWith(page, MSG.genericRetry);
    await error.waitFor();
    await page.clock.runFor(3900);
    expect(await error.count()).toBe(1);
    const errorStayed = await msUntilGone(page, error, 3900, 8000);
    expect(errorStayed).toBeGreaterThanOrEqual(5000);
    expect(errorStayed).toBeLessThanOrEqual(5300);
    expectNoPageErrors(errors);
    await context.close();
  });
});
