/**
 * Names written to attack the page (script tags, onerror images, quotes) show
 * as plain text everywhere: the calendar, the modals, the weekly view, the day's
 * and the week's PDF. No script runs, no image is created, no dialog opens.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { WED } from './dates.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { DOWNLOADS, newPage, serverAndBrowser } from './harness.ts';
import { callServer, expectNoPageErrors, modal, openDay, signIn } from './helpers.ts';

const PATIENT = { Nome: '<script>window.__pwned=1</script>', Cognome: `O'Brien "<img src=x onerror=window.__pwned=2>"` };
const THERAPIST = '<img/src=x/onerror=window.__pwned=3>';
const ROOM = `<b>Sala</b> "d'attesa"`;
const ACTIVITY = '<script>window.__pwned=4</script>';
const ROUTE = '<img src=x onerror=window.__pwned=5>';

const e2e = serverAndBrowser();

async function expectNothingRan(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('body script').count()).toBe(0);
  expect(dialogs).toEqual([]);
}

describe('hostile names', () => {
  test('show as text in the calendar, the modals, the weekly view and the PDF', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, e2e.server.url, E2E_ADMIN);

    // Written through the real calls, as an administrator would type them.
    const room = (await callServer(page, 'PUT', '/server/anagrafiche/stanze', { Nome: ROOM })).body as { insertId: number };
    const patient = (await callServer(page, 'PUT', '/server/anagrafiche/pazienti', { ...PATIENT, Cellulare: '' })).body as {
      insertId: number;
    };
    const therapist = (await callServer(page, 'PUT', '/server/anagrafiche/terapisti', { username: THERAPIST })).body as {
      insertId: number;
    };
    const run = (
      await callServer(page, 'PUT', '/server/anagrafiche/uscite', {
        Tratta: ROUTE,
        Ora: '08:00',
        OraArrivo: '08:45',
        RifPulmino: 2,
        Data: WED,
      })
    ).body as { insertId: number };
    expect([room, patient, therapist, run].every((r) => typeof r.insertId === 'number')).toBe(true);
    await callServer(page, 'PUT', '/server/anagrafiche/uscite/operatori', { uscita: run.insertId, terapista: therapist.insertId });
    await callServer(page, 'PUT', '/server/calendario/createattivita', {
      nome: '',
      stanza: -1,
      data: WED,
      orainizio: '',
      orafine: '',
      trasporto: run.insertId,
    });
    const activity = (
      await callServer(page, 'PUT', '/server/calendario/createattivita', {
        nome: ACTIVITY,
        stanza: room.insertId,
        data: WED,
        orainizio: '09:00',
        orafine: '10:00',
        trasporto: -1,
      })
    ).body as { insertId: number };
    expect(
      (await callServer(page, 'PUT', '/server/calendario/insertpaziente', { paziente: patient.insertId, attivita: activity.insertId }))
        .status,
    ).toBe(200);
    expect(
      (await callServer(page, 'PUT', '/server/calendario/insertterapista', { terapista: therapist.insertId, attivita: activity.insertId }))
        .status,
    ).toBe(200);

    // The calendar.
    await openDay(page, e2e.server.url, WED);
    const table = page.locator('.day-table');
    for (const text of [ROOM, ACTIVITY, `${PATIENT.Nome} ${PATIENT.Cognome}`, THERAPIST, ROUTE]) {
      await expect.poll(() => table.getByText(text, { exact: true }).count(), { message: text }).toBeGreaterThan(0);
    }
    await expectNothingRan(page, dialogs);

    // Gestione Paziente shows the name as text.
    await table.getByRole('button', { name: `${PATIENT.Nome} ${PATIENT.Cognome}` }).click();
    const manage = modal(page, 'Gestione Paziente');
    await expect.poll(() => manage.getByText(`${PATIENT.Nome} ${PATIENT.Cognome}`).count()).toBeGreaterThan(0);
    await manage.getByRole('button', { name: 'Annulla' }).click();

    // Aggiungi Paziente lists it as text when searched.
    const card = page.getByRole('group', { name: `${ACTIVITY}, ${ROOM}, 09:00–10:00`, exact: true });
    await card.getByRole('button', { name: 'Aggiungi utente' }).click();
    const search = modal(page, 'Aggiungi Paziente');
    await search.getByRole('combobox', { name: 'Cerca paziente' }).fill("O'Brien");
    await expect.poll(() => search.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining(PATIENT.Nome)]);
    await search.getByRole('button', { name: 'Annulla' }).click();

    // Modifica Attività shows the name in its field, as a value.
    await card.getByRole('button', { name: ACTIVITY, exact: true }).click();
    const edit = modal(page, 'Modifica Attività');
    expect(await edit.getByLabel('Nome attività').inputValue()).toBe(ACTIVITY);
    await edit.getByRole('button', { name: 'Annulla' }).click();
    await expectNothingRan(page, dialogs);

    // The day's sheet (in the page for the browser's print) ran nothing above; Stampa giornata prints the names as text.
    const [dayPdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Stampa giornata' }).click()]);
    fs.mkdirSync(DOWNLOADS, { recursive: true });
    const dayFile = path.join(DOWNLOADS, `hostile-${dayPdf.suggestedFilename()}`);
    await dayPdf.saveAs(dayFile);
    // A name without spaces may break anywhere inside its cell: compare without white space.
    const dayText = execFileSync('pdftotext', [dayFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    for (const text of [ROOM, ACTIVITY, `${PATIENT.Nome} ${PATIENT.Cognome}`, THERAPIST, ROUTE])
      expect(dayText, text).toContain(text.replace(/\s+/g, ''));
    await expectNothingRan(page, dialogs);

    // The weekly view and its PDF.
    await page.goto(`${e2e.server.url}/stampasettimana?data=${WED}`);
    const week = page.locator('table.week-table');
    await week.waitFor();
    await expect.poll(() => week.getByText(ROOM, { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => week.getByText(THERAPIST, { exact: false }).count()).toBeGreaterThan(0);
    await expectNothingRan(page, dialogs);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Stampa PDF' }).click()]);
    fs.mkdirSync(DOWNLOADS, { recursive: true });
    const file = path.join(DOWNLOADS, `hostile-${download.suggestedFilename()}`);
    await download.saveAs(file);
    // The PDF may wrap a long name inside its cell: compare with white space folded.
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(THERAPIST);
    expect(text).toContain(ROOM);

    expectNoPageErrors(errors);
    await context.close();
  });
});
