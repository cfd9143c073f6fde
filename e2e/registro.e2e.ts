/**
 * Registro modifiche and Annulla: a wrong Svuota Giornata, paste or deletion taken back from its toast;
 * the registro read by an administrator (a utente's changes in Italian, their details, an activity's
 * Storico, who consulted a utente, the CSV files); a consultazione account kept out. The tests run in
 * order on one server: the registro reads the changes, and the accesses the reads, made before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { MON, TUE } from './dates.ts';
import { E2E_ADMIN, E2E_VIEWER } from './fixtures.ts';
import { adminPage, DOWNLOADS, newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import {
  activity,
  clearToasts,
  expectNoPageErrors,
  modal,
  modalClosed,
  openDay,
  signIn,
  waitForFocus,
  waitForToast,
  waitForToastStartingWith,
} from './helpers.ts';

const e2e = serverAndBrowser();

const RUNS_STAY = 'Le uscite del giorno restano: si gestiscono in Anagrafiche → Uscite.';

/** Every card of the day by its accessible name, with all its text: what must come back exactly. */
async function dayCards(page: Page): Promise<Record<string, string>> {
  return page
    .locator('.activity-card')
    .evaluateAll((cards) =>
      Object.fromEntries(
        cards.map((card) => [card.getAttribute('aria-label') ?? '', (card.textContent ?? '').replace(/\s+/g, ' ').trim()]),
      ),
    );
}

/** The toast's Annulla button (its name says what it takes back). */
const toastUndo = (page: Page) => page.locator('.toast-action');

/** The registro's rows as text: [quando, account, frase]. */
async function registroRows(page: Page): Promise<string[][]> {
  return page
    .locator('table.registro-table > tbody > tr:not(.registro-details)')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll(':scope > td')].slice(0, 3).map((c) => (c.textContent ?? '').trim())),
    );
}

/** Chooses a person through the registro's search dialog ("Scegli l’utente"). */
async function chooseUtente(page: Page, search: string, label: string) {
  await page.getByRole('button', { name: /^(Scegli l’utente…|Cambia…)$/ }).click();
  const dialog = modal(page, 'Scegli l’utente');
  await dialog.getByRole('combobox').fill(search);
  await dialog.locator('[role="listbox"][aria-busy="false"]').getByRole('option', { name: label }).waitFor();
  await dialog.getByRole('button', { name: 'Scegli', exact: true }).click();
  await modalClosed(page);
}

/** Saves the download a click starts; its name and its bytes. */
async function download(page: Page, button: string) {
  fs.mkdirSync(DOWNLOADS, { recursive: true });
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const where = path.join(DOWNLOADS, file.suggestedFilename());
  await file.saveAs(where);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(where) };
}

/** A CSV's rows split on `;` (the registro's fields hold no quoted `;` in these tests), after checking the BOM and CRLF. */
function csvRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
}

describe('Annulla', () => {
  test('a consultazione account reads Monday (recorded as an access to its utenti)', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER, MON);
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').getByText('Mario Rossi').waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Svuota Giornata, then Annulla in its toast: the day is back as it was', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    const before = await dayCards(page);
    expect(Object.keys(before)).toContain('Ginnastica dolce, Palestra, 09:00–10:30');

    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    // The toast's text is the one it always was; the button sits beside it.
    await waitForToast(page, `${MSG.dayEmptiedOk}. ${RUNS_STAY}`);
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor({ state: 'detached' });
    const undo = toastUndo(page);
    expect(await undo.innerText()).toBe('Annulla');
    await page.waitForTimeout(600); // the toast's entrance, for a screenshot that shows it settled
    await screenshot(page, 'annulla-nel-toast-1366x768');
    expect(await undo.getAttribute('aria-label')).toBe('Annulla: riporta la giornata com’era');
    // Reachable with the keyboard: focused, Enter presses it.
    await undo.focus();
    await waitForFocus(page, 'Annulla: riporta la giornata com’era');
    await clearToasts(page);
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Giornata ripristinata');
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    expect(await dayCards(page)).toEqual(before);
    await toastUndo(page).waitFor({ state: 'detached' });

    // The server's answer, not the cache: a reload reads the same.
    await page.reload();
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    expect(await dayCards(page)).toEqual(before);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Incolla giornata onto a day with activities, then Annulla: the day pasted over is back', async () => {
    const { context, page, errors, dialogs } = await adminPage(e2e, MON);
    await page.getByRole('button', { name: 'Copia Giornata' }).click();
    await openDay(page, e2e.server.url, TUE);
    const before = await dayCards(page);
    expect(Object.keys(before)).toEqual(['Coro, Musicoterapia, 14:00–15:30']);

    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    await modal(page, 'Sostituire la giornata?').getByRole('button', { name: 'Sostituisci' }).click();
    expect(dialogs.seen).toEqual([]);
    await waitForToastStartingWith(page, 'Giornata incollata: 2 attività');
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    expect(await page.locator('.activity-card').count()).toBeGreaterThan(1);

    await clearToasts(page);
    await toastUndo(page).click();
    await waitForToast(page, 'Giornata ripristinata');
    await activity(page, 'Coro', 'Musicoterapia', '14:00', '15:30').waitFor();
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor({ state: 'detached' });
    expect(await dayCards(page)).toEqual(before);
    await page.getByRole('button', { name: 'Annulla copia' }).click();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Elimina an activity, then Annulla: it is back with its people', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    const before = await dayCards(page);
    const logopedia = activity(page, 'Logopedia individuale', 'Logopedia', '10:30', '12:00');
    await logopedia.getByRole('button', { name: 'Logopedia individuale', exact: true }).click();
    await modal(page, 'Modifica Attività').getByRole('button', { name: 'Elimina' }).click();
    await waitForToast(page, MSG.deleted);
    await logopedia.waitFor({ state: 'detached' });

    await clearToasts(page);
    const undo = page.getByRole('button', { name: 'Annulla: ripristina l’attività eliminata' });
    await undo.click();
    await waitForToast(page, 'Attività ripristinata');
    await logopedia.waitFor();
    expect(await dayCards(page)).toEqual(before);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Annulla after the day changed again: the server’s refusal, in Italian, and nothing changes', async () => {
    const { context, page, errors } = await adminPage(e2e, TUE);
    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    await waitForToast(page, `${MSG.dayEmptiedOk}. ${RUNS_STAY}`);
    // Someone creates an activity on the emptied day before Annulla is pressed.
    await page.getByRole('button', { name: '[+] Attività' }).click();
    const form = modal(page, 'Crea Attività');
    await form.getByLabel('Nome attività').fill('Lettura');
    await form.getByLabel('Ora inizio').fill('11:00');
    await form.getByRole('button', { name: 'Crea' }).click();
    await modalClosed(page);
    await activity(page, 'Lettura', 'Palestra', '11:00', '12:00').waitFor();

    await clearToasts(page);
    await toastUndo(page).click();
    await waitForToast(page, 'La giornata è cambiata dopo questa operazione: annullamento non possibile');
    await toastUndo(page).waitFor({ state: 'detached' });
    await page.reload();
    await activity(page, 'Lettura', 'Palestra', '11:00', '12:00').waitFor();
    expect(await page.locator('.activity-card').count()).toBe(1);
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('Registro', () => {
  test('filtered by a utente chosen in the dialog, it reads a change in Italian; Dettagli shows before → after', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    // A change to read: Mario Rossi added to Logopedia individuale.
    const logopedia = activity(page, 'Logopedia individuale', 'Logopedia', '10:30', '12:00');
    await logopedia.getByRole('button', { name: 'Aggiungi utente a Logopedia individuale' }).click();
    const search = modal(page, 'Aggiungi Paziente');
    await search.getByRole('combobox').fill('rossi');
    await search
      .locator('[role="listbox"][aria-busy="false"]')
      .getByRole('option', { name: /^Mario Rossi/ })
      .waitFor();
    await search.getByRole('button', { name: 'Aggiungi' }).click();
    await modalClosed(page);
    await logopedia.getByText('Mario Rossi').waitFor();

    // The bar's link, for administrators.
    await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Registro' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registro' }).waitFor();
    await page.locator('table.registro-table').waitFor();

    await chooseUtente(page, 'rossi', 'Mario Rossi');
    await page.getByText('Utente: Mario Rossi', { exact: true }).waitFor();
    // Focus is back on the button that opened the dialog.
    await waitForFocus(page, 'Scegli l’utente…');
    expect(page.url()).toMatch(/tipo=paziente&persona=\d+/);
    const sentence = 'Mario Rossi aggiunto a Logopedia individuale, lun 23-11-2026 10:30';
    await page.locator('table.registro-table').getByText(sentence, { exact: true }).waitFor();
    const rows = await registroRows(page);
    // Newest first: the change just made, then the day operations that touched him.
    expect(rows[0]).toEqual([expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/), 'direttrice', sentence]);
    const sentences = rows.map((r) => r[2]);
    expect(sentences, sentences.join('\n')).toContain('Giornata di lun 23-11-2026 svuotata: 2 attività');
    expect(
      sentences.some((s) => /^Annullata l’operazione n\. \d+ \(giornata svuotata\): giornata di lun 23-11-2026 riportata com’era$/.test(s)),
    ).toBe(true);
    // Nothing about Coro on Tuesday: Mario was never in it.
    expect(sentences.some((s) => s.includes('Coro'))).toBe(false);

    const first = page.locator('table.registro-table > tbody > tr').first();
    await first.getByRole('button', { name: /^Dettagli/ }).click();
    const details = page.getByRole('table', { name: `Prima e dopo: ${sentence}` });
    const cells = await details
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
    expect(cells).toEqual([
      ['Utente', '—', 'Mario Rossi'],
      ['Attività', '—', 'Logopedia individuale, lun 23-11-2026 10:30–12:00, Logopedia'],
    ]);
    expect(await details.innerText()).not.toContain('{');
    await screenshot(page, 'registro-1366x768');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Storico from an activity’s card shows that activity’s rows only', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.getByRole('link', { name: 'Storico di Ginnastica dolce' }).click();
    await page.waitForURL(/\/registro\?attivita=\d+$/);
    const id = new URL(page.url()).searchParams.get('attivita');
    await page.getByText(`Storico dell’attività ${id}`, { exact: true }).waitFor();
    await page.locator('table.registro-table').waitFor();
    const sentences = (await registroRows(page)).map((r) => r[2]);
    expect(sentences, sentences.join('\n')).toContain('Giornata di lun 23-11-2026 svuotata: 2 attività');
    expect(sentences.some((s) => s.includes('Logopedia individuale'))).toBe(false);
    expect(sentences.some((s) => s.includes('Coro'))).toBe(false);

    // The chip's ✕ takes the filter away: every change of the period.
    await page.getByRole('button', { name: `Togli il filtro Storico dell’attività ${id}` }).click();
    await page.locator('table.registro-table').getByText('Mario Rossi aggiunto a Logopedia individuale, lun 23-11-2026 10:30').waitFor();
    expect(page.url()).not.toContain('attivita=');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Accessi a un utente lists the consultazione account’s read of Monday; both CSV files parse', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    await page.goto(`${e2e.server.url}/registro?scheda=accessi`);
    await page.getByText('Scegli un utente per vedere chi ha consultato i suoi dati nel periodo.').waitFor();
    await chooseUtente(page, 'rossi', 'Mario Rossi');
    await page.getByRole('heading', { level: 2, name: /^Accessi a Mario Rossi dal / }).waitFor();
    const table = page.locator('table.registro-table');
    await table.waitFor();
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Quando', 'Account', 'Tipo', 'Giorno o periodo', 'Motivo']);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((c) => (c.textContent ?? '').trim())));
    expect(rows).toContainEqual([
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
      'educatore',
      'Giornata del calendario',
      '23/11/2026',
      'nel piano del giorno',
    ]);

    const accesses = await download(page, 'Esporta CSV');
    expect(accesses.name).toMatch(/^accessi_utente_\d+_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
    const accessRows = csvRows(accesses.bytes);
    expect(accessRows[0]).toEqual(['Quando', 'Account', 'Tipo', 'Giorno o periodo', 'Motivo']);
    expect(accessRows.slice(1)).toContainEqual([
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
      'educatore',
      'Giornata del calendario',
      '23/11/2026',
      'nel piano del giorno',
    ]);

    // Modifiche's CSV: the same sentences as the screen, with the export just made on top.
    await page.getByRole('tab', { name: 'Modifiche' }).click();
    await page.locator('table.registro-table').getByText('Esportazione: accessi a un utente (CSV)', { exact: false }).first().waitFor();
    const changes = await download(page, 'Esporta CSV');
    expect(changes.name).toMatch(/^registro_modifiche_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
    const changeRows = csvRows(changes.bytes);
    expect(changeRows[0]).toEqual(['N.', 'Quando', 'Account', 'Azione', 'Giorno', 'Descrizione']);
    expect(new Set(changeRows.map((r) => r.length))).toEqual(new Set([6]));
    expect(changeRows.map((r) => r[5])).toContain('Mario Rossi aggiunto a Logopedia individuale, lun 23-11-2026 10:30');
    expect(changeRows.find((r) => r[3] === 'Accesso riuscito')?.[2]).toBe('direttrice');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('on a phone the registro reads in one column, with no sideways scrolling', async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.phone);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    await page.goto(`${e2e.server.url}/registro`);
    await page.locator('table.registro-table').waitFor();
    await screenshot(page, 'registro-390x844');
    // The page itself never scrolls sideways (a wide table scrolls inside its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a consultazione account is sent to the calendar before anything of the registro is fetched', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER, MON);
    expect(await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Registro' }).count()).toBe(0);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/server/registro')) asked.push(request.url());
    });
    await page.goto(`${e2e.server.url}/registro?scheda=accessi&paziente=1`);
    await page.waitForURL(/\/calendario/);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(asked).toEqual([]);
    expectNoPageErrors(errors);
    await context.close();
  });
});
