/**
 * Trasporti (issue 30; docs/product.md, Anagrafiche → Mezzi, Uscite, Fogli di marcia, Trasporti del mese): an
 * administrator creates a mezzo with one wheelchair place, gives two utenti a wheelchair and an address, puts them on a
 * run of that mezzo and sees the `carrozzina` warning; reorders the stops with the keyboard only, sets a stop time and
 * the autista; marks a passenger absent at the roll call and sees him struck through and out of the count; downloads
 * the fogli di marcia and reads them with pdftotext; opens the autista's agenda on a 390×844 phone; exports Trasporti
 * del mese as CSV and reads it back; axe on every new screen, laptop and phone. Today is fixed on a Wednesday (the roll
 * call takes only today); the tests run in order on one server.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { describeViolations, seriousViolations } from './axe.ts';
import { WED } from './dates.ts';
import { adminPage, DOWNLOADS, fixToday, newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { callServer, expectNoPageErrors, focused, modal, modalClosed, openDay, signIn, waitForToast } from './helpers.ts';
import { E2E_ADMIN } from './fixtures.ts';

const TODAY = WED;
fixToday(TODAY);

const e2e = serverAndBrowser();

const MEZZO = 'Pulmino attrezzato';
const ROUTE = 'Andata Sud';
const MONTH = TODAY.slice(0, 7);
/** The run made in the first test; the later tests read it. */
let runId = 0;

async function expectAxeClean(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

/** A GET of the server from inside the page (its cookies). */
const getJson = <T>(page: Page, url: string): Promise<T> =>
  page.evaluate(async (u) => (await fetch(u, { credentials: 'same-origin' })).json() as Promise<T>, url);

/** The names of a list of stops, in order (the ♿ and the hidden words aside). */
const stopNames = (page: Page, label: string) =>
  page
    .getByRole('list', { name: label })
    .first()
    .locator(':scope > li')
    .evaluateAll((items) => items.map((li) => /(Mario Rossi|Lucia Bianchi|Giorgio Verdi)/.exec(li.textContent ?? '')?.[1] ?? ''));

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  fs.mkdirSync(DOWNLOADS, { recursive: true });
  const target = path.join(DOWNLOADS, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), file: target };
}

describe('trasporti', () => {
  test('a mezzo with one wheelchair place, two wheelchairs on its run: the warning; the stops reordered with the keyboard; an absent passenger struck through; the fogli di marcia', async () => {
    const { context, page, errors } = await adminPage(e2e, TODAY);
    const { mario, lucia, giorgio } = e2e.server.centre.patients;
    const { paola } = e2e.server.centre.therapists;

    // Anagrafiche → Mezzi: a wrong plate is refused under its field, then the mezzo is saved.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=mezzi`);
    await page.getByRole('button', { name: 'Nuovo mezzo' }).click();
    const form = modal(page, 'Nuovo mezzo');
    await form.getByLabel('Nome').fill(MEZZO);
    await form.getByLabel('Targa').fill('AB12');
    await form.getByLabel('Posti', { exact: true }).fill('6');
    await form.getByLabel('Posti per carrozzina').fill('1');
    await form.getByLabel('Colore nel calendario').selectOption('verde');
    await form.getByRole('button', { name: 'Salva' }).click();
    await form.getByText('Targa non valida: usa il formato italiano, ad esempio AB123CD').waitFor();
    await form.getByLabel('Targa').fill('ab 123 cd');
    await screenshot(page, 'trasporti-nuovo-mezzo-1366x768');
    await form.getByRole('button', { name: 'Salva' }).click();
    await modalClosed(page);
    const row = page.getByRole('row', { name: new RegExp(MEZZO) });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/AB123CD[\s\S]*6 posti[\s\S]*1[\s\S]*Verde/);
    await screenshot(page, 'trasporti-mezzi-1366x768');
    const mezzi = await getJson<{ ID: number; Nome: string }[]>(page, '/server/anagrafiche/mezzi?archiviati=0');
    const mezzoId = mezzi.find((m) => m.Nome === MEZZO)!.ID;

    // Mario travels in a wheelchair from via Roma 12: the utente's form.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=pazienti`);
    await page.getByRole('button', { name: 'Modifica Mario Rossi' }).click();
    const patient = modal(page, 'Modifica paziente');
    await patient.getByLabel('Indirizzo').fill('via Roma 12, Cremona');
    await patient.getByLabel('Viaggia in carrozzina').check();
    await patient.getByLabel('Note per il trasporto').fill('citofono Rossi');
    await screenshot(page, 'trasporti-utente-1366x768');
    await patient.getByRole('button', { name: 'Salva' }).click();
    await modalClosed(page);
    // Lucia too, through the server as the form would send it.
    const luciaSaved = await callServer(page, 'POST', '/server/anagrafiche/pazienti/update', {
      ID: lucia.id,
      Nome: 'Lucia',
      Cognome: 'Bianchi',
      Cellulare: '+393334445555',
      Indirizzo: 'via Milano 3, Cremona',
      Carrozzina: true,
      NoteTrasporto: '',
    });
    expect(luciaSaved.status).toBe(200);

    // A run of today on the new mezzo: Mario, Lucia and Giorgio, paola.neri on board.
    const created = await callServer(page, 'PUT', '/server/anagrafiche/uscite', {
      Tratta: ROUTE,
      Ora: '08:00',
      OraArrivo: '09:00',
      RifPulmino: mezzoId,
      Data: TODAY,
    });
    expect(created.status).toBe(200);
    runId = (created.body as { insertId: number }).insertId;
    for (const p of [mario, lucia, giorgio])
      expect((await callServer(page, 'PUT', '/server/anagrafiche/uscite/passeggeri', { uscita: runId, paziente: p.id })).status).toBe(200);
    expect((await callServer(page, 'PUT', '/server/anagrafiche/uscite/operatori', { uscita: runId, terapista: paola.id })).status).toBe(
      200,
    );

    // The calendar: the run in the mezzo's name, and the wheelchair warning in words.
    await openDay(page, e2e.server.url, TODAY);
    const card = page.locator('.transport-card', { hasText: ROUTE });
    await card.getByText(MEZZO).waitFor();
    await card.getByText(`${ROUTE}: 2 carrozzine su 1 posto carrozzina`).waitFor();
    await screenshot(page, 'trasporti-calendario-carrozzina-1366x768');

    // Uscite: the stops in order; Mario moved down with the keyboard only, the focus staying on him.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=uscite&data=${TODAY}`);
    const stopsLabel = `Fermate di ${ROUTE} 08:00, in ordine`;
    await page.getByRole('list', { name: stopsLabel }).waitFor();
    expect(await stopNames(page, stopsLabel)).toEqual(['Mario Rossi', 'Lucia Bianchi', 'Giorgio Verdi']);
    await page.getByRole('button', { name: 'Sposta giù Mario Rossi' }).focus();
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Salvato');
    await expect.poll(() => stopNames(page, stopsLabel)).toEqual(['Lucia Bianchi', 'Mario Rossi', 'Giorgio Verdi']);
    expect((await focused(page)).label).toBe('Sposta giù Mario Rossi');
    // Lucia's stop at 07:40, typed.
    await page.getByRole('button', { name: 'Orario di fermata di Lucia Bianchi' }).focus();
    await page.keyboard.press('Enter');
    const stop = modal(page, 'Orario di fermata di Lucia Bianchi');
    await stop.waitFor();
    // Words that are no time are refused under the field, never taken for "no stop time".
    await page.keyboard.type('sette e quaranta');
    await page.keyboard.press('Enter');
    await stop.getByText(/hh:mm/i).first().waitFor(); // the field's own message, and the form's
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('07:40');
    await page.keyboard.press('Enter');
    await modalClosed(page);
    // paola.neri is the autista.
    await page.getByRole('button', { name: 'Autista: paola.neri' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Autista: paola.neri', pressed: true }).waitFor();
    await page.getByRole('list', { name: stopsLabel }).getByText('07:40').waitFor();
    await screenshot(page, 'trasporti-uscite-1366x768');

    // Presenze, the roll call of today: Giorgio absent (malattia).
    await page.goto(`${e2e.server.url}/presenze?scheda=appello&data=${TODAY}`);
    const giorgioRow = page.getByRole('group', { name: 'Verdi Giorgio', exact: true });
    await giorgioRow.getByLabel('Assente', { exact: true }).check();
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/server/presenze/appello') && r.ok()),
      giorgioRow.getByLabel('Motivo').selectOption('malattia'),
    ]);

    // The calendar: Giorgio struck through with the reason, out of the count.
    await openDay(page, e2e.server.url, TODAY);
    await card.locator('summary', { hasText: '2 passeggeri, 1 non sale' }).waitFor();
    await card.locator('summary').click();
    await card.getByText('(assente: malattia)').waitFor();
    expect(await card.locator('.person-absent-name', { hasText: 'Giorgio Verdi' }).count()).toBe(1);
    expect(await stopNames(page, `Fermate di ${ROUTE}, in ordine`)).toEqual(['Lucia Bianchi', 'Mario Rossi', 'Giorgio Verdi']);
    await screenshot(page, 'trasporti-calendario-assente-1366x768');

    // Fogli di marcia: an A4 portrait PDF, the stops in order, "carrozzina", "Non salgono oggi" with Giorgio.
    const pdf = await download(page, 'Fogli di marcia');
    expect(pdf.name).toBe(`fogli-di-marcia_${TODAY}.pdf`);
    expect(execFileSync('pdfinfo', [pdf.file], { encoding: 'utf8' })).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const text = execFileSync('pdftotext', [pdf.file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      ROUTE,
      MEZZO,
      'AB123CD',
      'Autista: paola.neri',
      'carrozzina',
      'via Roma 12, Cremona',
      '07:40',
      "Firma dell'autista",
    ])
      expect(text, expected).toContain(expected);
    expect(text.indexOf('Lucia Bianchi')).toBeLessThan(text.indexOf('Mario Rossi'));
    expect(text.indexOf('Mario Rossi')).toBeLessThan(text.indexOf('Non salgono oggi'));
    expect(text.slice(text.indexOf('Non salgono oggi'))).toContain('Giorgio Verdi (assente: malattia)');

    expectNoPageErrors(errors);
    await context.close();
  });

  test('the autista’s agenda on a 390×844 phone: the stops in order, maps and tel: links, the absent struck through, nothing sideways', async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.phone);
    await signIn(page, e2e.server.url, E2E_ADMIN, TODAY);
    const { paola } = e2e.server.centre.therapists;
    await page.goto(`${e2e.server.url}/agenda?tipo=terapista&id=${paola.id}&data=${TODAY}&vista=giorno`);
    const stops = page.getByRole('list', { name: `Fermate di ${ROUTE}, in ordine` });
    await stops.waitFor();
    expect(await stopNames(page, `Fermate di ${ROUTE}, in ordine`)).toEqual(['Lucia Bianchi', 'Mario Rossi', 'Giorgio Verdi']);
    const tel = stops.getByRole('link', { name: /Chiama la famiglia di Mario Rossi/ });
    expect(await tel.getAttribute('href')).toBe('tel:+393331112222');
    expect(await stops.getByRole('link', { name: /via Roma 12, Cremona/ }).getAttribute('href')).toBe(
      `geo:0,0?q=${encodeURIComponent('via Roma 12, Cremona')}`,
    );
    expect(await stops.locator('s', { hasText: 'Giorgio Verdi' }).count()).toBe(1);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await screenshot(page, 'trasporti-agenda-autista-390x844');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Trasporti del mese: the trips per utente, the CSV read back', async () => {
    const { context, page, errors } = await adminPage(e2e, TODAY);
    await page.goto(`${e2e.server.url}/presenze?scheda=trasporti&mese=${MONTH}`);
    await page.getByRole('table', { name: /Viaggi per utente/ }).waitFor();
    await screenshot(page, 'trasporti-mese-1366x768');
    const csv = await download(page, 'Esporta CSV');
    expect(csv.name).toBe(`trasporti_${MONTH}.csv`);
    const bytes = fs.readFileSync(csv.file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    const cells = lines.map((line) => line.split(';'));
    expect(cells[0]).toEqual(['Cognome', 'Nome', 'Dal', 'Al', 'Andata', 'Ritorno', 'Totale']);
    const of = (surname: string) => cells.find((c) => c[0] === surname);
    // Today's run: Lucia and Mario travelled, Giorgio did not (absent); Anna on Monday's Andata Nord.
    expect(of('Bianchi')?.slice(1)).toEqual([
      'Lucia',
      `01/${MONTH.slice(5)}/${MONTH.slice(0, 4)}`,
      `30/${MONTH.slice(5)}/${MONTH.slice(0, 4)}`,
      '1',
      '0',
      '1',
    ]);
    expect(of('Rossi')?.slice(4)).toEqual(['1', '0', '1']);
    expect(of('Verdi')).toBeUndefined();
    expect(of('Neri')?.slice(4)).toEqual(['1', '0', '1']);
    expect(of('Totale')?.slice(4)).toEqual(['3', '0', '3']);
    const mezzoRow = cells.find((c) => c[0] === MEZZO);
    expect(mezzoRow?.[1]).toBe('1');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('axe: nothing serious or critical on the new screens and dialogs, laptop and phone', async () => {
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const size = `${viewport.width}x${viewport.height}`;
      const { context, page, errors } = await newPage(e2e.browser, viewport);
      await signIn(page, e2e.server.url, E2E_ADMIN, TODAY);

      await page.goto(`${e2e.server.url}/anagrafiche?scheda=mezzi`);
      await page.getByRole('button', { name: `Modifica ${MEZZO}` }).waitFor();
      await expectAxeClean(page, `Mezzi (${label})`);
      await screenshot(page, `trasporti-mezzi-${size}`);
      await page.getByRole('button', { name: `Modifica ${MEZZO}` }).click();
      await modal(page, 'Modifica mezzo').waitFor();
      await expectAxeClean(page, `Modifica mezzo (${label})`);
      await page.keyboard.press('Escape');
      await modalClosed(page);

      await page.goto(`${e2e.server.url}/anagrafiche?scheda=pazienti`);
      await page.getByRole('button', { name: 'Modifica Mario Rossi' }).click();
      await modal(page, 'Modifica paziente').waitFor();
      await expectAxeClean(page, `Modifica paziente (${label})`);
      await screenshot(page, `trasporti-utente-${size}`);
      await page.keyboard.press('Escape');
      await modalClosed(page);

      await page.goto(`${e2e.server.url}/anagrafiche?scheda=uscite&data=${TODAY}`);
      await page.getByRole('list', { name: `Fermate di ${ROUTE} 08:00, in ordine` }).waitFor();
      await expectAxeClean(page, `Uscite (${label})`);
      await screenshot(page, `trasporti-uscite-${size}`);
      await page.getByRole('button', { name: 'Orario di fermata di Mario Rossi' }).click();
      await modal(page, 'Orario di fermata di Mario Rossi').waitFor();
      await expectAxeClean(page, `Orario di fermata (${label})`);
      await page.keyboard.press('Escape');
      await modalClosed(page);

      await openDay(page, e2e.server.url, TODAY);
      const card = page.locator('.transport-card', { hasText: ROUTE });
      await card.locator('summary').click();
      await expectAxeClean(page, `Calendario con l'uscita (${label})`);
      await screenshot(page, `trasporti-calendario-${size}`);

      const { paola } = e2e.server.centre.therapists;
      await page.goto(`${e2e.server.url}/agenda?tipo=terapista&id=${paola.id}&data=${TODAY}&vista=giorno`);
      await page.getByRole('list', { name: `Fermate di ${ROUTE}, in ordine` }).waitFor();
      await expectAxeClean(page, `Agenda dell'autista (${label})`);

      await page.goto(`${e2e.server.url}/presenze?scheda=trasporti&mese=${MONTH}`);
      await page.getByRole('table', { name: /Viaggi per utente/ }).waitFor();
      await expectAxeClean(page, `Trasporti del mese (${label})`);
      await screenshot(page, `trasporti-mese-${size}`);

      expectNoPageErrors(errors);
      await context.close();
    }
  });
});
