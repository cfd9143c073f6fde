/**
 * Planning with the keyboard alone (docs/product.md, Aspetto): signing in, the skip link, creating an activity from an
 * empty cell, adding two utenti and an operatore, editing it, Incolla da precedente, deleting, copying a day and pasting
 * it on another. Only page.keyboard is used (the browser's confirmations are answered OK). Focus moves into each modal,
 * stays there, and comes back to the control that opened it, or to the day's table when that control is gone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { MON, TUE } from './dates.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { newPage, serverAndBrowser } from './harness.ts';
import {
  activity,
  dayLoaded,
  expectNoPageErrors,
  focused,
  headline,
  modal,
  modalClosed,
  recordToasts,
  waitForFocus,
  waitForToast,
  waitForToastStartingWith,
} from './helpers.ts';

const e2e = serverAndBrowser();
const TABLE = 'Tabella della giornata, scorribile';

/** Presses Tab (or Shift+Tab) until the focused element carries `label` (inside the group `group`, when given). */
async function tabTo(page: Page, label: string, options: { group?: string; back?: boolean } = {}) {
  for (let i = 0; i < 200; i++) {
    const now = await focused(page);
    if (now.label === label && (options.group === undefined || now.group === options.group)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`"${label}" was not reached with the keyboard`);
}

/** The focus is inside the dialog, and 12 more Tabs keep it there. */
async function focusTrapped(page: Page) {
  await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
}

/** Opens the person search of the focused [+] button, finds `search` and adds the first match with Enter. */
async function addPerson(page: Page, title: string, search: string, toastStart: string) {
  await page.keyboard.press('Enter');
  const dialog = modal(page, title);
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  await page.keyboard.type(search);
  await dialog.locator('[role="listbox"][aria-busy="false"]').getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await waitForToastStartingWith(page, toastStart);
  await modalClosed(page);
}

describe('planning with the keyboard alone', () => {
  test('create, add people, edit, Incolla da precedente, delete, copy and paste a day', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    page.on('dialog', (dialog) => void dialog.accept());

    // Sign in: the username field has the focus.
    await page.goto(`${e2e.server.url}/`);
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'username');
    await page.keyboard.type(E2E_ADMIN.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/calendario/);

    await page.goto(`${e2e.server.url}/calendario?data=${MON}`);
    await page.getByRole('heading', { level: 1, name: headline(MON) }).waitFor();
    await dayLoaded(page);

    // The first Tab reaches the skip link; Enter goes to the day's table.
    await page.keyboard.press('Tab');
    expect((await focused(page)).label).toBe('Vai al calendario');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).position)).toBe('absolute');
    await page.keyboard.press('Enter');
    await waitForFocus(page, TABLE);

    // Crea Attività from an empty cell, in reading order after the table.
    await tabTo(page, 'Nuova attività in Musicoterapia dalle 09:00 alle 10:30');
    await page.keyboard.press('Enter');
    await modal(page, 'Crea Attività').waitFor();
    await waitForFocus(page, 'Nome attività');
    await focusTrapped(page);
    await tabTo(page, 'Nome attività');
    await page.keyboard.type('Canto');
    // The draft lasts an hour (09:00–10:00); the end typed as it is written, the time field's own way: 1030 is 10:30.
    await tabTo(page, 'Ora fine');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('10:00');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1030');
    await page.keyboard.press('Enter');
    await waitForToastStartingWith(page, 'Attività creata: Canto');
    await modalClosed(page);
    // The empty cell that opened it now holds the activity: the focus is on the day's table, not lost.
    await waitForFocus(page, TABLE);
    const canto = activity(page, 'Canto', 'Musicoterapia', '09:00', '10:30');
    await canto.waitFor();

    // Two utenti and an operatore: each time the focus comes back to the [+] that opened the search.
    await tabTo(page, 'Aggiungi utente a Canto');
    await addPerson(page, 'Aggiungi Paziente', 'Rossi', 'Mario Rossi');
    await waitForFocus(page, 'Aggiungi utente a Canto');
    await addPerson(page, 'Aggiungi Paziente', 'Bianchi', 'Lucia Bianchi');
    await waitForFocus(page, 'Aggiungi utente a Canto');
    await tabTo(page, 'Aggiungi operatore a Canto');
    await addPerson(page, 'Aggiungi Terapista', 'paola', 'paola.neri');
    await waitForFocus(page, 'Aggiungi operatore a Canto');
    expect(await canto.locator('.people-list li').allInnerTexts()).toEqual(['Lucia Bianchi', 'Mario Rossi', 'paola.neri']);

    // Modifica Attività: a new name; the focus comes back to the activity's name.
    await tabTo(page, 'Canto', { group: 'Canto, Musicoterapia, 09:00–10:30', back: true });
    await page.keyboard.press('Enter');
    await modal(page, 'Modifica Attività').waitFor();
    await waitForFocus(page, 'Nome attività');
    await focusTrapped(page);
    await tabTo(page, 'Nome attività');
    await page.keyboard.press('End');
    await page.keyboard.type(' corale');
    await page.keyboard.press('Enter');
    await waitForToast(page, MSG.saved);
    await modalClosed(page);
    await waitForFocus(page, 'Canto corale', 'Canto corale, Musicoterapia, 09:00–10:30');

    // Incolla da precedente: the cell below gets a copy of it.
    await tabTo(page, 'Incolla da precedente: copia qui Canto corale delle 09:00');
    await page.keyboard.press('Enter');
    await waitForToastStartingWith(page, 'Canto corale copiata in Musicoterapia, 10:30–12:00');
    const copy = activity(page, 'Canto corale', 'Musicoterapia', '10:30', '12:00');
    await copy.waitFor();

    // Elimina the copy, from its Modifica Attività: its card is gone, the focus goes to the day's table.
    await tabTo(page, 'Canto corale', { group: 'Canto corale, Musicoterapia, 10:30–12:00' });
    await page.keyboard.press('Enter');
    await modal(page, 'Modifica Attività').waitFor();
    await tabTo(page, 'Elimina');
    await page.keyboard.press('Enter');
    await modalClosed(page);
    await copy.waitFor({ state: 'detached' });
    await waitForFocus(page, TABLE);

    // Copia Giornata, then the Tuesday through the date field, then Incolla giornata (its question answered Sostituisci).
    await tabTo(page, 'Copia Giornata', { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, 'Data', { back: true });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('24/11/2026');
    await page.getByRole('heading', { level: 1, name: headline(TUE) }).waitFor();
    await dayLoaded(page);
    await tabTo(page, 'Incolla giornata');
    await page.keyboard.press('Enter');
    // The question says what Tuesday holds; its focus starts on Annulla, one Tab reaches Sostituisci.
    await page.getByRole('dialog', { name: 'Sostituire la giornata?' }).waitFor();
    await waitForFocus(page, 'Annulla');
    await tabTo(page, 'Sostituisci');
    await page.keyboard.press('Enter');
    await activity(page, 'Canto corale', 'Musicoterapia', '09:00', '10:30').waitFor();
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    expect(await page.locator('.activity-card', { hasText: 'Coro' }).count()).toBe(0);
    expectNoPageErrors(errors);
    await context.close();
  });
});
