/**
 * Anagrafiche end to end: an administrator creates a room, a
 * therapist, a patient and a minibus run with passengers, places them on the
 * calendar, finds them there and in the weekly print, then archives the
 * patient: the search no longer offers them, the day they attended still shows them.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANAGRAFICHE_MSG } from '../common/anagrafiche.ts';
import { MSG } from '../common/messages.ts';
import { TUE, WED } from './dates.ts';
import { E2E_ADMIN, E2E_VIEWER } from './fixtures.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';

const e2e = serverAndBrowser();

// ---- Steps of this file (e2e/helpers.ts belongs to the calendar's tests) ----

async function signIn(page: Page, account: { username: string; password: string }) {
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The bar's name links to the calendar once signed in (on a phone Logout waits inside the closed menu).
  await page.getByRole('link', { name: 'Giornata', exact: true }).waitFor();
  await page.waitForURL(/\/calendario/);
}

/** Waits for a toast with exactly this text (react-hot-toast's role=status). */
async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** Dismisses every toast so the next step waits for its own. */
async function clearToasts(page: Page) {
  await page.evaluate(() => document.querySelectorAll('[role="status"][aria-live]').forEach((el) => el.remove()));
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Types into the shared search dialog and adds the person whose option appears. */
async function addThroughSearch(page: Page, title: string, searchLabel: string, text: string, option: string) {
  const modal = dialog(page, title);
  await modal.getByRole('combobox', { name: searchLabel }).fill(text);
  // The list answers what is typed now (not the previous search), and the wanted person is highlighted.
  await modal.locator('[role="listbox"][aria-busy="false"]').waitFor({ state: 'attached' });
  await modal.getByRole('option', { name: option, selected: true }).waitFor();
  await modal.getByRole('combobox', { name: searchLabel }).press('Enter');
  await modal.waitFor({ state: 'detached' });
}

async function openCalendar(page: Page, day: string) {
  await page.goto(`${e2e.server.url}/calendario?data=${day}`);
  await page.getByRole('status', { name: 'Caricamento della giornata' }).waitFor({ state: 'detached' });
  // The table, or below 576 px the list that replaces it.
  await page.locator('.day-table, .day-list').first().waitFor();
}

const card = (page: Page, name: string): Locator => page.getByRole('group', { name, exact: true });

describe('Anagrafiche', () => {
  it('an administrator registers a room, a therapist, a patient and a run, then finds them on the calendar, in the week print, and archives the patient', async () => {
    const { page, context, errors } = await newPage(e2e.browser);
    page.on('dialog', (d) => void d.accept());
    await signIn(page, E2E_ADMIN);

    // From the calendar's navbar, keeping the displayed day.
    await openCalendar(page, WED);
    await page.getByRole('link', { name: 'Anagrafiche' }).click();
    await page.waitForURL(/\/anagrafiche\?data=2026-11-25/);
    await page.getByRole('heading', { level: 1, name: 'Anagrafiche' }).waitFor();

    // Stanze: a new room goes last; Sposta su moves it before Musicoterapia.
    await openTab(page, 'Stanze');
    await page.getByRole('button', { name: 'Nuova stanza' }).click();
    await dialog(page, 'Nuova stanza').getByLabel('Nome stanza').fill('Sala Arcobaleno');
    await dialog(page, 'Nuova stanza').getByRole('button', { name: 'Salva' }).click();
    await toast(page, MSG.saved);
    const roomsTable = page.getByRole('table', { name: 'Stanze' });
    await roomsTable.getByRole('cell', { name: 'Sala Arcobaleno', exact: true }).waitFor();
    await clearToasts(page);
    await page.getByRole('button', { name: 'Sposta su Sala Arcobaleno' }).click();
    await toast(page, MSG.saved);
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('table[aria-label="Stanze"] tbody td[data-label="Nome"]')].map((td) => td.textContent);
      return names.join('|') === 'Palestra|Logopedia|Sala Arcobaleno|Musicoterapia';
    });
    expect(await page.getByRole('button', { name: 'Sposta su Palestra' }).isDisabled()).toBe(true);

    // Terapisti: a unique username.
    await openTab(page, 'Terapisti');
    await page.getByRole('button', { name: 'Nuovo operatore' }).click();
    await dialog(page, 'Nuovo operatore').getByLabel('Username').fill('giulia.conti');
    await dialog(page, 'Nuovo operatore').getByRole('button', { name: 'Salva' }).click();
    await page.getByRole('table', { name: 'Operatori' }).getByRole('cell', { name: 'giulia.conti', exact: true }).waitFor();
    // The same username again is refused with the server's message, the dialog stays open.
    await clearToasts(page);
    await page.getByRole('button', { name: 'Nuovo operatore' }).click();
    await dialog(page, 'Nuovo operatore').getByLabel('Username').fill('giulia.conti');
    await dialog(page, 'Nuovo operatore').getByRole('button', { name: 'Salva' }).click();
    await toast(page, ANAGRAFICHE_MSG.therapistDuplicate);
    await dialog(page, 'Nuovo operatore').getByRole('button', { name: 'Annulla' }).click();

    // Pazienti: the phone is checked by the shared schema, then stored normalised and shown grouped.
    await openTab(page, 'Pazienti');
    await page.getByRole('button', { name: 'Nuovo paziente' }).click();
    const patientForm = dialog(page, 'Nuovo paziente');
    await patientForm.getByLabel('Nome', { exact: true }).fill('Elena');
    await patientForm.getByLabel('Cognome').fill('Galli');
    await patientForm.getByLabel('Cellulare').fill('02 1234567');
    await patientForm.getByRole('button', { name: 'Salva' }).click();
    await patientForm.getByText(ANAGRAFICHE_MSG.phoneInvalid).waitFor();
    await patientForm.getByLabel('Cellulare').fill('333 987 6543');
    await patientForm.getByRole('button', { name: 'Salva' }).click();
    await patientForm.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Cerca pazienti' }).fill('galli');
    const elenaRow = page.getByRole('table', { name: 'Pazienti' }).getByRole('row', { name: /Galli/ });
    await elenaRow.getByRole('link', { name: '+39 333 9876543' }).waitFor();

    // Uscite of Wednesday (the day the calendar showed): a run on the blue minibus with a passenger and staff.
    await openTab(page, 'Uscite');
    expect(await page.getByLabel('Data', { exact: true }).inputValue()).toBe('25/11/2026');
    await page.getByRole('button', { name: 'Nuova uscita' }).click();
    const runForm = dialog(page, 'Nuova uscita');
    await runForm.getByLabel('Tratta').fill('Giro Sud');
    await runForm.getByLabel('Partenza').fill('07:30');
    await runForm.getByLabel('Arrivo').fill('08:30');
    await runForm.getByLabel('Mezzo').selectOption({ label: 'Pulmino blu (8 posti, 1 carrozzina)' });
    await runForm.getByRole('button', { name: 'Salva' }).click();
    const run = page.getByRole('article', { name: 'Giro Sud 07:30–08:30' });
    await run.getByText('Pulmino blu').waitFor();
    await run.getByRole('button', { name: 'Aggiungi passeggero a Giro Sud 07:30–08:30' }).click();
    await addThroughSearch(page, 'Aggiungi Paziente', 'Cerca paziente', 'galli', 'Elena Galli');
    await run.getByRole('button', { name: 'Togli Elena Galli' }).waitFor();
    await run.getByRole('button', { name: 'Aggiungi operatore a Giro Sud 07:30–08:30' }).click();
    await addThroughSearch(page, 'Aggiungi Terapista', 'Cerca terapista', 'giulia', 'giulia.conti');
    await run.getByRole('button', { name: 'Togli giulia.conti' }).waitFor();
    await screenshot(page, 'anagrafiche-flow-uscite-laptop');

    // The calendar: place the run ([+] Attività → Trasporto), then an activity in the new room.
    await page.getByRole('link', { name: 'Calendario' }).click();
    await page.waitForURL(/\/calendario\?data=2026-11-25/);
    await page.locator('.day-table').waitFor();
    await page.getByRole('button', { name: '[+] Attività' }).click();
    const create = dialog(page, 'Crea Attività');
    await create.getByLabel('Trasporto').selectOption({ label: 'Giro Sud (07:30–08:30, Pulmino blu)' });
    await create.getByRole('button', { name: 'Crea' }).click();
    await create.waitFor({ state: 'detached' });
    const transport = card(page, 'Giro Sud, Attività esterne, 07:30–08:30');
    await transport.getByText('1 passeggero').waitFor();
    expect(await transport.textContent()).toContain('Elena Galli');
    expect(await transport.textContent()).toContain('giulia.conti');

    await page.getByRole('button', { name: '[+] Attività' }).click();
    await create.getByLabel('Nome attività').fill('Laboratorio colori');
    // Only active rooms are offered; the new one is there.
    await create.getByLabel('Stanza').selectOption({ label: 'Sala Arcobaleno' });
    await create.getByLabel('Ora inizio').fill('10:00');
    await create.getByLabel('Ora fine').fill('11:00');
    await create.getByRole('button', { name: 'Crea' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('columnheader', { name: 'Sala Arcobaleno' }).waitFor();
    const lab = card(page, 'Laboratorio colori, Sala Arcobaleno, 10:00–11:00');
    await lab.getByRole('button', { name: 'Aggiungi utente' }).click();
    await addThroughSearch(page, 'Aggiungi Paziente', 'Cerca paziente', 'elena gal', 'Elena Galli');
    await lab.getByRole('button', { name: 'Aggiungi operatore' }).click();
    await addThroughSearch(page, 'Aggiungi Terapista', 'Cerca terapista', 'giulia', 'giulia.conti');
    await lab.getByRole('button', { name: 'giulia.conti' }).waitFor();
    expect(await lab.locator('.people-list li').allInnerTexts()).toEqual(['Elena Galli', 'giulia.conti']);
    const headers = await page.locator('.day-table thead th').allInnerTexts();
    expect(headers).toEqual(['Ora', 'Palestra', 'Logopedia', 'Sala Arcobaleno', 'Musicoterapia', 'Attività esterne']);

    // The weekly print: the new room's row, the therapist on Wednesday, and in ATTIVITÀ ESTERNE through the run.
    await page.goto(`${e2e.server.url}/stampasettimana?data=${WED}`);
    await page.getByRole('rowheader', { name: 'Sala Arcobaleno' }).waitFor();
    const rowCells = async (label: string) =>
      page
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .locator('td')
        .allInnerTexts();
    expect(await rowCells('Sala Arcobaleno')).toEqual(['', '', 'giulia.conti', '', '']);
    expect((await rowCells('ATTIVITÀ ESTERNE'))[2]).toContain('giulia.conti');

    // Archive the patient: confirmed, toasted, gone from the active list, listed among the archived.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=pazienti`);
    await page.getByRole('searchbox', { name: 'Cerca pazienti' }).fill('galli');
    const archiveMessages: string[] = [];
    page.on('dialog', (d) => archiveMessages.push(d.message()));
    await page.getByRole('button', { name: 'Archivia Elena Galli' }).click();
    await toast(page, ANAGRAFICHE_MSG.archived);
    expect(archiveMessages).toEqual([ANAGRAFICHE_MSG.confirmArchive]);
    await page.getByText('Nessun paziente trovato.').waitFor();
    await page.getByRole('checkbox', { name: 'Mostra archiviati' }).check();
    await page.getByRole('button', { name: 'Ripristina Elena Galli' }).waitFor();

    // The calendar's search no longer offers her (another patient still is found)...
    await openCalendar(page, TUE);
    await card(page, 'Coro, Musicoterapia, 14:00–15:30').getByRole('button', { name: 'Aggiungi utente' }).click();
    const search = dialog(page, 'Aggiungi Paziente');
    await search.getByRole('combobox', { name: 'Cerca paziente' }).fill('mario');
    await search.locator('[role="listbox"][aria-busy="false"]').waitFor({ state: 'attached' });
    await search.getByRole('option', { name: /Mario Rossi/ }).waitFor();
    await search.getByRole('combobox', { name: 'Cerca paziente' }).fill('galli');
    await search.locator('[role="listbox"][aria-busy="false"]').waitFor({ state: 'attached' });
    await search.getByText('Nessun risultato').waitFor();
    expect(await search.getByRole('option').count()).toBe(0);
    await search.getByRole('button', { name: 'Annulla' }).click();
    // ...while the day she attended still shows her, in the activity and on the run.
    await openCalendar(page, WED);
    expect(await card(page, 'Laboratorio colori, Sala Arcobaleno, 10:00–11:00').locator('.people-list li').allInnerTexts()).toEqual([
      'Elena Galli',
      'giulia.conti',
    ]);
    expect(await card(page, 'Giro Sud, Attività esterne, 07:30–08:30').textContent()).toContain('Elena Galli');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('an operatore with a name is shown by it on the calendar and the weekly print; "foa" finds Foà; a second Niccolò Foà is asked first', async () => {
    const { page, context, errors } = await newPage(e2e.browser);
    await signIn(page, E2E_ADMIN);

    // Nome and Cognome of a new operatore, optional beside the username.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=terapisti`);
    await page.getByRole('button', { name: 'Nuovo operatore' }).click();
    const therapistForm = dialog(page, 'Nuovo operatore');
    await therapistForm.getByLabel('Username').fill('chiara.moretti');
    await therapistForm.getByLabel('Nome (facoltativo)', { exact: true }).fill('Chiara');
    await therapistForm.getByLabel('Cognome (facoltativo)', { exact: true }).fill('Moretti');
    expect(describeViolations(await seriousViolations(page))).toBe('');
    await therapistForm.getByRole('button', { name: 'Salva' }).click();
    await therapistForm.waitFor({ state: 'detached' });
    const operatori = page.getByRole('table', { name: 'Operatori' });
    await operatori.getByRole('cell', { name: 'Chiara Moretti', exact: true }).waitFor();
    await operatori.getByRole('cell', { name: 'chiara.moretti', exact: true }).waitFor();

    // The calendar's search finds her by surname; the card names her "Chiara Moretti".
    await openCalendar(page, TUE);
    const coro = card(page, 'Coro, Musicoterapia, 14:00–15:30');
    await coro.getByRole('button', { name: 'Aggiungi operatore' }).click();
    await addThroughSearch(page, 'Aggiungi Terapista', 'Cerca terapista', 'moretti', 'Chiara Moretti');
    await coro.getByRole('button', { name: 'Chiara Moretti', exact: true }).waitFor();
    expect(await coro.locator('.people-list li').allInnerTexts()).toContain('Chiara Moretti');
    expect(await coro.innerText()).not.toContain('chiara.moretti');
    await page.goto(`${e2e.server.url}/stampasettimana?data=${TUE}`);
    const musicoterapia = page.getByRole('row', { name: /^Musicoterapia/ }).locator('td');
    await page.getByRole('rowheader', { name: 'Musicoterapia' }).waitFor();
    expect((await musicoterapia.allInnerTexts())[1]).toContain('Chiara Moretti');

    // Niccolò Foà, then "niccolo foa" again: the form asks before making a second one.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=pazienti`);
    const newPatient = async (nome: string, cognome: string) => {
      await page.getByRole('button', { name: 'Nuovo paziente' }).click();
      const form = dialog(page, 'Nuovo paziente');
      await form.getByLabel('Nome', { exact: true }).fill(nome);
      await form.getByLabel('Cognome').fill(cognome);
      await form.getByRole('button', { name: 'Salva' }).click();
      return form;
    };
    await (await newPatient('Niccolò', 'Foà')).waitFor({ state: 'detached' });
    const again = await newPatient('niccolo', 'FOA');
    await again.getByRole('alert').filter({ hasText: 'Esiste già Niccolò Foà: crearne un altro?' }).waitFor();
    expect(describeViolations(await seriousViolations(page))).toBe('');
    // Annulla creates nothing; asked again, "Sì, crea un altro" creates the second one.
    await again.getByRole('button', { name: 'Annulla' }).click();
    await again.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Cerca pazienti' }).fill('foa');
    const rows = page.getByRole('table', { name: 'Pazienti' }).getByRole('row', { name: /foa|foà/i });
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Pazienti"] tbody tr').length === 1);
    const second = await newPatient('niccolo', 'FOA');
    await second.getByRole('alert').waitFor();
    await second.getByRole('button', { name: 'Sì, crea un altro' }).click();
    await second.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Pazienti"] tbody tr').length === 2);
    expect(await rows.count()).toBe(2);

    // The picker: nobody is highlighted before typing, so an early Enter adds no one; "foa" finds Foà.
    await openCalendar(page, TUE);
    await coro.getByRole('button', { name: 'Aggiungi utente' }).click();
    const picker = dialog(page, 'Aggiungi Paziente');
    await picker.getByRole('option').first().waitFor();
    expect(await picker.getByRole('option', { selected: true }).count()).toBe(0);
    const before = await coro.locator('.people-list li').allInnerTexts();
    await picker.getByRole('combobox', { name: 'Cerca paziente' }).press('Enter');
    await picker.getByRole('combobox', { name: 'Cerca paziente' }).fill('foa');
    await picker.locator('[role="listbox"][aria-busy="false"]').waitFor({ state: 'attached' });
    await picker
      .getByRole('option', { name: /^Niccolò Foà/ })
      .first()
      .waitFor();
    expect(await picker.getByRole('option').count()).toBe(2);
    expect(describeViolations(await seriousViolations(page))).toBe('');
    await picker.getByRole('button', { name: 'Annulla' }).click();
    await picker.waitFor({ state: 'detached' });
    expect(await coro.locator('.people-list li').allInnerTexts()).toEqual(before);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a non-administrator from /anagrafiche to the calendar, with no Anagrafiche link', async () => {
    const { page, context, errors } = await newPage(e2e.browser);
    await signIn(page, E2E_VIEWER);
    expect(await page.getByRole('link', { name: 'Anagrafiche' }).count()).toBe(0);
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=account`);
    await page.waitForURL(/\/calendario$/);
    await page.getByRole('button', { name: 'Cambia password' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Account' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("names each account's role and refuses to let the administrator revoke their own right", async () => {
    const { page, context } = await newPage(e2e.browser);
    await signIn(page, E2E_ADMIN);
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=account`);
    await page.getByRole('button', { name: `Togli amministratore a ${E2E_ADMIN.username}` }).click();
    await toast(page, ANAGRAFICHE_MSG.selfRevoke);
    expect(
      await page
        .getByRole('row', { name: new RegExp(E2E_ADMIN.username) })
        .getByText('Amministratore', { exact: true })
        .count(),
    ).toBe(1);
    // The read-only role is named "consultazione", never "operatore" (a therapist's word on the calendar).
    const viewerRow = page.getByRole('row', { name: new RegExp(E2E_VIEWER.username) });
    expect(await viewerRow.getByText('Consultazione', { exact: true }).count()).toBe(1);
    expect(
      await page
        .getByRole('table', { name: 'Account' })
        .getByText(/operatore/i)
        .count(),
    ).toBe(0);
    await context.close();
  });

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows every tab at ${viewport.width}×${viewport.height}`, async () => {
      const { page, context, errors } = await newPage(e2e.browser, viewport);
      await signIn(page, E2E_ADMIN);
      // The calendar's navbar with the Anagrafiche link and Cambia password.
      await openCalendar(page, WED);
      await screenshot(page, `anagrafiche-navbar-calendario-${viewportName}`);
      for (const tab of ['pazienti', 'terapisti', 'stanze', 'uscite', 'account']) {
        await page.goto(`${e2e.server.url}/anagrafiche?scheda=${tab}&data=${WED}`);
        await page.getByRole('tab', { selected: true }).waitFor();
        await page.locator('.tab-pane.active .spinner-border').waitFor({ state: 'detached' });
        await page.locator('.tab-pane.active table, .tab-pane.active article, .tab-pane.active p.text-muted').first().waitFor();
        await screenshot(page, `anagrafiche-${tab}-${viewportName}`);
      }
      await page.goto(`${e2e.server.url}/anagrafiche?scheda=pazienti`);
      await page.getByRole('button', { name: 'Nuovo paziente' }).click();
      await dialog(page, 'Nuovo paziente').getByRole('button', { name: 'Salva' }).click();
      await screenshot(page, `anagrafiche-nuovo-paziente-${viewportName}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
