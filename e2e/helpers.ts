/**
 * Shared steps of the end-to-end tests. playwright-core has no `expect`: the
 * helpers wait for what a user would see (locator.waitFor, waitForFunction)
 * and the tests assert with vitest's expect once it is there.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatDate, formatDayMonthYear, weekdayOf, WEEKDAYS_IT } from '../common/dates.ts';

export interface Account {
  username: string;
  password: string;
}

/** What a day's headline reads: "Lunedì 23-11-2026". */
export const headline = (day: string) => `${WEEKDAYS_IT[weekdayOf(day)]} ${formatDayMonthYear(day)}`;

/** Signs in through the login form and waits for the calendar of `day` (given in the URL, never today). */
export async function signIn(page: Page, baseUrl: string, account: Account, day?: string) {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The bar's name links to the calendar once signed in (on a phone Logout waits inside the closed menu).
  await page.getByRole('link', { name: 'Giornata', exact: true }).waitFor();
  await page.waitForURL(/\/calendario/);
  if (day) await openDay(page, baseUrl, day);
}

/** Opens the calendar on `day` through the URL and waits for its headline and its data. */
export async function openDay(page: Page, baseUrl: string, day: string) {
  await page.goto(`${baseUrl}/calendario?data=${day}`);
  await page.getByRole('heading', { level: 1, name: headline(day) }).waitFor();
  await dayLoaded(page);
}

/** The day's table (or its "no activity" note) is shown, not the loading spinner. */
export async function dayLoaded(page: Page) {
  await page.getByRole('status', { name: 'Caricamento della giornata' }).waitFor({ state: 'detached' });
  // The table, or below 576 px the list that replaces it.
  await page.locator('.day-table, .day-list').first().waitFor();
}

/** One activity of the calendar, by its accessible name "<Nome>, <Stanza>, HH:mm–HH:mm". */
export const activity = (page: Page, name: string, room: string, start: string, end: string): Locator =>
  page.getByRole('group', { name: `${name}, ${room}, ${start}–${end}`, exact: true });

/** The names listed in an activity (patients then therapists), as the page shows them. */
export async function peopleOf(card: Locator): Promise<string[]> {
  return card.locator('.people-list li').allInnerTexts();
}

/**
 * Every browser confirmation the page raises, with the answer the test chose.
 * `answers` is consumed in order; once empty, dialogs are accepted.
 */
export function recordDialogs(page: Page) {
  const seen: { type: string; message: string; accepted: boolean }[] = [];
  const answers: boolean[] = [];
  page.on('dialog', (dialog) => {
    const accept = answers.length > 0 ? answers.shift()! : true;
    seen.push({ type: dialog.type(), message: dialog.message(), accepted: accept });
    void (accept ? dialog.accept() : dialog.dismiss());
  });
  return {
    seen,
    /** The next confirmations will be answered so (true = OK, false = Annulla). */
    answer(...next: boolean[]) {
      answers.push(...next);
    },
  };
}

/**
 * Records the text of every toast (react-hot-toast, role=status) as it appears
 * or changes, so a progress text replaced a moment later by its success text
 * is still seen. Install before the page loads.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    const last = new WeakMap<Element, string>();
    const scan = () => {
      for (const el of document.querySelectorAll('[role="status"][aria-live]')) {
        const text = (el.textContent ?? '').trim();
        if (text && last.get(el) !== text) {
          last.set(el, text);
          w.__toasts.push(text);
        }
      }
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The toast texts seen so far on this page. */
export const toastsSeen = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

/** Waits until a toast with exactly this text has been shown (and returns every toast seen so far). */
export async function waitForToast(page: Page, text: string): Promise<string[]> {
  try {
    await page.waitForFunction((t) => (window as unknown as { __toasts: string[] }).__toasts.includes(t), text);
  } catch (error) {
    // Which toasts did come says more than the timeout alone (a refusal with another text, or none at all).
    throw new Error(`No toast "${text}"; seen: ${JSON.stringify(await toastsSeen(page))}`, { cause: error });
  }
  return toastsSeen(page);
}

/** Waits until a toast starting with this text has been shown (a toast that names what happened); returns its text. */
export async function waitForToastStartingWith(page: Page, start: string): Promise<string> {
  const handle = await page.waitForFunction(
    (s) => (window as unknown as { __toasts: string[] }).__toasts.find((t) => t.startsWith(s)),
    start,
  );
  return (await handle.jsonValue()) as string;
}

/** Clears the record of toasts, before the next action of a test. */
export const clearToasts = (page: Page) => page.evaluate(() => void ((window as unknown as { __toasts: string[] }).__toasts.length = 0));

/** The one open modal dialog, by its title. */
export const modal = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });

/**
 * In the open person search (Aggiungi Paziente or Aggiungi Terapista): types `query`, picks the result named `option`
 * and presses Aggiungi. Returns the dialog, which closes once the person is added.
 */
export async function addFromSearch(page: Page, who: 'paziente' | 'terapista', query: string, option: string | RegExp) {
  const dialog = modal(page, who === 'paziente' ? 'Aggiungi Paziente' : 'Aggiungi Terapista');
  await dialog.getByRole('combobox', { name: `Cerca ${who}` }).fill(query);
  // The list that answers the whole query (not a previous answer still shown, marked busy, which a new answer replaces).
  await dialog.locator('[role="listbox"][aria-busy="false"]').getByRole('option', { name: option }).click();
  await dialog.getByRole('button', { name: 'Aggiungi' }).click();
  return dialog;
}

/** Opens Crea Attività with the day's [+] Attività and fills it in; returns the dialog, Crea not pressed yet. */
export async function fillNewActivity(page: Page, name: string, room: string, start: string, end: string) {
  await page.getByRole('button', { name: '[+] Attività' }).click();
  const dialog = modal(page, 'Crea Attività');
  await dialog.getByLabel('Nome attività').fill(name);
  await dialog.getByLabel('Stanza').selectOption({ label: room });
  await dialog.getByLabel('Ora inizio').fill(start);
  await dialog.getByLabel('Ora fine').fill(end);
  return dialog;
}

/** Creates an activity through Crea Attività, as an administrator does, and waits for its toast and the dialog to close. */
export async function createActivity(page: Page, name: string, room: string, start: string, end: string) {
  const dialog = await fillNewActivity(page, name, room, start, end);
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await waitForToastStartingWith(page, `Attività creata: ${name}`);
  await modalClosed(page);
}

/** Waits until no modal is open any more. */
export async function modalClosed(page: Page) {
  await page.locator('.modal.show').waitFor({ state: 'detached' });
}

/** Label of the focused element (aria-label, else its <label>, else its text), and the name of the group holding it. */
export async function focused(page: Page): Promise<{ label: string; group: string | null; inDialog: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { label: '', group: null, inDialog: false };
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
    return {
      label: (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim(),
      group: el.closest('[role="group"]')?.getAttribute('aria-label') ?? null,
      inDialog: !!el.closest('[role="dialog"]'),
    };
  });
}

/** Waits until the focused element carries this label (inside the group of this name, when given). */
export async function waitForFocus(page: Page, label: string, group?: string) {
  await page.waitForFunction(
    ([l, g]) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return false;
      const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
      const name = (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim();
      return name === l && (g === null || el.closest('[role="group"]')?.getAttribute('aria-label') === g);
    },
    [label, group ?? null] as const,
  );
}

/** Calls the server from inside the page, as the web app would: its cookies and its X-XSRF-TOKEN. */
export async function callServer(
  page: Page,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([m, p, b]) => {
      // Over HTTPS the server names it __Host-XSRF-TOKEN, as the web app knows.
      const cookie = document.cookie.split('; ').find((c) => c.startsWith('__Host-XSRF-TOKEN=') || c.startsWith('XSRF-TOKEN='));
      const token = cookie ? decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)) : '';
      const response = await fetch(p, {
        method: m,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: JSON.stringify(b),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}

/** An activity in a room, created through the server as the web app's Crea Attività would. */
export const createActivityOnServer = (page: Page, a: { nome: string; stanza: number; data: string; orainizio: string; orafine: string }) =>
  callServer(page, 'PUT', '/server/calendario/createattivita', { ...a, giorno: weekdayOf(a.data), trasporto: -1 });

/** The table of the weekly print as text: the header row, then one row per room. */
export async function weekTable(page: Page): Promise<string[][]> {
  return page
    .locator('table.week-table')
    .evaluate((table) =>
      [...(table as HTMLTableElement).rows].map((row) =>
        [...row.cells].map((cell) =>
          cell.children.length > 0
            ? [...cell.children].map((c) => (c.textContent ?? '').trim()).join(', ')
            : (cell.textContent ?? '').trim(),
        ),
      ),
    );
}

/** A page that raised no uncaught error. */
export function expectNoPageErrors(errors: string[]) {
  expect(errors).toEqual([]);
}

/** "23/11/2026": a day as the Italian date fields show it and as a person types it. */
export const italianDate = formatDate;

/** Types a day into an Italian date field (gg/mm/aaaa), as a person would. */
export async function fillDate(field: Locator, day: string) {
  await field.fill(italianDate(day));
}

/** Every activity on the page by its accessible name, with the people it lists. */
export async function dayContents(page: Page): Promise<Record<string, string[]>> {
  return page
    .locator('.activity-card')
    .evaluateAll((cards) =>
      Object.fromEntries(
        cards.map((card) => [
          card.getAttribute('aria-label') ?? '',
          [...card.querySelectorAll('.people-list li, .people-inline')].map((li) => (li.textContent ?? '').trim()).filter(Boolean),
        ]),
      ),
    );
}

/** Changes the displayed day with the date picker, as staff do. */
export async function pickDay(page: Page, day: string) {
  await fillDate(page.getByLabel('Data', { exact: true }), day);
  await page.getByRole('heading', { level: 1, name: headline(day) }).waitFor();
  await page.waitForURL(`**/calendario?data=${day}`);
  await dayLoaded(page);
}
