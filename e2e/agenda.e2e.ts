/**
 * The personal agenda (docs/product.md, Schermate, Agenda): a therapist's account lands on her
 * agenda on a phone, the day calendar becomes a list on a phone, a patient's weekly PDF names no
 * other patient, a name on the calendar opens the agenda, and the calendar link answers iCalendar.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './axe.ts';
import { describe, expect, test } from 'vitest';
import { todayInRome } from '../common/dates.ts';
import { activities, activityPatients, activityTherapists } from '../server/db/schema.ts';
import { MON } from './dates.ts';
import { E2E_ADMIN, E2E_VIEWER, seedE2eCentre } from './fixtures.ts';
import { DOWNLOADS, newPage, readmeScreenshot, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { activity, callServer, expectNoPageErrors, headline, modal, recordDialogs, recordToasts, signIn, waitForToast } from './helpers.ts';

/** Today as the browser (Europe/Rome) sees it: the day a therapist's agenda opens on. */
const TODAY = todayInRome();
const THERAPIST_ACCOUNT = { username: 'paola.account', password: 'agenda-del-lunedi-mattina' };
const CENTRE = 'Centro diurno Il Girasole';

const e2e = serverAndBrowser(async (db) => {
  const centre = await seedE2eCentre(db);
  const { palestra } = centre.rooms;
  const { mario, lucia } = centre.patients;
  const { paola, stefano } = centre.therapists;
  // Today, for paola.neri with a colleague and two patients: what her agenda shows as she signs in.
  const [pittura] = await db
    .insert(activities)
    .values({
      name: 'Laboratorio di pittura',
      roomId: palestra.id,
      day: TODAY,
      weekday: new Date(`${TODAY}T12:00:00Z`).getUTCDay(),
      start: '11:00',
      end: '12:30',
    })
    .returning();
  await db.insert(activityTherapists).values([
    { activityId: pittura.id, therapistId: paola.id },
    { activityId: pittura.id, therapistId: stefano.id },
  ]);
  await db.insert(activityPatients).values([
    { activityId: pittura.id, patientId: mario.id },
    { activityId: pittura.id, patientId: lucia.id },
  ]);
  return centre;
});

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The administrator creates an account and links it to paola.neri in Anagrafiche (the calls its screens make). */
async function linkTherapistAccount(page: Page) {
  const made = await callServer(page, 'PUT', '/server/anagrafiche/utenti', { ...THERAPIST_ACCOUNT, Admin: 0 });
  expect(made.status).toBe(200);
  const accountId = (made.body as { insertId: number }).insertId;
  const { paola } = e2e.server.centre.therapists;
  const linked = await callServer(page, 'POST', '/server/anagrafiche/terapisti/update', {
    ID: paola.id,
    username: 'paola.neri',
    RifUtente: accountId,
  });
  expect(linked.status).toBe(200);
}

describe('personal agenda', () => {
  test('a therapist signs in on a phone and lands on her agenda; her calendar link answers iCalendar until revoked', async () => {
    const admin = await newPage(e2e.browser);
    await signIn(admin.page, e2e.server.url, E2E_ADMIN, MON);
    await linkTherapistAccount(admin.page);
    await admin.context.close();

    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.phone);
    await recordToasts(page);
    const dialogs = recordDialogs(page);
    await page.goto(`${e2e.server.url}/`);
    await page.getByLabel('Username').fill(THERAPIST_ACCOUNT.username);
    await page.getByLabel('Password').fill(THERAPIST_ACCOUNT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const { paola } = e2e.server.centre.therapists;
    await page.waitForURL(
      (url) =>
        url.pathname === '/agenda' && url.searchParams.get('tipo') === 'terapista' && url.searchParams.get('id') === String(paola.id),
    );
    await page.getByRole('heading', { level: 1, name: 'Agenda di paola.neri' }).waitFor();
    const entry = page.locator('.agenda-entry').filter({ hasText: 'Laboratorio di pittura' });
    await entry.waitFor();
    expect(await entry.innerText()).toMatch(
      /11:00–12:30[\s\S]*Laboratorio di pittura[\s\S]*Palestra[\s\S]*Colleghi: stefano\.villa[\s\S]*Utenti: Lucia Bianchi, Mario Rossi/,
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    // On the phone the sections wait in the bar's menu, La mia agenda first.
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await page.getByRole('link', { name: 'La mia agenda' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'La mia agenda' }).waitFor({ state: 'hidden' });
    await readmeScreenshot(page, 'agenda-telefono');
    expect(describeViolations(await seriousViolations(page))).toBe('');

    // The week: Monday holds Ginnastica dolce in Palestra.
    await page.getByRole('button', { name: 'Settimana', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('vista') === 'settimana');
    await page.goto(`${e2e.server.url}/agenda?tipo=terapista&id=${paola.id}&data=${MON}&vista=settimana`);
    const monday = page.getByRole('region', { name: headline(MON) });
    await monday.getByText('Ginnastica dolce').waitFor();
    expect(await monday.innerText()).toContain('09:00–10:30');
    await screenshot(page, 'agenda-settimana-390x844');

    // Calendario sul telefono: a link that answers text/calendar without a session, and stops at Revoca.
    await page.getByText('Non attivo').waitFor();
    await page.getByRole('button', { name: 'Crea link' }).click();
    const urlBox = page.getByLabel(/Copia questo indirizzo/);
    await urlBox.waitFor();
    const feedUrl = await urlBox.inputValue();
    expect(feedUrl).toMatch(new RegExp(`^${e2e.server.url}/server/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(feed.headers.get('set-cookie')).toBeNull();
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('Laboratorio di pittura');
    await page.getByRole('button', { name: 'Rigenera link' }).waitFor();
    await page.getByRole('button', { name: 'Revoca' }).click();
    await waitForToast(page, 'Indirizzo del calendario revocato: non funziona più');
    expect(dialogs.seen.map((d) => d.type)).toEqual(['confirm']);
    await page.getByText('Non attivo').waitFor();
    expect((await fetch(feedUrl)).status).toBe(404);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('the day calendar on a phone is a list by time or room, with no sideways scrolling, and its actions still work', async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.phone);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.waitFor();
    expect(await page.locator('.day-table').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    // By time: the slots' starting times in order, each card under its room.
    const titles = await page.locator('.day-list-title').allInnerTexts();
    expect(titles.map((t) => t.trim())).toEqual(['08:00', '09:00', '10:30']);
    await readmeScreenshot(page, 'calendario-telefono');
    expect(describeViolations(await seriousViolations(page))).toBe('');
    // By room: the calendar's columns, with a + each.
    await page.getByRole('button', { name: 'Per stanza' }).click();
    await page.getByRole('button', { name: 'Nuova attività in Palestra' }).waitFor();
    const rooms = (await page.locator('.day-list-title').allInnerTexts()).map((t) => t.replace('+', '').trim());
    expect(rooms).toEqual(['Palestra', 'Logopedia', 'Musicoterapia', 'Attività esterne']);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'calendario-per-stanza-390x844');
    // The card's actions: Modifica Attività opens from the name.
    await ginnastica.getByRole('button', { name: 'Ginnastica dolce', exact: true }).click();
    await modal(page, 'Modifica Attività').waitFor();
    await page.keyboard.press('Escape');
    await modal(page, 'Modifica Attività').waitFor({ state: 'detached' });
    // Gestione Paziente, and from it the agenda of that patient.
    await ginnastica.getByRole('button', { name: 'Mario Rossi' }).click();
    await modal(page, 'Gestione Paziente').getByRole('link', { name: "Apri l'agenda di Mario Rossi" }).click();
    await page.getByRole('heading', { level: 1, name: 'Agenda di Mario Rossi' }).waitFor();
    expect(new URL(page.url()).searchParams.get('data')).toBe(MON);
    expectNoPageErrors(errors);
    await context.close();
  });

  test("a patient's weekly PDF holds the centre's name, the week's activities and no other patient's name", async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    // The centre's name, set in Anagrafiche → Centro.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=centro`);
    await page.getByLabel('Nome del centro').fill(CENTRE);
    await page.getByRole('button', { name: 'Salva' }).click();
    await waitForToast(page, 'Impostazioni salvate');
    // The patron saint's day, an Italian month and a day, kept after a reload; then none again.
    await page.getByRole('combobox', { name: 'Mese del santo patrono' }).selectOption({ label: 'dicembre' });
    await page.getByRole('combobox', { name: 'Giorno del santo patrono' }).selectOption({ label: '7' });
    await page.getByRole('button', { name: 'Salva' }).click();
    await waitForToast(page, 'Impostazioni salvate');
    await page.reload();
    expect(await page.getByRole('combobox', { name: 'Mese del santo patrono' }).locator('option:checked').innerText()).toBe('dicembre');
    expect(await page.getByRole('combobox', { name: 'Giorno del santo patrono' }).inputValue()).toBe('7');
    await page.getByRole('combobox', { name: 'Mese del santo patrono' }).selectOption({ label: 'Nessuno' });
    await page.getByRole('button', { name: 'Salva' }).click();
    await waitForToast(page, 'Impostazioni salvate');

    // From Anagrafiche → Pazienti, Agenda of Mario Rossi.
    await page.goto(`${e2e.server.url}/anagrafiche?scheda=pazienti`);
    await page.getByRole('link', { name: 'Agenda di Mario Rossi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Agenda di Mario Rossi' }).waitFor();
    const { mario } = e2e.server.centre.patients;
    await page.goto(`${e2e.server.url}/agenda?tipo=paziente&id=${mario.id}&data=${MON}&vista=settimana`);
    await page
      .getByRole('region', { name: headline(MON) })
      .getByText('Ginnastica dolce')
      .waitFor();
    // A patient's agenda names no other patient on screen either.
    expect(await page.locator('.agenda').innerText()).not.toContain('Lucia Bianchi');
    await screenshot(page, 'agenda-utente-1366x768');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica PDF della settimana' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`agenda_utente_${mario.id}_${MON}.pdf`);
    fs.mkdirSync(DOWNLOADS, { recursive: true });
    const file = path.join(DOWNLOADS, download.suggestedFilename());
    await download.saveAs(file);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      CENTRE,
      'Agenda di Mario Rossi',
      'Settimana dal 23-11-2026 al 29-11-2026',
      'Lunedì 23-11-2026',
      'Ginnastica dolce',
      'Palestra',
      '09:00–10:30',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const others = Object.values(e2e.server.centre.patients).filter((p) => p.id !== mario.id);
    for (const other of others) expect(text, other.firstName).not.toContain(`${other.firstName} ${other.lastName}`);
    for (const other of others) expect(text, other.firstName).not.toContain(other.firstName);
    expect(text).toContain('Mario Rossi');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a name on the calendar or the weekly screen opens that person’s agenda (a read-only account: the name is the link)', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER, MON);
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.getByRole('link', { name: 'paola.neri' }).click();
    await page.getByRole('heading', { level: 1, name: 'Agenda di paola.neri' }).waitFor();
    await page.locator('.agenda-entry').filter({ hasText: 'Ginnastica dolce' }).waitFor();
    // The viewer is not paola's account: no calendar link panel.
    expect(await page.getByRole('heading', { name: 'Calendario sul telefono' }).count()).toBe(0);
    // ‹ and › move by a day; Oggi comes back to today.
    await page.getByRole('button', { name: 'Giorno successivo' }).click();
    await page.waitForURL((url) => url.searchParams.get('data') === '2026-11-24');
    await page.getByText('Nessuna attività in programma per questa giornata.').waitFor();
    await page.getByRole('button', { name: 'Oggi' }).click();
    await page.waitForURL((url) => url.searchParams.get('data') === TODAY);
    // The weekly screen's names open the agenda too, on that day.
    await page.goto(`${e2e.server.url}/stampasettimana?data=${MON}`);
    await page
      .getByRole('row', { name: /^Logopedia/ })
      .getByRole('link', { name: 'stefano.villa' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Agenda di stefano.villa' }).waitFor();
    await page.locator('.agenda-entry').filter({ hasText: 'Logopedia individuale' }).waitFor();
    expect(new URL(page.url()).searchParams.get('data')).toBe(MON);
    expectNoPageErrors(errors);
    await context.close();
  });
  // Last: the absences it records would change what the tests above read of Monday.
  test('absences on the agenda: a utente and a colleague absent say "assente: malattia", struck through; the own absent day too; in the PDF as well', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    const { lucia } = e2e.server.centre.patients;
    const { paola, stefano } = e2e.server.centre.therapists;
    for (const body of [
      { tipo: 'paziente', persona: lucia.id, dal: MON, al: MON, motivo: 'malattia' },
      { tipo: 'terapista', persona: stefano.id, dal: MON, al: MON, motivo: 'malattia' },
    ]) {
      expect((await callServer(page, 'PUT', '/server/presenze/assenze', body)).status).toBe(200);
    }

    // paola.neri's Monday: Lucia Bianchi absent in Ginnastica dolce, Mario Rossi not.
    await page.goto(`${e2e.server.url}/agenda?tipo=terapista&id=${paola.id}&data=${MON}`);
    const ginnastica = page.locator('.agenda-entry').filter({ hasText: 'Ginnastica dolce' });
    await ginnastica.waitFor();
    expect(await ginnastica.locator('.agenda-people', { hasText: 'Utenti' }).innerText()).toBe(
      'Utenti: Lucia Bianchi (assente: malattia), Mario Rossi',
    );
    const absentName = ginnastica.locator('.agenda-absent s');
    expect(await absentName.innerText()).toBe('Lucia Bianchi');
    expect(await absentName.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    expect(await ginnastica.getByRole('link', { name: 'Lucia Bianchi' }).count()).toBe(1);
    expect(describeViolations(await seriousViolations(page))).toBe('');

    // stefano.villa's own Monday: his activity stays, struck through, and says he is absent.
    await page.goto(`${e2e.server.url}/agenda?tipo=terapista&id=${stefano.id}&data=${MON}`);
    const logopedia = page.locator('.agenda-entry').filter({ hasText: 'Logopedia individuale' });
    await logopedia.waitFor();
    expect(await logopedia.innerText()).toMatch(/10:30–12:00[\s\S]*Assente: malattia[\s\S]*Logopedia individuale/);
    expect(await logopedia.locator('.agenda-title').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    await screenshot(page, 'agenda-assente-1366x768');
    expect(describeViolations(await seriousViolations(page))).toBe('');

    // paola.neri's weekly PDF says it in words.
    await page.goto(`${e2e.server.url}/agenda?tipo=terapista&id=${paola.id}&data=${MON}&vista=settimana`);
    await page
      .getByRole('region', { name: headline(MON) })
      .getByText('Ginnastica dolce')
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica PDF della settimana' }).click(),
    ]);
    fs.mkdirSync(DOWNLOADS, { recursive: true });
    const file = path.join(DOWNLOADS, `assenze-${download.suggestedFilename()}`);
    await download.saveAs(file);
    // A cell's lines wrap where the PDF's width says: compared with the spaces and line ends of the text as one.
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Lucia Bianchi (assente: malattia)');
    expectNoPageErrors(errors);
    await context.close();
  });
});
