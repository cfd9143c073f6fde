/** Faster hands: Crea Attività from a cell, the copied day across a reload, toasts that name what happened, named buttons. */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { MON, TUE, WED } from './dates.ts';
import { serverAndBrowser, adminPage as openAdminPage } from './harness.ts';
import { activity, addFromSearch, clearToasts, dayLoaded, expectNoPageErrors, fillDate, headline, modal, waitForToast } from './helpers.ts';

const e2e = serverAndBrowser();

const adminPage = (day: string) => openAdminPage(e2e, day);

async function pickDay(page: Page, day: string) {
  await fillDate(page.getByLabel('Data', { exact: true }), day);
  await page.getByRole('heading', { level: 1, name: headline(day) }).waitFor();
  await dayLoaded(page);
}

const formValues = async (page: Page) => {
  const form = modal(page, 'Crea Attività');
  return {
    nome: await form.getByLabel('Nome attività').inputValue(),
    stanza: await form.getByLabel('Stanza').locator('option:checked').innerText(),
    inizio: await form.getByLabel('Ora inizio').inputValue(),
    fine: await form.getByLabel('Ora fine').inputValue(),
  };
};

describe('faster hands', () => {
  test("Crea Attività from an empty cell starts at the cell's time in its room, for an hour; the toolbar at the next free quarter hour", async () => {
    const { context, page, errors } = await adminPage(MON);
    // Logopedia is free from 09:00 to 10:30 on Monday.
    const cell = page.getByRole('group', { name: 'Logopedia, 09:00–10:30' });
    const create = cell.getByRole('button', { name: 'Nuova attività in Logopedia dalle 09:00 alle 10:30' });
    expect(await create.getAttribute('title')).toBe('Nuova attività in Logopedia dalle 09:00 alle 10:30');
    await create.click();
    // An hour from the cell's start, not the whole empty cell.
    expect(await formValues(page)).toEqual({ nome: '', stanza: 'Logopedia', inizio: '09:00', fine: '10:00' });
    const form = modal(page, 'Crea Attività');
    await form.getByLabel('Nome attività').fill('Lettura ad alta voce');
    await form.getByRole('button', { name: 'Crea' }).click();
    await waitForToast(page, 'Attività creata: Lettura ad alta voce, Logopedia 09:00–10:00');
    await activity(page, 'Lettura ad alta voce', 'Logopedia', '09:00', '10:00').waitFor();

    await page.getByRole('button', { name: 'Annulla' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '[+] Attività' }).click();
    // Not today's calendar: Palestra's first free quarter hour from the morning (08:00), for an hour.
    expect(await formValues(page)).toEqual({ nome: '', stanza: 'Palestra', inizio: '08:00', fine: '09:00' });
    // A new start moves the end and keeps the hour.
    await form.getByLabel('Ora inizio').fill('14:15');
    expect(await form.getByLabel('Ora fine').inputValue()).toBe('15:15');
    await form.getByRole('button', { name: 'Annulla' }).click();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the copied day survives a reload; pasting says what it replaces, refuses the same day with a reason, and toasts once', async () => {
    const { context, page, errors, dialogs } = await adminPage(MON);
    await page.getByRole('button', { name: 'Copia Giornata' }).click();
    await page.getByText('Copiata: lunedì 23-11').waitFor();
    await page.reload();
    await dayLoaded(page);
    await page.getByText('Copiata: lunedì 23-11').waitFor();

    // The same day: refused, with the reason.
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    await waitForToast(page, 'Questa è la giornata copiata (lunedì 23-11): scegli con Data il giorno su cui incollarla.');
    expect(dialogs.seen).toEqual([]);

    // Tuesday has one activity: the question says so, and Annulla keeps it.
    await pickDay(page, TUE);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    const question = page.getByRole('dialog', { name: 'Sostituire la giornata?' });
    await question.getByText('Il 24/11 ha 1 attività: verranno sostituite.').waitFor();
    await question.getByRole('button', { name: 'Annulla', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    await activity(page, 'Coro', 'Musicoterapia', '14:00', '15:30').waitFor();

    // Wednesday is empty: pasted at once, with one toast naming what arrived (Monday has three activities since the first test).
    await pickDay(page, WED);
    await clearToasts(page);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    const toasts = await waitForToast(page, 'Giornata incollata: 3 attività, 1 uscita');
    expect(toasts.filter((t) => t !== MSG.inserting)).toEqual(['Giornata incollata: 3 attività, 1 uscita']);
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    await page.getByRole('group', { name: 'Andata Nord, Attività esterne, 08:00–09:00' }).waitFor();
    expect(dialogs.seen).toHaveLength(0);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the [+] buttons and Incolla da precedente name what they do; the toasts name who joined what', async () => {
    const { context, page, errors } = await adminPage(MON);
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    const addPatient = ginnastica.getByRole('button', { name: 'Aggiungi utente a Ginnastica dolce', exact: true });
    expect(await addPatient.getAttribute('title')).toBe('Aggiungi utente a Ginnastica dolce');
    const addTherapist = ginnastica.getByRole('button', { name: 'Aggiungi operatore a Ginnastica dolce', exact: true });
    expect(await addTherapist.getAttribute('title')).toBe('Aggiungi operatore a Ginnastica dolce');
    const paste = page.getByRole('group', { name: 'Palestra, 10:30–12:00' }).getByRole('button', { name: /^Incolla da precedente/ });
    expect(await paste.getAttribute('aria-label')).toBe('Incolla da precedente: copia qui Ginnastica dolce delle 09:00');
    expect(await paste.getAttribute('title')).toBe('Copia qui Ginnastica dolce delle 09:00');

    await addPatient.click();
    const search = await addFromSearch(page, 'paziente', 'giorgio', /Giorgio Verdi/);
    await waitForToast(page, 'Giorgio Verdi inserito in Ginnastica dolce');
    await search.waitFor({ state: 'detached' });

    await paste.click();
    // The copy brings Giorgio Verdi to 10:30–12:00, when he is already in Logopedia individuale: the toast counts it.
    await waitForToast(page, 'Ginnastica dolce copiata in Palestra, 10:30–12:00 · 1 conflitto');
    await activity(page, 'Ginnastica dolce', 'Palestra', '10:30', '12:00').waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });
});
