/**
 * Conflitti (docs/product.md, Regole): a person or a room in two overlapping times is marked on
 * each card and counted in a banner above the day, the search dialog says where a busy person
 * already is, the paste toasts count the conflicts, and the weekly print marks the day. A warning
 * only: every write still succeeds.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { FRI, WED } from './dates.ts';
import { screenshot, serverAndBrowser, adminPage as openAdminPage } from './harness.ts';
import {
  activity,
  callServer,
  createActivity,
  createActivityOnServer,
  clearToasts,
  expectNoPageErrors,
  modal,
  modalClosed,
  openDay,
  waitForToast,
  weekTable,
} from './helpers.ts';

const e2e = serverAndBrowser();

const THU = '2026-11-26';

const adminPage = (day: string) => openAdminPage(e2e, day);

/** The banner's live region (role=status, not a toast: it carries no aria-live attribute of its own). */
const banner = (page: Page) => page.locator('.conflict-banner-text[role="status"]');

/** What a card says about its conflicts (each note is read as "Conflitto: …"). */
const conflictNotes = (card: Locator) => card.locator('.conflict-notes li').allTextContents();

/** Opens Aggiungi Terapista of the card and types the search; returns the dialog and the option found. */
async function searchTherapist(page: Page, activityName: string, search: string, username: string) {
  await page.getByRole('button', { name: `Aggiungi operatore a ${activityName}` }).click();
  const dialog = modal(page, 'Aggiungi Terapista');
  await dialog.getByRole('combobox', { name: 'Cerca terapista' }).fill(search);
  const option = dialog.getByRole('listbox', { name: 'Risultati' }).getByRole('option', { name: new RegExp(`^${username}`) });
  await dialog.locator('[role="listbox"][aria-busy="false"]').waitFor();
  await option.waitFor();
  return { dialog, option };
}

describe('conflicts on the calendar', () => {
  test('a therapist in two overlapping activities: marked on both cards, counted in the banner, gone once removed', async () => {
    const { context, page, errors, dialogs } = await adminPage(WED);
    await page.getByText('Nessuna attività in questa giornata.').waitFor();
    expect(await banner(page).textContent()).toBe('');

    await createActivity(page, 'Ginnastica', 'Palestra', '09:00', '10:00');
    await createActivity(page, 'Logopedia di gruppo', 'Logopedia', '09:30', '10:30');
    const palestra = activity(page, 'Ginnastica', 'Palestra', '09:00', '10:00');
    const logopedia = activity(page, 'Logopedia di gruppo', 'Logopedia', '09:30', '10:30');

    // Free at that time: the search says nothing beside her.
    let search = await searchTherapist(page, 'Ginnastica', 'paola', 'paola.neri');
    expect(await search.option.textContent()).toBe('paola.neri');
    await search.option.click();
    await search.dialog.getByRole('button', { name: 'Aggiungi' }).click();
    await waitForToast(page, 'paola.neri inserito in Ginnastica');
    await modalClosed(page);

    // Busy: the search says where, before she is added; adding still works and the toast repeats it.
    search = await searchTherapist(page, 'Logopedia di gruppo', 'paola', 'paola.neri');
    expect(await search.option.textContent()).toBe('paola.neri⚠ già in Palestra 09:00–10:00');
    expect(await search.dialog.getByRole('listbox', { name: 'Risultati' }).getByRole('option', { name: 'stefano.villa' }).count()).toBe(0);
    await search.option.click();
    await search.dialog.getByRole('button', { name: 'Aggiungi' }).click();
    await waitForToast(page, 'paola.neri inserito in Logopedia di gruppo, ma è già in Palestra 09:00–10:00');
    await modalClosed(page);

    // Both cards: the red edge, the note (read as "Conflitto: …"), her name marked.
    await banner(page).getByText('1 conflitto').waitFor();
    expect(await banner(page).textContent()).toBe('⚠ 1 conflitto nella giornata: orari sovrapposti per la stessa persona o stanza.');
    for (const [card, note] of [
      [palestra, 'Conflitto: paola.neri anche in Logopedia 09:30–10:30'],
      [logopedia, 'Conflitto: paola.neri anche in Palestra 09:00–10:00'],
    ] as const) {
      expect(await card.getAttribute('class')).toContain('has-conflict');
      expect(await conflictNotes(card)).toEqual([note]);
      expect(await card.locator('.person-conflict').allInnerTexts()).toEqual(['paola.neri']);
    }

    // The list names her, the rooms and the times; each place leads to its card.
    await page.getByRole('button', { name: 'Mostra elenco' }).click();
    const list = page.getByRole('list', { name: 'Elenco dei conflitti' });
    expect(await list.locator('li').allTextContents()).toEqual(['paola.neri: Palestra 09:00–10:00, Logopedia 09:30–10:30']);
    await screenshot(page, 'conflitti-banner-laptop');
    await list.getByRole('button', { name: 'Logopedia 09:30–10:30' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Logopedia di gruppo, Logopedia, 09:30–10:30');

    // A reload reads the same from the server.
    await page.reload();
    await banner(page).getByText('1 conflitto').waitFor();
    expect(await conflictNotes(logopedia)).toEqual(['Conflitto: paola.neri anche in Palestra 09:00–10:00']);

    // The weekly print marks Wednesday only (on screen: the PDF is the table of therapists).
    await page.goto(`${e2e.server.url}/stampasettimana?data=${WED}`);
    await page.locator('.week-conflict-mark').waitFor();
    const header = (await weekTable(page))[0];
    expect(header.filter((cell) => cell.includes('conflitt'))).toEqual(['Mercoledì 25-11-2026, ⚠ 1 conflitto']);

    // Removing her from one activity takes every warning away.
    await openDay(page, e2e.server.url, WED);
    await logopedia.getByRole('button', { name: 'paola.neri' }).click();
    await modal(page, 'Gestione Terapista').getByRole('button', { name: 'Elimina' }).click();
    await waitForToast(page, MSG.deleted);
    await banner(page).getByText('1 conflitto').waitFor({ state: 'detached' });
    expect(await banner(page).textContent()).toBe('');
    expect(await page.locator('.has-conflict, .conflict-notes, .person-conflict').count()).toBe(0);
    expect(dialogs.seen.map((d) => d.message)).toEqual([MSG.confirmRemoveTherapist]);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Incolla giornata and Incolla da precedente report the conflicts of what they leave', async () => {
    const { context, page, errors } = await adminPage(FRI);
    const { palestra, logopedia } = e2e.server.centre.rooms;
    const { paola } = e2e.server.centre.therapists;
    // Friday: paola.neri in Palestra 09:00–10:00 and in Logopedia 09:30–10:30, made through the server as the web app would.
    for (const [nome, stanza, orainizio, orafine] of [
      ['Ginnastica', palestra.id, '09:00', '10:00'],
      ['Logopedia di gruppo', logopedia.id, '09:30', '10:30'],
    ] as const) {
      const created = await createActivityOnServer(page, { nome, stanza, data: FRI, orainizio, orafine });
      expect(created.status).toBe(200);
      const added = await callServer(page, 'PUT', '/server/calendario/insertterapista', {
        terapista: paola.id,
        attivita: (created.body as { insertId: number }).insertId,
      });
      expect(added.status).toBe(200);
    }
    await openDay(page, e2e.server.url, FRI);
    await banner(page).getByText('1 conflitto').waitFor();

    // Copied onto Thursday: the toast counts the conflict it brings.
    await page.getByRole('button', { name: 'Copia Giornata' }).click();
    await openDay(page, e2e.server.url, THU);
    await clearToasts(page);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    await waitForToast(page, 'Giornata incollata: 2 attività, 0 uscite · 1 conflitto');
    await banner(page).getByText('1 conflitto').waitFor();

    // Ginnastica copied from Palestra's empty 10:00–10:30 keeps its own hour (10:00–11:00, not the empty cell's half
    // hour): it touches its own 09:00–10:00 but overlaps Logopedia di gruppo: still one person.
    await clearToasts(page);
    await page
      .getByRole('group', { name: 'Palestra, 10:00–10:30', exact: true })
      .getByRole('button', { name: /^Incolla da precedente/ })
      .click();
    await waitForToast(page, 'Ginnastica copiata in Palestra, 10:00–11:00 · 1 conflitto');
    const copy = activity(page, 'Ginnastica', 'Palestra', '10:00', '11:00');
    await copy.waitFor();
    expect(await conflictNotes(copy)).toEqual(['Conflitto: paola.neri anche in Logopedia 09:30–10:30']);
    expect(await conflictNotes(activity(page, 'Logopedia di gruppo', 'Logopedia', '09:30', '10:30'))).toEqual([
      'Conflitto: paola.neri anche in Palestra 09:00–10:00, Palestra 10:00–11:00',
    ]);
    expectNoPageErrors(errors);
    await context.close();
  });
});
