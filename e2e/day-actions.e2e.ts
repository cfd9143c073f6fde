/** Actions on a whole day (docs/product.md, Percorsi): Incolla da precedente, Copia Giornata / Incolla giornata / X, Svuota Giornata. */
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { MON, TUE, WED } from './dates.ts';
import { serverAndBrowser, adminPage as openAdminPage } from './harness.ts';
import {
  activity,
  clearToasts,
  dayContents,
  dayLoaded,
  expectNoPageErrors,
  openDay,
  peopleOf,
  pickDay,
  toastsSeen,
  waitForToast,
} from './helpers.ts';

const e2e = serverAndBrowser();

const RUNS_STAY = 'Le uscite del giorno restano: si gestiscono in Anagrafiche → Uscite.';

const adminPage = (day: string) => openAdminPage(e2e, day);

const MONDAY_AS_SEEDED = {
  'Andata Nord, Attività esterne, 08:00–09:00': ['laura.fontana', 'Anna Neri'],
  'Ginnastica dolce, Palestra, 09:00–10:30': ['Lucia Bianchi', 'Mario Rossi', 'paola.neri'],
  'Logopedia individuale, Logopedia, 10:30–12:00': ['Giorgio Verdi', 'stefano.villa'],
};

describe('Incolla da precedente', () => {
  test('an empty cell after an activity of the same room copies it, with its people, into that slot', async () => {
    const { context, page, errors } = await adminPage(MON);
    expect(await dayContents(page)).toEqual(MONDAY_AS_SEEDED);

    // Offered only after an earlier activity of the room: Palestra 10:30–12:00 yes, Palestra 08:00–09:00 (before it) no,
    // nor in Musicoterapia, which has nothing this day.
    const slot = page.getByRole('group', { name: 'Palestra, 10:30–12:00', exact: true });
    await slot.waitFor();
    const pasteIn = (name: string | RegExp) =>
      page.getByRole('group', { name, exact: typeof name === 'string' }).getByRole('button', { name: /^Incolla da precedente/ });
    expect(await pasteIn('Palestra, 08:00–09:00').count()).toBe(0);
    expect(await pasteIn(/^Musicoterapia, /).count()).toBe(0);
    expect(await pasteIn('Logopedia, 08:00–09:00').count()).toBe(0);

    await slot.getByRole('button', { name: 'Incolla da precedente' }).click();
    const toasts = await waitForToast(page, 'Ginnastica dolce copiata in Palestra, 10:30–12:00');
    expect(toasts).toContain(MSG.inserting);
    const copy = activity(page, 'Ginnastica dolce', 'Palestra', '10:30', '12:00');
    await copy.waitFor();
    await slot.waitFor({ state: 'detached' });
    expect(await peopleOf(copy)).toEqual(['Lucia Bianchi', 'Mario Rossi', 'paola.neri']);

    await page.reload();
    await copy.waitFor();
    expect(await dayContents(page)).toEqual({
      ...MONDAY_AS_SEEDED,
      'Ginnastica dolce, Palestra, 10:30–12:00': ['Lucia Bianchi', 'Mario Rossi', 'paola.neri'],
    });
    // The copy is an activity of its own: its people are its own links (removing from the original leaves the copy alone).
    const original = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await original.getByRole('button', { name: 'Lucia Bianchi' }).click();
    await page.getByRole('dialog', { name: 'Gestione Paziente' }).getByRole('button', { name: 'Elimina' }).click();
    await waitForToast(page, MSG.deleted);
    await original.getByRole('button', { name: 'Lucia Bianchi' }).waitFor({ state: 'detached' });
    expect(await peopleOf(copy)).toEqual(['Lucia Bianchi', 'Mario Rossi', 'paola.neri']);
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('Copia Giornata and Incolla giornata', () => {
  test('a day is copied and pasted onto an empty day and onto a day with activities, after confirming; X cancels the copy', async () => {
    const { context, page, errors, dialogs } = await adminPage(TUE);
    const tuesday = await dayContents(page);
    expect(Object.keys(tuesday)).toEqual(['Coro, Musicoterapia, 14:00–15:30']);

    await pickDay(page, MON);
    const monday = await dayContents(page);
    expect(Object.keys(monday).length).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('button', { name: 'Incolla giornata' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Copia Giornata' }).click();
    await page.getByText('Copiata: lunedì 23-11', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Annulla copia' }).waitFor();

    // Onto an empty day: no question asked.
    await pickDay(page, WED);
    await page.getByText('Nessuna attività in questa giornata.').waitFor();
    await clearToasts(page);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    // One toast names what arrived: Monday's ordinary activities and its run.
    const pasted = `Giornata incollata: ${Object.keys(monday).length - 1} attività, 1 uscita`;
    const toasts = await waitForToast(page, pasted);
    expect(toasts).toEqual([MSG.inserting, pasted]);
    expect(dialogs.seen).toEqual([]);
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    expect(await dayContents(page)).toEqual(monday);
    await page.reload();
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    expect(await dayContents(page)).toEqual(monday);
    // The copy is kept across a reload (in the tab's session storage).
    await page.getByText('Copiata: lunedì 23-11', { exact: true }).waitFor();

    // Onto a day with activities: the question first, saying what goes. Annulla keeps the day as it was.
    await pickDay(page, MON);
    await page.getByRole('button', { name: 'Copia Giornata' }).click();
    await pickDay(page, TUE);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    const question = page.getByRole('dialog', { name: 'Sostituire la giornata?' });
    expect(await question.locator('.modal-body').innerText()).toBe(
      `Il 24/11 ha 1 attività: verranno sostituite.\n\nAl loro posto il programma di lunedì 23-11. ${MSG.undoFromRegistro}`,
    );
    await question.getByRole('button', { name: 'Annulla', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    expect(await dayContents(page)).toEqual(tuesday);
    // Sostituisci replaces it.
    await clearToasts(page);
    await page.getByRole('button', { name: 'Incolla giornata' }).click();
    await question.getByRole('button', { name: 'Sostituisci' }).click();
    await waitForToast(page, pasted);
    expect(dialogs.seen).toEqual([]);
    await activity(page, 'Coro', 'Musicoterapia', '14:00', '15:30').waitFor({ state: 'detached' });
    expect(await dayContents(page)).toEqual(monday);
    // The copy stays for another paste (decision 0003); X cancels it.
    await page.getByText('Copiata: lunedì 23-11', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Annulla copia' }).click();
    await page.getByText('Copiata: lunedì 23-11', { exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Incolla giornata' }).count()).toBe(0);
    await page.reload();
    await activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30').waitFor();
    expect(await dayContents(page)).toEqual(monday);

    // The source day is unchanged.
    await openDay(page, e2e.server.url, MON);
    expect(await dayContents(page)).toEqual(monday);
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('Svuota Giornata', () => {
  test('asks before emptying; Annulla keeps the day, OK empties it and only it', async () => {
    const { context, page, errors, dialogs } = await adminPage(MON);
    const monday = await dayContents(page);
    expect(Object.keys(monday).length).toBeGreaterThanOrEqual(3);

    dialogs.answer(false);
    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    const question = `${MSG.confirmEmptyDay}\n\n${RUNS_STAY}`;
    expect(dialogs.seen).toEqual([{ type: 'confirm', message: question, accepted: false }]);
    expect(await dayContents(page)).toEqual(monday);
    expect(await toastsSeen(page)).toEqual([]);

    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    const toasts = await waitForToast(page, `${MSG.dayEmptiedOk}. ${RUNS_STAY}`);
    expect(toasts).toContain(MSG.emptyingDay);
    expect(dialogs.seen[1]).toEqual({ type: 'confirm', message: question, accepted: true });
    // Every activity is gone; the day's run stays, on the calendar too.
    const runOnly = { 'Andata Nord, Attività esterne, 08:00–09:00': ['laura.fontana', 'Anna Neri'] };
    await page
      .getByRole('group', { name: /Ginnastica dolce/ })
      .first()
      .waitFor({ state: 'detached' });
    expect(await dayContents(page)).toEqual(runOnly);
    await page.reload();
    await dayLoaded(page);
    expect(await dayContents(page)).toEqual(runOnly);

    // The next day keeps its activities.
    await pickDay(page, TUE);
    expect(Object.keys(await dayContents(page)).length).toBeGreaterThan(0);
    expectNoPageErrors(errors);
    await context.close();
  });
});
