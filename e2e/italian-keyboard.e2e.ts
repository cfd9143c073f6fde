/**
 * Italian and keyboard everywhere (docs/product.md, Aspetto): in a Chromium set to American English no screen shows an
 * English month or weekday name (the monthly register's month field is the app's own, not the browser's month input),
 * and the results of Aggiungi Paziente are reached, scrolled and chosen with the keyboard alone, with no serious or
 * critical axe violation while a long list of them is shown.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { patients } from '../server/db/schema.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { MON } from './dates.ts';
import { E2E_ADMIN, seedE2eCentre } from './fixtures.ts';
import { newPage, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { activity, expectNoPageErrors, modal, modalClosed, peopleOf, signIn } from './helpers.ts';

/** More utenti than the search dialog's list shows at once: 20 named Carla, "Carla Prova 01" to "Carla Prova 20". */
const CARLAS = Array.from({ length: 20 }, (_, i) => ({
  firstName: 'Carla',
  lastName: `Prova ${String(i + 1).padStart(2, '0')}`,
  mobile: '',
}));

const e2e = serverAndBrowser(async (db) => {
  const centre = await seedE2eCentre(db);
  await db.insert(patients).values(CARLAS);
  return centre;
});

const ENGLISH =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Jan|Feb|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/g;

/** Every word the screen shows or reads out: its text, its fields' values and choices, titles and accessible names. */
async function wordsOf(page: Page): Promise<{ text: string; nativeDateInputs: number }> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('input, textarea'))
      parts.push((el as HTMLInputElement).value, (el as HTMLInputElement).placeholder);
    for (const el of document.querySelectorAll('select')) parts.push(...[...(el as HTMLSelectElement).options].map((o) => o.text));
    for (const el of document.querySelectorAll('[aria-label], [title]'))
      parts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? '');
    const nativeDateInputs = document.querySelectorAll(
      'input[type="month"], input[type="date"], input[type="week"], input[type="datetime-local"]',
    ).length;
    return { text: parts.join('\n'), nativeDateInputs };
  });
}

/** The screen is drawn: its heading is there and nothing is loading any more. */
async function settled(page: Page) {
  await page.locator('h1, h2').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.spinner-border, .placeholder-glow'));
}

/** A page of a Chromium set to American English (Debian's Chromium as it starts), signed in as the administrator. */
async function englishPage() {
  const opened = await newPage(e2e.browser, VIEWPORTS.laptop, 'en-US');
  await signIn(opened.page, e2e.server.url, E2E_ADMIN, MON);
  return opened;
}

describe('in a browser set to American English', () => {
  test('the monthly register and the other screens show no English month or weekday name', async () => {
    const { context, page, errors } = await englishPage();
    const { centre } = e2e.server;
    const screens: [string, (page: Page) => Promise<void>][] = [
      ['/presenze?scheda=registro&mese=2026-11', async () => {}],
      [
        `/calendario?data=${MON}`,
        async (p) => {
          await p.getByRole('button', { name: 'Data: scegli dal calendario' }).click();
          await p.getByRole('dialog', { name: 'Calendario (Data)' }).waitFor();
        },
      ],
      ['/presenze?scheda=appello', async () => {}],
      ['/presenze?scheda=assenze', async () => {}],
      ['/presenze?scheda=chiusure', async () => {}],
      [`/stampasettimana?data=${MON}`, (p) => p.locator('table.week-table').waitFor()],
      [`/agenda?tipo=terapista&id=${centre.therapists.paola.id}&data=${MON}&vista=settimana`, async () => {}],
      ['/registro?scheda=modifiche', async () => {}],
      ['/modelli', async () => {}],
      [`/anagrafiche?scheda=uscite&data=${MON}`, async () => {}],
    ];
    for (const [path, prepare] of screens) {
      await page.goto(`${e2e.server.url}${path}`);
      await settled(page);
      await prepare(page);
      const { text, nativeDateInputs } = await wordsOf(page);
      expect(
        [...text.matchAll(ENGLISH)].map((m) => m[0]),
        path,
      ).toEqual([]);
      expect(nativeDateInputs, path).toBe(0);
    }

    // The register's month: chosen by its Italian name and a typed year, with the keyboard alone.
    await page.goto(`${e2e.server.url}/presenze?scheda=registro&mese=2026-11`);
    await page.getByRole('heading', { name: 'Registro di novembre 2026' }).waitFor();
    const month = page.getByRole('combobox', { name: 'Mese', exact: true });
    expect(await month.locator('option:checked').textContent()).toBe('novembre');
    await month.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('heading', { name: 'Registro di dicembre 2026' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2025');
    await page.getByRole('heading', { name: 'Registro di dicembre 2025' }).waitFor();
    expect(new URL(page.url()).searchParams.get('mese')).toBe('2025-12');
    expectNoPageErrors(errors);
    await context.close();
  });
});

describe('the search results of Aggiungi Paziente', () => {
  test('a long list has no serious axe violation, and is reached, scrolled and chosen by keyboard', async () => {
    const { context, page, errors } = await englishPage();
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.getByRole('button', { name: 'Aggiungi utente' }).click();
    const dialog = modal(page, 'Aggiungi Paziente');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    await page.keyboard.type('Carla');
    const list = dialog.locator('[role="listbox"][aria-busy="false"]');
    await list.getByRole('option').nth(19).waitFor();
    // The list is longer than its box: what axe's scrollable-region-focusable is about.
    expect(await dialog.locator('.search-results').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // Tab reaches the list; End and Home scroll it to the last and the first person; the arrows and Enter choose.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox');
    await page.keyboard.press('End');
    await page.waitForFunction(() => (document.querySelector('[role="listbox"]')?.scrollTop ?? 0) > 0);
    const lastId = await list.getAttribute('aria-activedescendant');
    expect(await list.getByRole('option').last().getAttribute('id')).toBe(lastId);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('[role="listbox"]')?.scrollTop === 0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = (await list.getByRole('option').nth(2).getAttribute('aria-selected')) === 'true';
    expect(chosen).toBe(true);
    const name = (await list.getByRole('option').nth(2).innerText()).split('\n')[0].trim();
    await page.keyboard.press('Enter');
    await modalClosed(page);
    await page.waitForFunction(
      (who) => [...document.querySelectorAll('.people-list li')].some((li) => li.textContent?.includes(who)),
      name,
    );
    expect((await peopleOf(ginnastica)).some((person) => person.includes(name))).toBe(true);
    expectNoPageErrors(errors);
    await context.close();
  });
});
