/**
 * The Italian date picker (docs/product.md, Aspetto): gg/mm/aaaa in a browser set to American English, a day typed or
 * chosen in a popover with Italian month and weekday names, Monday first and weekends marked; ‹ › and Oggi; the day in
 * the URL (?data=), so a reload or a link opens it and back/forward move between days.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { todayInRome } from '../common/dates.ts';
import { MON, WED } from './dates.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { newPage, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { dayLoaded, expectNoPageErrors, fillDate, headline, italianDate, signIn } from './helpers.ts';

const e2e = serverAndBrowser();

const dateField = (page: Page) => page.getByLabel('Data', { exact: true });
const shownDay = (page: Page) => new URL(page.url()).searchParams.get('data');

/** Waits for the calendar of `day`: its headline, its data and the field's text. */
async function onDay(page: Page, day: string) {
  await page.getByRole('heading', { level: 1, name: headline(day) }).waitFor();
  await dayLoaded(page);
  expect(await dateField(page).inputValue()).toBe(italianDate(day));
  expect(shownDay(page)).toBe(day);
}

describe('the Italian date picker', () => {
  test('in an en-US browser: gg/mm/aaaa, typed or chosen in Italian, the day in the URL, back and forward', async () => {
    // Debian's Chromium as it starts, in American English: the native picker would show mm/dd/yyyy here.
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.laptop, 'en-US');
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);

    await onDay(page, MON);
    expect(await dateField(page).inputValue()).toBe('23/11/2026');
    expect(await page.title()).toBe('Calendario · lunedì 23 novembre 2026 · Giornata');

    // Typed: the day changes as soon as the date is whole.
    await fillDate(dateField(page), WED);
    await onDay(page, WED);
    expect(await page.title()).toBe('Calendario · mercoledì 25 novembre 2026 · Giornata');

    // Not a day: said under the field and read with it; the calendar stays where it was.
    await dateField(page).fill('31/02/2026');
    await page.keyboard.press('Tab');
    const message = page.locator('#calendar-date-error');
    await message.waitFor();
    expect(await message.textContent()).toBe('Data non valida: scrivila come gg/mm/aaaa, per esempio 23/11/2026');
    expect(await dateField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await dateField(page).getAttribute('aria-describedby')).toContain('calendar-date-error');
    expect(shownDay(page)).toBe(WED);

    // Chosen in the popover: Italian month, Monday first, weekends marked; focus comes back to the field.
    await page.getByRole('button', { name: 'Data: scegli dal calendario' }).click();
    const popover = page.getByRole('dialog', { name: 'Calendario (Data)' });
    await popover.waitFor();
    expect(await popover.getByText('novembre 2026').count()).toBe(1);
    const weekdays = await popover.locator('.rdp-weekday').allTextContents();
    expect(weekdays).toHaveLength(7);
    expect(weekdays[0].toLowerCase()).toMatch(/^lu/);
    expect(weekdays[6].toLowerCase()).toMatch(/^do/);
    const saturday = popover.getByRole('button', { name: /sabato 28 novembre 2026/ });
    expect(await saturday.locator('xpath=..').getAttribute('class')).toContain('date-field-weekend');
    await popover.getByRole('button', { name: /venerdì 27 novembre 2026/ }).click();
    await onDay(page, '2026-11-27');
    expect(await popover.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('calendar-date');

    // The next day is a Saturday: shown, and marked as weekend.
    await page.getByRole('button', { name: 'Giorno successivo' }).click();
    await onDay(page, '2026-11-28');
    await page.getByText('Fine settimana', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Giorno precedente' }).click();
    await onDay(page, '2026-11-27');

    // Back and forward move between the days seen; a reload keeps the day.
    await page.goBack();
    await onDay(page, '2026-11-28');
    await page.goBack();
    await onDay(page, '2026-11-27');
    await page.goBack();
    await onDay(page, WED);
    await page.goForward();
    await onDay(page, '2026-11-27');
    await page.reload();
    await onDay(page, '2026-11-27');

    // Oggi: today, whatever it is.
    await page.getByRole('button', { name: 'Oggi', exact: true }).click();
    // Today in the browser's time zone (Europe/Rome), not the test process's: from 23:00 UTC they differ.
    await page.waitForFunction((today) => new URL(location.href).searchParams.get('data') === today, todayInRome());
    expect(await dateField(page).inputValue()).toBe(italianDate(todayInRome()));

    // A link with ?data= opens that day.
    await page.goto(`${e2e.server.url}/calendario?data=2027-01-04`);
    await onDay(page, '2027-01-04');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('disabled while an operation runs', async () => {
    const context = await e2e.browser.newContext({
      viewport: VIEWPORTS.phone,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
      reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, e2e.server.url, E2E_ADMIN, '2026-12-01');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/server/calendario/emptyday', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Svuota Giornata' }).click();
    await page.waitForFunction(() => (document.getElementById('calendar-date') as HTMLInputElement | null)?.disabled === true);
    for (const name of ['Data: scegli dal calendario', 'Giorno precedente', 'Giorno successivo', 'Oggi'])
      expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    release();
    await page.waitForFunction(() => (document.getElementById('calendar-date') as HTMLInputElement | null)?.disabled === false);
    await context.close();
  });
});
