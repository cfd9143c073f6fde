/**
 * Presenze (docs/product.md, Schermate → Presenze and Regole → Presenze): a therapist's sick day struck
 * through on the calendar, marked on the weekly print and taken out of the day with one action; the
 * roll call of today done with the keyboard; the month's register and its PDF and CSV; what a
 * consultazione account sees; the refusals of Nuova assenza. The roll call takes only today and past
 * days, so this file fixes today (fixToday: the server's and the browsers' clocks) on a Wednesday, and
 * plans that day and Wednesday of the next week. The tests
 * run in order on one server: the register reads the roll call made before it, the consultazione account
 * the marks and absences made before it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays, workWeek } from '../common/dates.ts';
import { PRESENZE_MSG } from '../common/presenze.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { E2E_ADMIN, E2E_VIEWER, seedPresenzeCentre } from './fixtures.ts';
import { adminPage, DOWNLOADS, fixToday, newPage, readmeScreenshot, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import {
  activity,
  clearToasts,
  expectNoPageErrors,
  fillDate,
  modal,
  modalClosed,
  openDay,
  signIn,
  toastsSeen,
  waitForToast,
  weekTable,
} from './helpers.ts';

/**
 * Today for the server and the browsers of this file (fixToday): a Wednesday
 * in the middle of a month, neither a holiday nor its last day, so every
 * assertion below runs whatever the real date.
 */
const TODAY = '2026-11-18';
fixToday(TODAY);
const MONTH = TODAY.slice(0, 7);
/** Wednesday of next week: never today, always a column of the weekly print. */
const SICK_DAY = workWeek(addDays(TODAY, 7))[2];
/** "ottobre 2026", as the register's heading names a month. */
const monthName = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const ddmmyyyy = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const e2e = serverAndBrowser((db) => seedPresenzeCentre(db, TODAY, SICK_DAY));

/** The three utenti of today's Laboratorio creativo, as the roll call and the register name them (Cognome Nome). */
const PATIENTS = ['Bianchi Lucia', 'Foà Niccolò', 'Rossi Mario'];

const presenze = (page: Page, query: string) => page.goto(`${e2e.server.url}/presenze?${query}`);

/** Opens a tab of Presenze by clicking it, as a user would. */
async function openTab(page: Page, title: string) {
  await page.getByRole('tab', { name: title }).click();
  await page.waitForFunction((t) => document.querySelector('.presenze-tabs .nav-link.active')?.textContent === t, title);
}

/** Chooses a person in Nuova assenza through the search dialog that takes its place; the form comes back. */
async function choosePerson(page: Page, kind: 'Utente' | 'Operatore', search: string, label: string) {
  const form = modal(page, 'Nuova assenza');
  await form.getByLabel(kind, { exact: true }).check();
  await form.getByRole('button', { name: kind === 'Utente' ? 'Scegli l’utente…' : 'Scegli l’operatore…' }).click();
  const dialog = modal(page, kind === 'Utente' ? 'Scegli l’utente' : 'Scegli l’operatore');
  await dialog.getByRole('combobox').fill(search);
  await dialog.locator('[role="listbox"][aria-busy="false"]').getByRole('option', { name: label }).waitFor();
  await dialog.getByRole('button', { name: 'Scegli', exact: true }).click();
  await form.locator('#absence-person', { hasText: label }).waitFor();
}

/** The register's rows as text: the header, one row per utente, the two rows of day totals. */
async function registerRows(page: Page): Promise<string[][]> {
  return page
    .locator('table.register-table')
    .evaluate((table) => [...(table as HTMLTableElement).rows].map((row) => [...row.cells].map((c) => (c.textContent ?? '').trim())));
}

/** The focused element's label and the name (legend) of the roll-call row holding it. */
const focusInRollCall = (page: Page) =>
  page.evaluate(() => {
    // A radio, a select or a checkbox: each has its <label>.
    const el = document.activeElement as HTMLInputElement | null;
    return {
      label: el?.labels?.[0]?.textContent?.trim() ?? '',
      row: el?.closest('fieldset')?.querySelector('legend')?.textContent ?? null,
    };
  });

const rollCallRow = (page: Page, name: string): Locator => page.getByRole('group', { name, exact: true });
const counts = (page: Page) => page.locator('.roll-call-counts');

describe('Presenze', () => {
  test('a sick day of a therapist: struck through on the calendar, counted as a conflict, marked on the weekly print, taken out of the day', async () => {
    const { context, page, errors } = await adminPage(e2e, SICK_DAY);
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    expect(await ginnastica.locator('.person-absent-name').count()).toBe(0);

    // Presenze → Assenze → Nuova assenza: paola.neri, malattia, the one day.
    await page.getByRole('link', { name: 'Presenze' }).click();
    await openTab(page, 'Assenze');
    await page.getByRole('button', { name: 'Nuova assenza' }).click();
    const form = modal(page, 'Nuova assenza');
    await choosePerson(page, 'Operatore', 'paola', 'paola.neri');
    await fillDate(form.getByLabel('Dal', { exact: true }), SICK_DAY);
    await fillDate(form.getByLabel('Al', { exact: true }), SICK_DAY);
    await form.getByLabel('Motivo', { exact: true }).selectOption('malattia');
    await form.getByRole('button', { name: 'Registra l’assenza' }).click();
    await waitForToast(page, PRESENZE_MSG.absenceSaved);
    await modalClosed(page);

    // The calendar of that day: her name struck through on the activity and on the run, the reason on hover and for screen readers.
    await openDay(page, e2e.server.url, SICK_DAY);
    const run = page.getByRole('group', { name: 'Andata Nord, Attività esterne, 08:00–09:00', exact: true });
    for (const card of [ginnastica, run]) {
      const name = card.locator('.person-absent-name');
      expect(await name.innerText()).toBe('paola.neri');
      expect(await name.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
      expect(await name.locator('xpath=..').textContent()).toBe('paola.neri, assente: malattia');
    }
    await ginnastica.locator('.person-absent-name').hover();
    expect(await page.getByRole('tooltip').innerText()).toBe('assente: malattia');

    // Aggiungi Terapista says she is absent that day (she could still be added, with a warning).
    await ginnastica.getByRole('button', { name: /^Aggiungi operatore a Ginnastica/ }).click();
    const search = modal(page, 'Aggiungi Terapista');
    await search.getByRole('combobox').fill('paola');
    const option = search.locator('[role="listbox"][aria-busy="false"]').getByRole('option', { name: /paola\.neri/ });
    await option.waitFor();
    expect(await option.innerText()).toContain('assente: malattia');
    await search.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);

    const banner = page.locator('.conflict-banner-text[role="status"]');
    await banner.getByText('1 conflitto').waitFor();
    expect(await banner.textContent()).toBe('⚠ 1 conflitto nella giornata: persone assenti ancora in attività o uscite.');
    await screenshot(page, 'presenze-assente-calendario-1366x768');

    // The weekly print: "(assente)" beside her, in that day's column only, on the room's row and on the runs' row.
    await page.getByRole('link', { name: 'Stampa PDF' }).click();
    await page.locator('table.week-table').waitFor();
    const week = await weekTable(page);
    const column = week[0].findIndex((h) => h.startsWith('Mercoledì'));
    expect(week[0][column]).toContain(`${SICK_DAY.slice(8)}-${SICK_DAY.slice(5, 7)}-${SICK_DAY.slice(0, 4)}`);
    const marked = week.slice(1).flatMap((row) => row.flatMap((cell, i) => (cell.includes('(assente)') ? [[row[0], i]] : [])));
    expect(marked).toEqual([
      ['Palestra', column],
      ['ATTIVITÀ ESTERNE', column],
    ]);
    expect(week.find((row) => row[0] === 'Palestra')![column]).toBe('paola.neri (assente)');

    // Back on the day: Mostra elenco → Togli dalle attività del giorno frees both places at once.
    await page.getByRole('link', { name: 'Indietro' }).click();
    await banner.getByText('1 conflitto').waitFor();
    await page.getByRole('button', { name: 'Mostra elenco' }).click();
    const list = page.getByRole('list', { name: 'Elenco dei conflitti' });
    expect(await list.locator('li').first().textContent()).toContain('paola.neri assente (malattia) ma in programma');
    await clearToasts(page);
    await list.getByRole('button', { name: 'Togli paola.neri dalle attività del giorno' }).click();
    await waitForToast(page, 'paola.neri: tolto da 2 attività e uscite del giorno');
    // Her places are free; the run is left with nobody aboard, which is now its own warning (issue 30: a run needs its autista).
    await expect.poll(() => banner.textContent()).not.toContain('assenti');
    expect(await banner.textContent()).toContain('1 conflitto');
    expect(await ginnastica.locator('.people-list li').allInnerTexts()).toEqual(['Mario Rossi']);
    expect(await run.locator('.run-staff').innerText()).toContain('nessuno');
    expect(await page.locator('.person-absent-name').count()).toBe(0);

    // A reload reads the same from the server.
    await page.reload();
    await ginnastica.waitFor();
    expect(await ginnastica.locator('.people-list li').allInnerTexts()).toEqual(['Mario Rossi']);
    await banner.getByText('1 conflitto').waitFor();
    expect(await banner.textContent()).not.toContain('assenti');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Nuova assenza refuses bad dates, a long note and an overlapping absence, in Italian, saving nothing', async () => {
    const { context, page, errors } = await adminPage(e2e, TODAY);
    const from = addDays(SICK_DAY, 14);
    await presenze(page, `scheda=assenze&dal=${from}&al=${addDays(from, 30)}`);
    await page.getByText('Nessuna assenza in questo periodo.').waitFor();

    await page.getByRole('button', { name: 'Nuova assenza' }).click();
    const form = modal(page, 'Nuova assenza');
    await choosePerson(page, 'Operatore', 'stefano', 'stefano.villa');
    await fillDate(form.getByLabel('Dal', { exact: true }), addDays(from, 3));
    await fillDate(form.getByLabel('Al', { exact: true }), from);
    await form.getByLabel('Note').fill('x'.repeat(201));
    await form.getByRole('button', { name: 'Registra l’assenza' }).click();
    expect(await form.locator('#absence-to-error').innerText()).toBe(PRESENZE_MSG.rangeInvalid);
    expect(await form.locator('#absence-note-error').innerText()).toBe(PRESENZE_MSG.noteInvalid);
    expect(await form.getByLabel('Al', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Note').getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);
    expect(await page.getByText('Nessuna assenza in questo periodo.').isVisible()).toBe(true);

    // A good one, then another over two of its days: the server's 409, in the form.
    await page.getByRole('button', { name: 'Nuova assenza' }).click();
    await choosePerson(page, 'Operatore', 'stefano', 'stefano.villa');
    await fillDate(form.getByLabel('Dal', { exact: true }), from);
    await fillDate(form.getByLabel('Al', { exact: true }), addDays(from, 4));
    await form.getByLabel('Motivo', { exact: true }).selectOption('ferie');
    await form.getByRole('button', { name: 'Registra l’assenza' }).click();
    await waitForToast(page, PRESENZE_MSG.absenceSaved);
    await modalClosed(page);
    const table = page.getByRole('table', { name: /^Assenze dal/ });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);

    await page.getByRole('button', { name: 'Nuova assenza' }).click();
    await choosePerson(page, 'Operatore', 'stefano', 'stefano.villa');
    await fillDate(form.getByLabel('Dal', { exact: true }), addDays(from, 3));
    await fillDate(form.getByLabel('Al', { exact: true }), addDays(from, 8));
    await form.getByRole('button', { name: 'Registra l’assenza' }).click();
    expect(await form.getByRole('alert').innerText()).toBe(PRESENZE_MSG.overlap);
    await form.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);
    await page.reload();
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().innerText()).toContain('ferie');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Modifica opens the absence prefilled; an edit is saved, refused like a new one when it overlaps or its dates are wrong', async () => {
    const { context, page, errors } = await adminPage(e2e, TODAY);
    // stefano.villa's ferie recorded by the test above, 5 days from two weeks after the sick day.
    const from = addDays(SICK_DAY, 14);
    await presenze(page, `scheda=assenze&dal=${from}&al=${addDays(from, 30)}`);
    const table = page.getByRole('table', { name: /^Assenze dal/ });
    await table.waitFor();
    const row = table.locator('tbody tr').first();
    expect(await row.innerText()).toContain('ferie');

    await row.getByRole('button', { name: /^Modifica l’assenza di stefano\.villa/ }).click();
    const form = modal(page, 'Modifica assenza');
    await form.waitFor();
    expect(await form.locator('#absence-person').innerText()).toBe('stefano.villa');
    expect(await form.getByLabel('Motivo', { exact: true }).inputValue()).toBe('ferie');
    expect(await form.getByLabel('Giustificata').isChecked()).toBe(true);
    expect(describeViolations(await seriousViolations(page))).toBe('');

    // Wrong dates: refused in the form, in Italian, as in Nuova assenza.
    await fillDate(form.getByLabel('Al', { exact: true }), addDays(from, -3));
    await form.getByRole('button', { name: 'Salva le modifiche' }).click();
    expect(await form.locator('#absence-to-error').innerText()).toBe(PRESENZE_MSG.rangeInvalid);

    // The real change: two days only, malattia, not justified, a note.
    await fillDate(form.getByLabel('Al', { exact: true }), addDays(from, 1));
    await form.getByLabel('Motivo', { exact: true }).selectOption('malattia');
    await form.getByLabel('Giustificata').uncheck();
    await form.getByLabel('Note').fill('certificato in arrivo');
    await form.getByRole('button', { name: 'Salva le modifiche' }).click();
    await waitForToast(page, PRESENZE_MSG.absenceUpdated);
    await modalClosed(page);
    const edited = async () => (await row.innerText()).split('\t').map((c) => c.trim());
    await row.getByText('certificato in arrivo').waitFor();
    expect(await edited()).toEqual(
      expect.arrayContaining([ddmmyyyy(from), ddmmyyyy(addDays(from, 1)), 'malattia', 'no', 'certificato in arrivo']),
    );

    // Another absence of his just after, then an edit over it: the server's 409, in the form, nothing changed.
    await page.getByRole('button', { name: 'Nuova assenza' }).click();
    const create = modal(page, 'Nuova assenza');
    await choosePerson(page, 'Operatore', 'stefano', 'stefano.villa');
    await fillDate(create.getByLabel('Dal', { exact: true }), addDays(from, 5));
    await fillDate(create.getByLabel('Al', { exact: true }), addDays(from, 5));
    await create.getByRole('button', { name: 'Registra l’assenza' }).click();
    await waitForToast(page, PRESENZE_MSG.absenceSaved);
    await modalClosed(page);
    await row.getByRole('button', { name: /^Modifica l’assenza di stefano\.villa/ }).click();
    await fillDate(form.getByLabel('Al', { exact: true }), addDays(from, 6));
    await form.getByRole('button', { name: 'Salva le modifiche' }).click();
    expect(await form.getByRole('alert').innerText()).toBe(PRESENZE_MSG.overlap);
    await form.getByRole('button', { name: 'Annulla' }).click();
    await modalClosed(page);
    await page.reload();
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await edited()).toEqual(expect.arrayContaining([ddmmyyyy(addDays(from, 1)), 'malattia', 'certificato in arrivo']));
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the roll call of today, with the keyboard only: Tab to each utente, arrows and Space to choose, Assente asks the reason, Tutti presenti for the rest, kept after a reload', async () => {
    const { context, page, errors } = await adminPage(e2e, TODAY);
    await page.getByRole('link', { name: 'Presenze' }).click();
    await page.getByRole('list', { name: `Utenti attesi il ${ddmmyyyy(TODAY)}` }).waitFor();
    expect(await page.locator('.roll-call-name').allInnerTexts()).toEqual(PATIENTS);
    expect(await counts(page).innerText()).toBe('Presenti 0 · Assenti 0 · Da segnare 3');

    // From Oggi, the last control of the toolbar, Tab reaches Tutti presenti, then the first utente's choices.
    await page.getByRole('button', { name: 'Oggi' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Tutti presenti (3)');
    await page.keyboard.press('Tab');
    expect(await focusInRollCall(page)).toEqual({ label: 'Presente', row: 'Bianchi Lucia' });
    await page.keyboard.press('Space');
    await waitForToast(page, PRESENZE_MSG.markSaved);
    await counts(page).getByText('Presenti 1 · Assenti 0 · Da segnare 2').waitFor();

    // Next utente: Assente, by the arrow key, asks the reason and saves nothing until it is chosen (no default).
    await page.keyboard.press('Tab');
    expect(await focusInRollCall(page)).toEqual({ label: 'Presente', row: 'Foà Niccolò' });
    const marks: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/server/presenze/appello')) marks.push(new URL(r.url()).pathname);
    });
    await page.keyboard.press('ArrowRight');
    expect(await focusInRollCall(page)).toEqual({ label: 'Assente', row: 'Foà Niccolò' });
    const foa = rollCallRow(page, 'Foà Niccolò');
    await foa.getByText(PRESENZE_MSG.reasonToChoose).waitFor();
    expect(await foa.getByLabel('Motivo').inputValue()).toBe('');
    expect(describeViolations(await seriousViolations(page))).toBe('');
    expect(marks).toEqual([]);
    expect(await counts(page).innerText()).toBe('Presenti 1 · Assenti 0 · Da segnare 2');
    // The reason, ferie, with the arrow keys on the select: saved as soon as there is one.
    await page.keyboard.press('Tab');
    expect(await focusInRollCall(page)).toEqual({ label: 'Motivo', row: 'Foà Niccolò' });
    await page.keyboard.press('ArrowDown');
    await counts(page).getByText('Presenti 1 · Assenti 1 · Da segnare 1').waitFor();
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/server/presenze/appello')), page.keyboard.press('ArrowDown')]);
    expect(await foa.getByLabel('Motivo').inputValue()).toBe('ferie');
    expect(marks).toEqual(['/server/presenze/appello', '/server/presenze/appello']);

    // Past giustificata, the last utente; "Tutti presenti" marks her, only her, in one request and one toast.
    await page.keyboard.press('Tab');
    expect(await focusInRollCall(page)).toEqual({ label: 'giustificata', row: 'Foà Niccolò' });
    await page.keyboard.press('Tab');
    expect(await focusInRollCall(page)).toEqual({ label: 'Presente', row: 'Rossi Mario' });
    await clearToasts(page);
    marks.length = 0;
    await page.getByRole('button', { name: 'Tutti presenti (1)' }).click();
    await waitForToast(page, '1 utente segnato presente · 2 erano già segnati');
    await counts(page).getByText('Presenti 2 · Assenti 1 · Da segnare 0').waitFor();
    expect(marks).toEqual(['/server/presenze/appello/tutti']);
    expect(await toastsSeen(page)).toEqual(['1 utente segnato presente · 2 erano già segnati']);
    expect(await foa.getByLabel('Assente', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Tutti presenti', exact: true }).isDisabled()).toBe(true);

    // After a reload: the same marks, each with who made it.
    await page.reload();
    await counts(page).getByText('Presenti 2 · Assenti 1 · Da segnare 0').waitFor();
    for (const [name, state] of [
      ['Bianchi Lucia', 'Presente'],
      ['Foà Niccolò', 'Assente'],
      ['Rossi Mario', 'Presente'],
    ] as const) {
      const row = rollCallRow(page, name);
      expect(await row.getByLabel(state, { exact: true }).isChecked(), name).toBe(true);
      expect(await row.innerText(), name).toMatch(/già segnato da direttrice alle \d\d:\d\d/);
    }
    expect(await rollCallRow(page, 'Foà Niccolò').getByLabel('Motivo').inputValue()).toBe('ferie');
    expect(await rollCallRow(page, 'Foà Niccolò').getByLabel('giustificata').isChecked()).toBe(true);

    // On a phone: the same list, for the screenshot.
    const phone = await newPage(e2e.browser, VIEWPORTS.phone);
    await signIn(phone.page, e2e.server.url, E2E_ADMIN);
    await phone.page.goto(`${e2e.server.url}/presenze?scheda=appello&data=${TODAY}`);
    await counts(phone.page).getByText('Presenti 2 · Assenti 1 · Da segnare 0').waitFor();
    await screenshot(phone.page, 'presenze-appello-390x844');
    // The page itself does not scroll sideways (the tabs' strip scrolls inside its own box).
    const overflowing = await phone.page.evaluate(() =>
      [...document.querySelectorAll('header *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth)
        .map((el) => el.textContent),
    );
    expect(overflowing, 'the bar at the top is wider than the phone').toEqual([]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expectNoPageErrors(phone.errors);
    await phone.context.close();
    expectNoPageErrors(errors);
    await context.close();
  });

  test("the month's register shows the roll call with its totals, and exports an A4 landscape PDF and a CSV for Italian Excel", async () => {
    const { context, page, errors } = await adminPage(e2e, TODAY);
    await page.getByRole('link', { name: 'Presenze' }).click();
    await openTab(page, 'Registro mensile');
    await page.locator('table.register-table').waitFor();
    const rows = await registerRows(page);
    const header = rows[0];
    // Column 0 holds the names, column n the n-th day of the month ("23" over "L").
    const dayColumn = Number(TODAY.slice(8));
    expect(header[dayColumn]).toMatch(new RegExp(`^${dayColumn}[LMGVSD]$`));
    const totalsFrom = header.indexOf('Pres.');
    expect(header.slice(totalsFrom)).toEqual(['Pres.', 'Ass.', 'Giust.', 'Non g.', 'Am', 'Af', 'Ap', 'Ar', 'Aa']);
    // On screen the short headers carry their full names.
    const titles = await page
      .locator('table.register-table thead th.total-col')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('title')));
    expect(titles).toEqual([
      'Presenti',
      'Assenti',
      'Giustificate',
      'Non giustificate',
      'Malattia',
      'Ferie',
      'Permesso',
      'Ricovero',
      'Altro',
    ]);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    // Presenti, Assenti, Giustificate, Non giustificate, then by reason: malattia, ferie, permesso, ricovero, altro.
    const expected: Record<string, [string, string[]]> = {
      'Bianchi Lucia': ['P', ['1', '0', '0', '0', '0', '0', '0', '0', '0']],
      'Foà Niccolò': ['Af', ['0', '1', '1', '0', '0', '1', '0', '0', '0']],
      'Rossi Mario': ['P', ['1', '0', '0', '0', '0', '0', '0', '0', '0']],
    };
    const names = rows.slice(1, -2).map((r) => r[0]);
    expect(names.filter((n) => PATIENTS.includes(n))).toEqual(PATIENTS);
    for (const [name, [cell, totals]] of Object.entries(expected)) {
      const row = byName.get(name)!;
      expect(row[dayColumn], name).toBe(cell);
      expect(row.slice(totalsFrom), name).toEqual(totals);
      // Nothing else marked in the month.
      expect(row.slice(1, totalsFrom).filter(Boolean), name).toEqual([cell]);
    }
    // Today's column counts them: two present, one absent (the other utenti were marked on earlier days only).
    expect(rows.find((r) => r[0] === 'Presenti del giorno')![dayColumn]).toBe('2');
    expect(rows.find((r) => r[0] === 'Assenti del giorno')![dayColumn]).toBe('1');
    // The days still to come have no counts yet, rather than a zero that reads as "nobody came".
    expect(rows.find((r) => r[0] === 'Presenti del giorno')![dayColumn + 1]).toBe('');
    await screenshot(page, 'presenze-registro-1366x768');
    await readmeScreenshot(page, 'presenze');

    fs.mkdirSync(DOWNLOADS, { recursive: true });
    const save = async (button: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
      const file = path.join(DOWNLOADS, download.suggestedFilename());
      await download.saveAs(file);
      return { name: download.suggestedFilename(), file };
    };

    // PDF: A4 landscape, real text with the names and their totals on the signature page.
    const pdf = await save('Esporta PDF');
    expect(pdf.name).toBe(`presenze_${MONTH}.pdf`);
    const info = execFileSync('pdfinfo', [pdf.file], { encoding: 'utf8' });
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
    expect(size, info).not.toBeNull();
    expect([Math.round(Number(size![1])), Math.round(Number(size![2]))]).toEqual([842, 595]);
    const text = execFileSync('pdftotext', ['-layout', pdf.file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Registro presenze');
    for (const [name, [, totals]] of Object.entries(expected)) {
      const pattern = new RegExp(`${name}\\s+${totals.join('\\s+')}\\s+Firma`);
      expect(text, `${name} in\n${text}`).toMatch(pattern);
    }

    // CSV: BOM, ';', the same number of fields on every line, dd/mm/yyyy in the header, the accents as they are.
    const csv = await save('Esporta CSV');
    expect(csv.name).toBe(`presenze_${MONTH}.csv`);
    const bytes = fs.readFileSync(csv.file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    const cells = lines.map((line) => line.split(';'));
    expect(cells.map((c) => `${c[0]} ${c[1]}`)).toEqual(['Cognome Nome', ...names]);
    expect(new Set(cells.map((c) => c.length)).size).toBe(1);
    const days = cells[0].filter((h) => /^\d\d\/\d\d\/\d{4}$/.test(h));
    expect(days[0]).toBe(`01/${MONTH.slice(5)}/${MONTH.slice(0, 4)}`);
    expect(days).toContain(ddmmyyyy(TODAY));
    expect(cells[0].slice(0, 2)).toEqual(['Cognome', 'Nome']);
    const niccolo = cells.find((c) => c[0] === 'Foà')!;
    expect(niccolo[1]).toBe('Niccolò');
    expect(niccolo[cells[0].indexOf(ddmmyyyy(TODAY))]).toBe('Af');
    expect(niccolo.slice(cells[0].indexOf('Presenti'))).toEqual(expected['Foà Niccolò'][1]);

    // Administrators close a month once it is over (the month before): the button is there.
    await page.getByRole('button', { name: 'Mese precedente' }).click();
    await page.getByRole('button', { name: 'Chiudi il mese' }).waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a consultazione account reads the register and the roll call of today, without marking it, Nuova assenza or Chiudi il mese', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER);
    await page.getByRole('link', { name: 'Presenze' }).click();
    await counts(page).getByText('Presenti 2 · Assenti 1 · Da segnare 0').waitFor();
    expect(await page.locator('.roll-call-name').allInnerTexts()).toEqual(PATIENTS);
    // The roll call is the staff's: an account linked to no operatore reads it, its choices closed, and is told why.
    await page.getByText(PRESENZE_MSG.staffOnly).waitFor();
    expect(await rollCallRow(page, 'Rossi Mario').getByLabel('Presente', { exact: true }).isDisabled()).toBe(true);

    await openTab(page, 'Registro mensile');
    await page.locator('table.register-table').waitFor();
    expect((await registerRows(page)).map((r) => r[0]).filter((n) => PATIENTS.includes(n))).toEqual(PATIENTS);
    await page.getByRole('button', { name: 'Esporta CSV' }).waitFor();
    await page.getByRole('button', { name: 'Mese precedente' }).click();
    await page.getByRole('heading', { name: `Registro di ${monthName(addDays(`${MONTH}-01`, -1))}` }).waitFor();
    await page.locator('[aria-live="polite"]', { hasText: 'Mese aperto' }).waitFor();
    expect(await page.getByRole('button', { name: 'Chiudi il mese' }).count()).toBe(0);

    // The absences of the next two months (paola.neri's and stefano.villa's two): listed, with no button to change them.
    await presenze(page, `scheda=assenze&dal=${TODAY}&al=${addDays(TODAY, 60)}`);
    const table = page.getByRole('table', { name: /^Assenze dal/ });
    await table.waitFor();
    // stefano.villa twice: his ferie (edited into malattia) and the day recorded by the Modifica test.
    expect(await table.locator('tbody th').allInnerTexts()).toEqual(['paola.neri', 'stefano.villa', 'stefano.villa']);
    expect(await page.getByRole('button', { name: 'Nuova assenza' }).count()).toBe(0);
    expect(
      await page
        .locator('.presenze')
        .getByRole('button', { name: /Elimina|Togli|Modifica/ })
        .count(),
    ).toBe(0);
    expectNoPageErrors(errors);
    await context.close();
  });
});
