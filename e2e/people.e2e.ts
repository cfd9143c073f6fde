/**
 * Patients and therapists of an activity (docs/product.md, Percorsi): Aggiungi
 * Paziente / Aggiungi Terapista and Gestione Paziente / Gestione Terapista,
 * driven with the keyboard only once the control is focused, and the
 * duplicate refused with its message.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MSG } from '../common/messages.ts';
import { MON } from './dates.ts';
import { serverAndBrowser, adminPage as openAdminPage } from './harness.ts';
import {
  clearToasts,
  expectNoPageErrors,
  focused,
  modal,
  modalClosed,
  peopleOf,
  toastsSeen,
  waitForFocus,
  waitForToast,
} from './helpers.ts';

const e2e = serverAndBrowser();

const LOGOPEDIA = 'Logopedia individuale, Logopedia, 10:30–12:00';
const GINNASTICA = 'Ginnastica dolce, Palestra, 09:00–10:30';

const adminPage = () => openAdminPage(e2e, MON);

/** The options of the results list, each as its first line (the name; a patient's mobile follows). */
async function optionNames(dialog: Locator): Promise<string[]> {
  return dialog.getByRole('option').evaluateAll((options) => options.map((o) => (o.firstChild?.textContent ?? '').trim()));
}

/** The name of the highlighted option (aria-selected) and the one the combobox points at (aria-activedescendant). */
async function highlighted(page: Page): Promise<{ selected: string[]; active: string | null }> {
  return page.evaluate(() => {
    const box = document.querySelector('[role="combobox"]');
    const id = box?.getAttribute('aria-activedescendant');
    const name = (el: Element | null) => (el?.firstChild?.textContent ?? '').trim();
    return {
      selected: [...document.querySelectorAll('[role="option"][aria-selected="true"]')].map(name),
      active: id ? name(document.getElementById(id)) : null,
    };
  });
}

/**
 * Types into the focused search box and waits until the results list answers
 * the whole text (no longer marked busy) and holds exactly `expected`, in any
 * order. The names alone do not tell: on a loaded machine the answer to a
 * prefix ("paol") can already hold them while the search for the whole text
 * is still on its way.
 */
async function searchFor(page: Page, dialog: Locator, text: string, expected: string[]) {
  await page.keyboard.type(text);
  await page.waitForFunction(
    ([want]) => {
      const list = document.querySelector('[role="listbox"]');
      if (list?.getAttribute('aria-busy') !== 'false') return false;
      const names = [...list.querySelectorAll('[role="option"]')].map((o) => (o.firstChild?.textContent ?? '').trim());
      return names.length === want.length && want.every((n) => names.includes(n));
    },
    [expected] as const,
  );
  return optionNames(dialog);
}

/** Focuses a control of the calendar (the one mouse-free starting point) and opens it with Enter. */
async function openWithKeyboard(control: Locator) {
  await control.focus();
  await control.page().keyboard.press('Enter');
}

/** Presses Tab until `label` has focus, checking at every step that focus never leaves the dialog (the trap). */
async function tabTo(page: Page, label: string) {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now.inDialog, `Tab ${i + 1} left the dialog for "${now.label}"`).toBe(true);
    if (now.label === label) return;
  }
  throw new Error(`Tab never reached "${label}"`);
}

for (const kind of ['paziente', 'terapista'] as const) {
  const t =
    kind === 'paziente'
      ? {
          addButton: 'Aggiungi utente',
          title: 'Aggiungi Paziente',
          box: 'Cerca paziente',
          search: 'a',
          results: ['Lucia Bianchi', 'Anna Neri', 'Mario Rossi'],
          pick: 'Anna Neri',
          already: 'Giorgio Verdi',
          manageTitle: 'Gestione Paziente',
          duplicate: MSG.patientDuplicate,
          confirm: MSG.confirmRemovePatient,
        }
      : {
          addButton: 'Aggiungi operatore',
          title: 'Aggiungi Terapista',
          box: 'Cerca terapista',
          search: 'e',
          results: ['paola.neri', 'stefano.villa'],
          pick: 'paola.neri',
          already: 'stefano.villa',
          manageTitle: 'Gestione Terapista',
          duplicate: MSG.therapistDuplicate,
          confirm: MSG.confirmRemoveTherapist,
        };

  describe(`${t.title} and ${t.manageTitle}, keyboard only`, () => {
    test(`adds a ${kind} with the arrows and Enter; Escape closes and focus goes back to ${t.addButton}`, async () => {
      const { context, page, errors } = await adminPage();
      const card = page.getByRole('group', { name: LOGOPEDIA, exact: true });
      await card.waitFor();
      const before = await peopleOf(card);
      expect(before).toContain(t.already);
      expect(before).not.toContain(t.pick);
      const ginnastica = page.getByRole('group', { name: GINNASTICA, exact: true });
      const ginnasticaBefore = await peopleOf(ginnastica);
      const addButton = card.getByRole('button', { name: t.addButton });

      // Escape closes the dialog and gives focus back.
      await openWithKeyboard(addButton);
      const dialog = modal(page, t.title);
      await dialog.waitFor();
      await waitForFocus(page, t.box);
      await page.keyboard.press('Escape');
      await modalClosed(page);
      await waitForFocus(page, `${t.addButton} a Logopedia individuale`, LOGOPEDIA);

      // Enter opens it again; the search box has focus.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await waitForFocus(page, t.box);
      expect(await dialog.getByText(`Logopedia individuale · 10:30–12:00`).count()).toBe(1);
      const names = await searchFor(page, dialog, t.search, t.results);

      // The first result is highlighted; ArrowUp stays at the top, ArrowDown moves one at a time, and not past the end.
      expect(await highlighted(page)).toEqual({ selected: [names[0]], active: names[0] });
      await page.keyboard.press('ArrowUp');
      expect(await highlighted(page)).toEqual({ selected: [names[0]], active: names[0] });
      for (let i = 1; i < names.length; i++) {
        await page.keyboard.press('ArrowDown');
        expect(await highlighted(page)).toEqual({ selected: [names[i]], active: names[i] });
      }
      await page.keyboard.press('ArrowDown');
      expect(await highlighted(page)).toEqual({ selected: [names.at(-1)], active: names.at(-1) });
      // Up to the one to add.
      for (let i = names.length - 1; i > names.indexOf(t.pick); i--) await page.keyboard.press('ArrowUp');
      expect(await highlighted(page)).toEqual({ selected: [t.pick], active: t.pick });

      await page.keyboard.press('Enter');
      await waitForToast(page, `${t.pick} inserito in Logopedia individuale`);
      await modalClosed(page);
      await card.getByRole('button', { name: t.pick }).waitFor();
      // Focus is back on the control that opened the dialog.
      await waitForFocus(page, `${t.addButton} a Logopedia individuale`, LOGOPEDIA);

      await page.reload();
      await card.getByRole('button', { name: t.pick }).waitFor();
      expect((await peopleOf(card)).sort()).toEqual([...before, t.pick].sort());
      // Added to this activity only.
      expect(await peopleOf(ginnastica)).toEqual(ginnasticaBefore);
      expectNoPageErrors(errors);
      await context.close();
    });

    test(`a ${kind} already in the activity is refused with its message, in one request`, async () => {
      const { context, page, errors } = await adminPage();
      const card = page.getByRole('group', { name: LOGOPEDIA, exact: true });
      const before = await peopleOf(card);
      expect(before).toContain(t.already);
      const addButton = card.getByRole('button', { name: t.addButton });
      await openWithKeyboard(addButton);
      const dialog = modal(page, t.title);
      await dialog.waitFor();
      await waitForFocus(page, t.box);
      await searchFor(page, dialog, t.already, [t.already]);
      await clearToasts(page);
      const writes: string[] = []; // the adding calls, not the day read that follows
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/^\/server\/calendario\/(insert|check)/.test(path)) writes.push(path);
      });
      await page.keyboard.press('Enter');
      const toasts = await waitForToast(page, t.duplicate);
      expect(toasts).not.toContain(`${t.already} inserito in Logopedia individuale`);
      // One request per click: the insert itself refuses the duplicate, with no check before it.
      expect(writes).toEqual([kind === 'paziente' ? '/server/calendario/insertpaziente' : '/server/calendario/insertterapista']);
      // The dialog stays open to choose someone else; Escape leaves it.
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await modalClosed(page);
      await waitForFocus(page, `${t.addButton} a Logopedia individuale`, LOGOPEDIA);
      await page.reload();
      await card.waitFor();
      expect(await peopleOf(card)).toEqual(before);
      expectNoPageErrors(errors);
      await context.close();
    });

    test(`removes a ${kind} through ${t.manageTitle}: Escape keeps it, Elimina asks first`, async () => {
      const { context, page, errors, dialogs } = await adminPage();
      const card = page.getByRole('group', { name: LOGOPEDIA, exact: true });
      const person = card.getByRole('button', { name: t.already });
      await openWithKeyboard(person);
      const dialog = modal(page, t.manageTitle);
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(t.already);
      await page.keyboard.press('Escape');
      await modalClosed(page);
      await waitForFocus(page, t.already, LOGOPEDIA);

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      // Annulla with the keyboard changes nothing.
      await tabTo(page, 'Annulla');
      await page.keyboard.press('Enter');
      await modalClosed(page);
      await waitForFocus(page, t.already, LOGOPEDIA);
      expect(dialogs.seen).toEqual([]);

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, 'Elimina');
      // The e2e.browser's confirmation: Annulla there keeps the person.
      dialogs.answer(false);
      await page.keyboard.press('Enter');
      expect(dialogs.seen).toEqual([{ type: 'confirm', message: t.confirm, accepted: false }]);
      await dialog.waitFor();
      expect(await peopleOf(card)).toContain(t.already);
      // OK removes.
      expect((await focused(page)).label).toBe('Elimina');
      await page.keyboard.press('Enter');
      await waitForToast(page, MSG.deleted);
      expect(dialogs.seen[1]).toEqual({ type: 'confirm', message: t.confirm, accepted: true });
      await modalClosed(page);
      await person.waitFor({ state: 'detached' });
      await page.reload();
      await card.waitFor();
      expect(await peopleOf(card)).not.toContain(t.already);
      expectNoPageErrors(errors);
      await context.close();
    });
  });
}

describe('Aggiungi Paziente waits for the answer to what is typed', () => {
  test('Enter before the search for the typed text has answered adds nobody; once it has, it adds the match', async () => {
    const { context, page, errors } = await adminPage();
    const card = page.getByRole('group', { name: LOGOPEDIA, exact: true });
    const before = await peopleOf(card);
    expect(before).not.toContain('Mario Rossi');
    await openWithKeyboard(card.getByRole('button', { name: 'Aggiungi utente' }));
    const dialog = modal(page, 'Aggiungi Paziente');
    await dialog.waitFor();
    await waitForFocus(page, 'Cerca paziente');
    // The list of the empty search, whose first is not Mario Rossi.
    await dialog.getByRole('option').first().waitFor();
    expect((await optionNames(dialog))[0]).not.toBe('Mario Rossi');

    // Hold the server's answer to "rossi" (the real answer, only later) until Enter has been pressed.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route('**/server/pazienti/find', async (route) => {
      if ((route.request().postDataJSON() as { value?: string }).value === 'rossi') {
        held = true;
        await gate;
      }
      await route.continue();
    });
    await clearToasts(page);
    await page.keyboard.type('rossi');
    await page.keyboard.press('Enter');
    // The list still shown is the old one, marked busy; Enter added no one from it.
    expect(await dialog.getByRole('listbox', { name: 'Risultati' }).getAttribute('aria-busy')).toBe('true');
    await dialog.waitFor();
    expect(await toastsSeen(page)).toEqual([]);

    release();
    await searchFor(page, dialog, '', ['Mario Rossi']);
    expect(held).toBe(true);
    await page.waitForFunction(() => document.querySelector('[role="listbox"]')?.getAttribute('aria-busy') === 'false');
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Mario Rossi inserito in Logopedia individuale');
    await modalClosed(page);
    await page.reload();
    await card.getByRole('button', { name: 'Mario Rossi' }).waitFor();
    expect((await peopleOf(card)).sort()).toEqual([...before, 'Mario Rossi'].sort());
    expectNoPageErrors(errors);
    await context.close();
  });
});
