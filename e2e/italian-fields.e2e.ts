/**
 * Italian in every field (docs/product.md, Aspetto): in a browser set to American English the activity, run and
 * register dialogs show no AM/PM nor an English month or weekday; the app's own time field (24-hour, typed or chosen
 * every 5 minutes, keyboard only); a new activity starts at its cell for an hour, a new start keeps the duration, 24:00
 * edits as 24:00; Incolla da precedente keeps the copied activity's length; the copied day outlives a reload and is
 * seen by the other tabs of the same account.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { A11Y_MSG } from '../common/messages.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { FRI, MON } from './dates.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { newPage, serverAndBrowser, VIEWPORTS } from './harness.ts';
import {
  activity,
  createActivityOnServer,
  clearToasts,
  dayLoaded,
  expectNoPageErrors,
  modal,
  modalClosed,
  openDay,
  recordToasts,
  signIn,
  waitForToast,
} from './helpers.ts';

const e2e = serverAndBrowser();

/** What a browser in English would write in a native time, date or month field (case-sensitive: "mar", "nov" are Italian). */
const ENGLISH =
  /\b(AM|PM|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Jun|Jul|Aug|Sep|Oct|Dec)\b/;

/** A signed-in administrator's page in Debian's Chromium as it starts: American English. */
async function englishAdminPage(day: string) {
  const opened = await newPage(e2e.browser, VIEWPORTS.laptop, 'en-US');
  await recordToasts(opened.page);
  await signIn(opened.page, e2e.server.url, E2E_ADMIN, day);
  return opened;
}

/** The dialog's text and its fields' values hold nothing English, and no native time, date or month input. */
async function expectItalianOnly(dialog: Locator) {
  const text = await dialog.innerText();
  const values = await dialog.locator('input, select').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  expect(`${text}\n${values.join('\n')}`).not.toMatch(ENGLISH);
  expect(await dialog.locator('input[type="time"], input[type="date"], input[type="month"], input[type="datetime-local"]').count()).toBe(0);
}

async function expectNoSeriousViolations(page: Page, where: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

const value = (field: Locator) => field.inputValue();

/**
 * The fields come to show `expected`: a field follows another (the end after the start) once React has rendered the
 * keystroke's update, which a single read right after the keystroke could miss.
 */
const expectValues = (fields: Locator[], expected: string[]) =>
  expect.poll(() => Promise.all(fields.map(value)), { timeout: 10_000 }).toEqual(expected);

describe('Italian in every field, in an en-US browser', () => {
  test('Crea Attività: from a 10:30 cell for an hour, a new start keeps the duration, keyboard only, Italian messages', async () => {
    const { context, page, errors } = await englishAdminPage(MON);
    // Palestra is free from 10:30 to 12:00 on Monday: the new activity takes an hour of it.
    await page.getByRole('button', { name: 'Nuova attività in Palestra dalle 10:30 alle 12:00' }).click();
    const form = modal(page, 'Crea Attività');
    await form.waitFor();
    const start = form.getByRole('combobox', { name: 'Ora inizio' });
    const end = form.getByRole('combobox', { name: 'Ora fine' });
    await expectValues([start, end], ['10:30', '11:30']);
    await expectItalianOnly(form);

    // Typed: a start of 10:00 moves the end and keeps the hour; 930 is 09:30.
    await start.fill('10:00');
    await expectValues([start, end], ['10:00', '11:00']);
    await end.fill('11:30');
    await expectValues([end], ['11:30']);
    await start.fill('930');
    await expectValues([end], ['11:00']);
    await start.press('Tab');
    await expectValues([start, end], ['09:30', '11:00']);

    // Chosen with the keyboard alone: ↓ opens the list on the time shown, ↓ moves 5 minutes, Invio chooses, Esc
    // closes the list and leaves the dialog open.
    await start.focus();
    await page.keyboard.press('ArrowDown');
    const list = form.getByRole('listbox', { name: 'Orari ogni 5 minuti' });
    await list.waitFor();
    expect(await start.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => list.getByRole('option', { selected: true }).innerText(), { timeout: 10_000 }).toBe('09:30');
    await expectNoSeriousViolations(page, 'Crea Attività con l’elenco degli orari aperto');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    await expect.poll(() => list.getByRole('option', { selected: true }).innerText(), { timeout: 10_000 }).toBe('11:00');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'hidden' });
    await expectValues([start, end], ['11:00', '12:30']);
    await page.keyboard.press('ArrowDown');
    await list.waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await form.isVisible()).toBe(true);
    await expectValues([start], ['11:00']);

    // Not a time: said in Italian under the field and read with it.
    await start.fill('25:00');
    await start.press('Tab');
    await form.getByText(A11Y_MSG.timeInvalid).waitFor();
    expect(await start.getAttribute('aria-invalid')).toBe('true');
    expect(await start.getAttribute('aria-describedby')).toContain('activity-start-error');
    await start.fill('24:00');
    await start.press('Tab');
    await form.getByText(A11Y_MSG.timeEndOfDayOnlyAsEnd).waitFor();
    await expectNoSeriousViolations(page, 'Crea Attività con un orario non valido');
    await expectItalianOnly(form);

    await start.fill('10:30');
    await end.fill('11:30');
    await expectValues([start, end], ['10:30', '11:30']);
    await form.getByLabel('Nome attività').fill('Atelier creativo');
    await form.getByRole('button', { name: 'Crea' }).click();
    await waitForToast(page, 'Attività creata: Atelier creativo, Palestra 10:30–11:30');
    await activity(page, 'Atelier creativo', 'Palestra', '10:30', '11:30').waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('an activity until 24:00 edits as 24:00; the run dialog and the register dialogs speak Italian', async () => {
    const { context, page, errors } = await englishAdminPage(FRI);
    const created = await createActivityOnServer(page, {
      nome: 'Veglia di Natale',
      stanza: e2e.server.centre.rooms.palestra.id,
      data: FRI,
      orainizio: '22:30',
      orafine: '24:00',
    });
    expect(created.status).toBe(200);
    await openDay(page, e2e.server.url, FRI);
    await activity(page, 'Veglia di Natale', 'Palestra', '22:30', '24:00')
      .getByRole('button', { name: 'Veglia di Natale', exact: true })
      .click();
    const edit = modal(page, 'Modifica Attività');
    await expectValues(
      [edit.getByRole('combobox', { name: 'Ora inizio' }), edit.getByRole('combobox', { name: 'Ora fine' })],
      ['22:30', '24:00'],
    );
    await expectItalianOnly(edit);
    await expectNoSeriousViolations(page, 'Modifica Attività');
    await edit.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);

    // Anagrafiche → Uscite → Nuova uscita: 24-hour times, typed.
    await page.getByRole('link', { name: 'Anagrafiche' }).click();
    await page.getByRole('tab', { name: 'Uscite' }).click();
    await page.getByRole('button', { name: 'Nuova uscita' }).click();
    const run = modal(page, 'Nuova uscita');
    await run.waitFor();
    await expectItalianOnly(run);
    await run.getByRole('combobox', { name: 'Partenza' }).fill('1415');
    await run.getByRole('combobox', { name: 'Partenza' }).press('Tab');
    await expectValues([run.getByRole('combobox', { name: 'Partenza' })], ['14:15']);
    await expectItalianOnly(run);
    await expectNoSeriousViolations(page, 'Nuova uscita');
    await run.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);

    // Presenze → Assenze → Nuova assenza, its calendar open; Registro mensile.
    await page.getByRole('link', { name: 'Presenze' }).click();
    await page.getByRole('tab', { name: 'Assenze' }).click();
    await page.getByRole('button', { name: 'Nuova assenza' }).click();
    const absence = modal(page, 'Nuova assenza');
    await absence.waitFor();
    await absence.getByRole('button', { name: 'Dal: scegli dal calendario' }).click();
    await absence.getByRole('dialog', { name: 'Calendario (Dal)' }).waitFor();
    await expectItalianOnly(absence);
    await page.keyboard.press('Escape');
    await absence.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);
    await page.getByRole('tab', { name: 'Registro mensile' }).click();
    await page.getByRole('tab', { name: 'Registro mensile', selected: true }).waitFor();
    await expectItalianOnly(page.locator('main'));
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Incolla da precedente keeps the 1½ hours of the copied activity, whatever the length of the empty cell', async () => {
    const { context, page, errors } = await englishAdminPage(FRI);
    const { palestra, logopedia } = e2e.server.centre.rooms;
    for (const [nome, stanza, orainizio, orafine] of [
      ['Laboratorio di cucina', palestra.id, '09:30', '11:00'],
      ['Logopedia lunga', logopedia.id, '09:00', '16:00'],
    ] as const) {
      const created = await createActivityOnServer(page, { nome, stanza, data: FRI, orainizio, orafine });
      expect(created.status).toBe(200);
    }
    await openDay(page, e2e.server.url, FRI);
    await clearToasts(page);
    await page
      .getByRole('group', { name: 'Palestra, 11:00–16:00', exact: true })
      .getByRole('button', { name: /^Incolla da precedente/ })
      .click();
    await waitForToast(page, 'Laboratorio di cucina copiata in Palestra, 11:00–12:30');
    await activity(page, 'Laboratorio di cucina', 'Palestra', '11:00', '12:30').waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the copied day survives a reload and is seen by another tab of the same account, which can cancel it', async () => {
    const { context, page, errors } = await englishAdminPage(MON);
    await page.getByRole('button', { name: 'Copia Giornata' }).click();
    await page.getByText('Copiata: lunedì 23-11').waitFor();
    await page.reload();
    await dayLoaded(page);
    await page.getByText('Copiata: lunedì 23-11').waitFor();

    // Another tab of the same browser: the same copy; its X takes it away from the first tab too.
    const other = await context.newPage();
    await openDay(other, e2e.server.url, FRI);
    await other.getByText('Copiata: lunedì 23-11').waitFor();
    await other.getByRole('button', { name: 'Annulla copia' }).click();
    await other.getByText('Copiata: lunedì 23-11').waitFor({ state: 'detached' });
    await page.getByText('Copiata: lunedì 23-11').waitFor({ state: 'detached' });

    // Copied again in the other tab: the first one offers Incolla giornata at once.
    await other.getByRole('button', { name: 'Copia Giornata' }).click();
    await page.getByText('Copiata: venerdì 27-11').waitFor();
    await page.getByRole('button', { name: 'Incolla giornata' }).waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });
});
