/**
 * Progetto individuale (docs/product.md, Schermate → Scheda utente, Copertura, Tipi di attività): an administrator
 * gives an operatore her profile and availability, creates a type of activity, writes a progetto of two righe with the
 * keyboard only, sees the utente short in Copertura, plans one activity of the type and sees the cell planned, marks
 * him present at the roll call and sees it delivered; a wrong-profile operatore raises the profile conflict; Stampa
 * progetto gives a PDF whose text names him, his goals and righe; a consultazione account sees the coverage and never
 * the goals; axe finds nothing serious on the new screens and dialogs, laptop and phone. Today is fixed on a Wednesday
 * (the roll call takes only today); the tests run in order on one server.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { schedaOf } from '../common/paths.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { MON, WED } from './dates.ts';
import { E2E_VIEWER } from './fixtures.ts';
import { adminPage, DOWNLOADS, fixToday, newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { callServer, expectNoPageErrors, focused, modal, modalClosed, openDay, signIn, waitForToast } from './helpers.ts';

const TODAY = WED;
fixToday(TODAY);

const e2e = serverAndBrowser();

const GOALS = 'Ampliare il vocabolario con i compagni.\nChiedere aiuto con una frase intera.';
const TYPE = 'Logopedia individuale';
const GROUP_TYPE = 'Ginnastica di gruppo';

/** Presses Tab until the focused element carries `label` (at most 40 times), as a keyboard user moves through a form. */
async function tabTo(page: Page, label: string | RegExp) {
  for (let i = 0; i < 40; i++) {
    const now = (await focused(page)).label;
    if (typeof label === 'string' ? now === label : label.test(now)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached «${String(label)}» (last: «${(await focused(page)).label}»)`);
}

/** Replaces the focused field's text by typing, as a person would. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** The Copertura tab of the week of `day`, its table loaded. */
async function openCoverage(page: Page, day: string) {
  await page.goto(`${e2e.server.url}/stampasettimana?data=${day}&vista=copertura`);
  await page.getByRole('heading', { name: 'Copertura dei progetti' }).waitFor();
  await page.getByRole('status', { name: 'Caricamento della copertura' }).waitFor({ state: 'detached' });
}

/** What the Copertura cell of one utente and one type says to a screen reader, once it contains `expected`. */
async function coverageCell(page: Page, utente: string, type: string, expected: string): Promise<string> {
  const selector = `[data-riga="${utente}, ${type}"] .coverage-sentence`;
  await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent?.includes(text) ?? false, [
    selector,
    expected,
  ] as const);
  return (await page.locator(selector).textContent()) ?? '';
}

async function expectAxeClean(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

describe('progetto individuale', () => {
  test('profile, availability and a type in Anagrafiche; a progetto of two righe with the keyboard; Copertura from short to planned to delivered; the profile conflict; Stampa progetto', async () => {
    const { context, page, errors } = await adminPage(e2e, MON);
    const { mario } = e2e.server.centre.patients;
    const { paola, stefano } = e2e.server.centre.therapists;

    // Paola Neri: logopedista, 30 hours, at the centre on Wednesday 08:00–14:00.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=terapisti`);
    await page.getByRole('button', { name: 'Modifica paola.neri' }).click();
    const form = modal(page, 'Modifica operatore');
    await form.getByLabel('Profilo professionale').selectOption({ label: 'Logopedista' });
    await form.getByLabel('Ore settimanali').fill('30');
    await form.getByRole('button', { name: 'Aggiungi fascia di mercoledì' }).click();
    expect(await form.getByLabel('Mercoledì: dalle').inputValue()).toBe('08:00');
    await screenshot(page, 'progetti-operatore-1366x768');
    await form.getByRole('button', { name: 'Salva' }).click();
    await modalClosed(page);
    await page.getByRole('cell', { name: 'Logopedista' }).waitFor();
    // Stefano Villa stays without a profile: "profilo da indicare".
    await page.getByRole('cell', { name: 'profilo da indicare' }).first().waitFor();

    // Two types: the individual one Paola gives, and a group one of the physiotherapists.
    await page.getByRole('tab', { name: 'Tipi di attività' }).click();
    for (const [name, profile, participants, minutes] of [
      [TYPE, 'Logopedista', '1', '45'],
      [GROUP_TYPE, 'Fisioterapista', '6', '60'],
    ] as const) {
      await page.getByRole('button', { name: 'Nuovo tipo' }).click();
      const typeForm = modal(page, 'Nuovo tipo di attività');
      await typeForm.getByLabel('Nome').fill(name);
      await typeForm.getByLabel('Profilo che la svolge').selectOption({ label: profile });
      await typeForm.getByLabel('Partecipanti al massimo').fill(participants);
      await typeForm.getByLabel('Durata di solito (minuti)').fill(minutes);
      await typeForm.getByRole('button', { name: 'Salva' }).click();
      await modalClosed(page);
      await page.getByRole('cell', { name, exact: true }).waitFor();
    }
    await screenshot(page, 'progetti-tipi-1366x768');

    // Mario Rossi's Scheda, from Anagrafiche → Pazienti; a new progetto written with the keyboard only.
    await page.getByRole('tab', { name: 'Pazienti' }).click();
    await page.getByRole('link', { name: 'Scheda di Mario Rossi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Scheda di Mario Rossi' }).waitFor();
    await page.getByText('Nessun progetto in corso: l’utente è senza progetto.').waitFor();
    await page.getByRole('button', { name: 'Nuovo progetto' }).focus();
    await page.keyboard.press('Enter');
    const progetto = modal(page, 'Nuovo progetto di Mario Rossi');
    await progetto.waitFor();
    await tabTo(page, 'Verifica');
    await page.keyboard.type('15/01/2027');
    await tabTo(page, 'Obiettivi');
    await page.keyboard.type(GOALS.split('\n')[0]);
    await page.keyboard.press('Enter');
    await page.keyboard.type(GOALS.split('\n')[1]);
    await tabTo(page, 'Tipo di attività, riga 1');
    await page.keyboard.type('Logo');
    await tabTo(page, 'Sedute a settimana, riga 1');
    await retype(page, '1');
    await tabTo(page, 'Minuti a seduta, riga 1');
    // Choosing the type proposed its minutes.
    expect(await progetto.getByLabel('Minuti a seduta, riga 1').inputValue()).toBe('45');
    await tabTo(page, 'Aggiungi riga');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Tipo di attività, riga 2');
    await page.keyboard.type('Ginn');
    await tabTo(page, 'Sedute a settimana, riga 2');
    await retype(page, '2');
    await screenshot(page, 'progetti-nuovo-progetto-1366x768');
    await tabTo(page, 'Salva progetto');
    await page.keyboard.press('Enter');
    await modalClosed(page);
    await page.getByRole('heading', { name: 'Progetto in corso' }).waitFor();
    await page.locator('.scheda-goals', { hasText: 'Chiedere aiuto con una frase intera.' }).waitFor();
    expect(await page.locator('.scheda').innerText()).toContain('dal 25/11/2026, senza data di fine');
    await screenshot(page, 'progetti-scheda-1366x768');

    // Copertura: Mario is short on both righe (red, and said in words).
    await openCoverage(page, TODAY);
    expect(await coverageCell(page, 'Mario Rossi', TYPE, '1 prevista')).toBe(
      `Mario Rossi, ${TYPE}: 1 prevista, 0 pianificate, 0 erogate, sotto il progetto`,
    );
    expect(await page.locator('.coverage-sotto').count()).toBe(2);
    await screenshot(page, 'progetti-copertura-sotto-1366x768');

    // One activity of the type today: the form proposes its name and its 45 minutes; Paola and Mario in it.
    await openDay(page, e2e.server.url, TODAY);
    await page.getByText('1 utente sotto il progetto questa settimana').waitFor();
    await page.getByRole('button', { name: '[+] Attività' }).click();
    const create = modal(page, 'Crea Attività');
    await create.getByLabel('Tipo di attività (facoltativo)').selectOption({ label: `${TYPE} (45 min)` });
    expect(await create.getByLabel('Nome attività').inputValue()).toBe(TYPE);
    await create.getByLabel('Ora inizio').fill('10:00');
    await create.getByLabel('Ora inizio').press('Tab');
    expect(await create.getByLabel('Ora fine').inputValue()).toBe('10:45');
    await create.getByRole('button', { name: 'Crea' }).click();
    await modalClosed(page);
    const card = page.locator('.activity-card', { hasText: TYPE }).first();
    await card.waitFor();
    const activityId = Number((await card.getAttribute('id'))?.replace('scheda-a', ''));
    expect(activityId).toBeGreaterThan(0);
    expect((await callServer(page, 'PUT', '/server/calendario/insertpaziente', { paziente: mario.id, attivita: activityId })).status).toBe(
      200,
    );
    expect(
      (await callServer(page, 'PUT', '/server/calendario/insertterapista', { terapista: paola.id, attivita: activityId })).status,
    ).toBe(200);

    await openCoverage(page, TODAY);
    expect(await coverageCell(page, 'Mario Rossi', TYPE, '1 pianificata')).toBe(
      `Mario Rossi, ${TYPE}: 1 prevista, 1 pianificata, 0 erogate`,
    );
    expect(await page.locator('.coverage-sotto').count()).toBe(1);
    // Solo chi è sotto keeps Mario (his group riga is still short).
    await page.getByLabel('Solo chi è sotto').check();
    await page.getByRole('rowheader', { name: 'Mario Rossi' }).waitFor();

    // The roll call of today marks him present: the session is delivered.
    await page.goto(`${e2e.server.url}/presenze`);
    await page.getByRole('button', { name: /^Tutti presenti/ }).click();
    await waitForToast(page, '1 utente segnato presente');
    await openCoverage(page, TODAY);
    expect(await coverageCell(page, 'Mario Rossi', TYPE, '1 erogata')).toBe(`Mario Rossi, ${TYPE}: 1 prevista, 1 pianificata, 1 erogata`);
    await screenshot(page, 'progetti-copertura-erogata-1366x768');

    // A physiotherapist in the speech therapy: the profile conflict, in words, on the banner and the card.
    const stefanoUpdate = await callServer(page, 'POST', '/server/anagrafiche/terapisti/update', {
      ID: stefano.id,
      username: 'stefano.villa',
      Nome: '',
      Cognome: '',
      RifUtente: -1,
      profilo: 'fisioterapista',
    });
    expect(stefanoUpdate.status).toBe(200);
    expect(
      (await callServer(page, 'PUT', '/server/calendario/insertterapista', { terapista: stefano.id, attivita: activityId })).status,
    ).toBe(200);
    await openDay(page, e2e.server.url, TODAY);
    await page.locator('.activity-card', { hasText: 'stefano.villa non è logopedista' }).waitFor();
    await page.getByRole('button', { name: 'Mostra elenco' }).click();
    await page.getByRole('list', { name: 'Elenco dei conflitti' }).getByText('stefano.villa non è logopedista').waitFor();
    await screenshot(page, 'progetti-conflitto-profilo-1366x768');

    // Stampa progetto: an A4 PDF whose text names the utente, his goals and his righe.
    await page.goto(`${e2e.server.url}${schedaOf(mario.id)}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Stampa progetto' }).click()]);
    fs.mkdirSync(DOWNLOADS, { recursive: true });
    const file = path.join(DOWNLOADS, download.suggestedFilename());
    await download.saveAs(file);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      'Progetto individuale di Mario Rossi',
      'dal 25/11/2026',
      'Verifica prevista: 15/01/2027',
      'Ampliare il vocabolario con i compagni.',
      'Chiedere aiuto con una frase intera.',
      TYPE,
      GROUP_TYPE,
      'Firma del coordinatore',
      "Firma dell'utente o della famiglia",
    ])
      expect(text, expected).toContain(expected);

    expectNoPageErrors(errors);
    await context.close();
  });

  test('a consultazione account sees the coverage and the Scheda without the goals', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER, TODAY);
    await openCoverage(page, TODAY);
    await coverageCell(page, 'Mario Rossi', TYPE, '1 erogata');
    await page.goto(`${e2e.server.url}${schedaOf(e2e.server.centre.patients.mario.id)}`);
    await page.getByRole('heading', { level: 1, name: 'Scheda di Mario Rossi' }).waitFor();
    await page.getByText('Obiettivi e progetto sono visibili solo agli amministratori.').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('Ampliare il vocabolario');
    expect(await page.getByRole('button', { name: 'Stampa progetto' }).count()).toBe(0);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('axe: nothing serious or critical on the new screens and dialogs, laptop and phone', async () => {
    const { mario } = e2e.server.centre.patients;
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const size = `${viewport.width}x${viewport.height}`;
      const { context, page, errors } = await newPage(e2e.browser, viewport);
      await signIn(page, e2e.server.url, { username: 'direttrice', password: 'mattino-di-sole-al-centro' }, TODAY);

      await page.goto(`${e2e.server.url}/anagrafiche?scheda=tipi`);
      await page.getByRole('button', { name: `Modifica ${TYPE}` }).waitFor();
      await expectAxeClean(page, `Tipi di attività (${label})`);
      await page.getByRole('button', { name: `Modifica ${TYPE}` }).click();
      await modal(page, 'Modifica tipo di attività').waitFor();
      await expectAxeClean(page, `Modifica tipo di attività (${label})`);
      await screenshot(page, `progetti-tipo-${size}`);
      await page.keyboard.press('Escape');
      await modalClosed(page);

      await page.goto(`${e2e.server.url}/anagrafiche?scheda=terapisti`);
      await page.getByRole('button', { name: 'Modifica paola.neri' }).click();
      await modal(page, 'Modifica operatore').waitFor();
      await expectAxeClean(page, `Modifica operatore (${label})`);
      await screenshot(page, `progetti-operatore-${size}`);
      await page.keyboard.press('Escape');
      await modalClosed(page);

      await page.goto(`${e2e.server.url}${schedaOf(mario.id)}`);
      await page.getByRole('heading', { name: 'Progetto in corso' }).waitFor();
      await expectAxeClean(page, `Scheda utente (${label})`);
      await screenshot(page, `progetti-scheda-${size}`);
      await page.getByRole('button', { name: 'Modifica', exact: true }).click();
      await modal(page, 'Modifica progetto di Mario Rossi').waitFor();
      await expectAxeClean(page, `Modifica progetto (${label})`);
      await screenshot(page, `progetti-modifica-progetto-${size}`);
      await page.keyboard.press('Escape');
      await modalClosed(page);

      await openCoverage(page, TODAY);
      await expectAxeClean(page, `Copertura (${label})`);
      await screenshot(page, `progetti-copertura-${size}`);

      await openDay(page, e2e.server.url, TODAY);
      await page.getByRole('button', { name: 'Mostra elenco' }).click();
      await page.getByRole('button', { name: 'Chi può sostituire stefano.villa' }).click();
      await modal(page, 'Chi può sostituire stefano.villa').waitFor();
      await page.locator('.modal [role="status"]').first().waitFor({ state: 'detached' });
      await expectAxeClean(page, `Chi può sostituire (${label})`);
      await screenshot(page, `progetti-sostituti-${size}`);

      expectNoPageErrors(errors);
      await context.close();
    }
  });
});
