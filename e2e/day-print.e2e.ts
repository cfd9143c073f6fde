/**
 * The day on paper (docs/product.md, Stampa giornata): the PDF of Stampa giornata, the browser's own print of
 * /calendario, and the centre's paper (Anagrafiche → Centro) followed by both the day's and the week's PDF.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { describeViolations, seriousViolations } from './axe.ts';
import { MON, WED } from './dates.ts';
import { E2E_ADMIN, E2E_VIEWER, seedE2eCentre } from './fixtures.ts';
import { DOWNLOADS, newPage, serverAndBrowser } from './harness.ts';
import type { Db } from '../server/db/client.ts';
import { absences, activities, activityPatients, activityTherapists, patients } from '../server/db/schema.ts';
import { expectNoPageErrors, openDay, recordToasts, signIn, waitForToast } from './helpers.ts';

const FIRST = ['Alberto', 'Beatrice', 'Carlo', 'Daniela', 'Emilio', 'Francesca', 'Guido', 'Ilaria', 'Luca', 'Marta', 'Nicola', 'Olga'];
const LAST = ['Amato', 'Barbieri', 'Colombo', 'De Luca', 'Esposito', 'Fabbri', 'Galli', 'Longo', 'Marino', 'Pellegrini'];
/** The busy Wednesday: 10 half-hour activities in each of the 3 rooms, 4 utenti each, all different. */
const BUSY_PER_ROOM = 10;
const BUSY_PEOPLE = 4;

/** The e2e centre, Mario Rossi off sick on Monday, and a Wednesday too full for one page. */
async function seed(db: Db) {
  const centre = await seedE2eCentre(db);
  await db.insert(absences).values({ patientId: centre.patients.mario.id, startDay: MON, endDay: MON, reason: 'malattia' });
  const people = await db
    .insert(patients)
    .values(LAST.flatMap((lastName) => FIRST.map((firstName) => ({ firstName, lastName, mobile: '' }))))
    .returning();
  const roomList = [centre.rooms.palestra, centre.rooms.logopedia, centre.rooms.musica];
  const therapistList = [centre.therapists.paola, centre.therapists.stefano, centre.therapists.laura];
  const busy = await db
    .insert(activities)
    .values(
      roomList.flatMap((room, r) =>
        Array.from({ length: BUSY_PER_ROOM }, (_, k) => {
          const minutes = 8 * 60 + k * 30;
          const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          return { name: busyName(r, k), roomId: room.id, day: WED, weekday: 3, start: time(minutes), end: time(minutes + 30) };
        }),
      ),
    )
    .returning();
  await db
    .insert(activityPatients)
    .values(
      busy.flatMap((a, i) => people.slice(i * BUSY_PEOPLE, (i + 1) * BUSY_PEOPLE).map((p) => ({ activityId: a.id, patientId: p.id }))),
    );
  await db.insert(activityTherapists).values(busy.map((a, i) => ({ activityId: a.id, therapistId: therapistList[i % 3].id })));
  return { ...centre, busy, people };
}

const busyName = (room: number, k: number) => `Laboratorio ${room + 1}-${String(k + 1).padStart(2, '0')}`;

const e2e = serverAndBrowser(seed);

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  fs.mkdirSync(DOWNLOADS, { recursive: true });
  const saved = path.join(DOWNLOADS, file.suggestedFilename());
  await file.saveAs(saved);
  return saved;
}

const pdfInfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });
/** The text of each page, laid out as printed. */
const pdfPages = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim());
const A4_LANDSCAPE = /Page size:\s+841\.89 x 595\.28 pts \(A4\)/;
const LETTER_LANDSCAPE = /Page size:\s+792 x 612 pts \(letter\)/;

/** Everything the seeded Monday holds, as the PDF prints it. */
const MONDAY_TEXT = [
  'Centro diurno',
  'Giornata di lunedì 23 novembre 2026',
  'Palestra',
  '09:00–10:30',
  'Ginnastica dolce',
  'Mario Rossi (assente)',
  'Lucia Bianchi',
  'paola.neri',
  'Logopedia',
  '10:30–12:00',
  'Logopedia individuale',
  'Giorgio Verdi',
  'stefano.villa',
  'Uscite',
  '08:00–09:00',
  'Andata Nord',
  'Pulmino bianco',
  '1. Anna Neri',
  'laura.fontana',
];

describe('Stampa giornata', () => {
  test('downloads the day as an A4 landscape PDF of text: every activity, utente, operatore and passenger, the absent marked', async () => {
    // Every role prints: a consultazione account here.
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_VIEWER, MON);
    const file = await download(page, 'Stampa giornata');
    expect(path.basename(file)).toBe(`giornata_${MON}.pdf`);
    const info = pdfInfo(file);
    expect(info).toMatch(A4_LANDSCAPE);
    expect(info).toMatch(/Pages:\s+1\n/);
    const [text] = pdfPages(file);
    for (const expected of MONDAY_TEXT) expect(text, expected).toContain(expected);
    // Another day's activity is not there, and the reason of an absence stays off the wall.
    expect(text).not.toContain('Coro');
    expect(text).not.toContain('malattia');
    // The times, activity and people of a row are on one line of the sheet, in the columns of the head.
    const head = text.split('\n').find((l) => /Ora\s+Attività\s+Utenti\s+Operatori/.test(l));
    expect(head, text).toBeDefined();
    expect(
      text
        .split('\n')
        .find((l) => l.includes('Ginnastica dolce'))
        ?.trim(),
    ).toMatch(/^09:00–10:30\s+Ginnastica dolce\s+Lucia Bianchi\s+paola\.neri$/);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a day too full for one page goes on as many pages as needed, the head and the date on each, no row cut', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN, WED);
    const file = await download(page, 'Stampa giornata');
    expect(path.basename(file)).toBe(`giornata_${WED}.pdf`);
    expect(pdfInfo(file)).toMatch(A4_LANDSCAPE);
    const pages = pdfPages(file);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain('Giornata di mercoledì 25 novembre 2026');
      expect(text, `page ${i + 1}`).toMatch(/Ora\s+Attività\s+Utenti\s+Operatori/);
      expect(text, `page ${i + 1}`).toContain(`Pagina ${i + 1} di ${pages.length}`);
    });
    // Each activity on exactly one page, with all of its utenti and its operatore on that same page.
    const { busy, people } = e2e.server.centre as Awaited<ReturnType<typeof seed>>;
    busy.forEach((activity, i) => {
      const on = pages.filter((p) => p.includes(activity.name));
      expect(on, activity.name).toHaveLength(1);
      for (const person of people.slice(i * BUSY_PEOPLE, (i + 1) * BUSY_PEOPLE))
        expect(on[0], `${activity.name}: ${person.firstName} ${person.lastName}`).toContain(`${person.firstName} ${person.lastName}`);
    });
    expectNoPageErrors(errors);
    await context.close();
  });

  test("the browser's own print of the calendar gives the same sheet: no top bar, no buttons, every room and activity", async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);
    expect(describeViolations(await seriousViolations(page))).toBe('');
    // On screen the sheet is not there at all (each name once on the page); printing brings it.
    expect(await page.locator('.day-print-sheet').count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    await page.locator('.day-print-sheet').waitFor();
    expect(await page.locator('.app-navbar').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Stampa giornata' }).isVisible()).toBe(false);
    expect(await page.locator('.day-table').isVisible()).toBe(false);
    const printed = path.join(DOWNLOADS, 'stampa-browser.pdf');
    fs.mkdirSync(DOWNLOADS, { recursive: true });
    await page.pdf({ path: printed, preferCSSPageSize: true, printBackground: true });
    expect(pdfInfo(printed)).toMatch(/Page size:\s+841\.\d+ x 59[45]\.\d+ pts \(A4\)/);
    const text = pdfPages(printed).join('\n');
    for (const expected of MONDAY_TEXT.filter((t) => t !== 'Centro diurno')) expect(text, expected).toContain(expected);
    for (const screenOnly of ['Logout', 'Copia Giornata', 'Stampa PDF', 'Svuota Giornata']) expect(text).not.toContain(screenOnly);
    await page.emulateMedia({ media: 'screen' });
    await page.locator('.day-print-sheet').waitFor({ state: 'detached' });
    expectNoPageErrors(errors);
    await context.close();
  });

  test('Formato carta Letter in Anagrafiche → Centro: the day and the week print on Letter, then on A4 again', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    await signIn(page, e2e.server.url, E2E_ADMIN);
    const setPaper = async (label: string) => {
      await page.goto(`${e2e.server.url}/anagrafiche?scheda=centro`);
      await page.getByRole('combobox', { name: 'Formato carta' }).selectOption({ label });
      await page.getByRole('button', { name: 'Salva' }).click();
      await waitForToast(page, 'Impostazioni salvate');
    };
    await setPaper('Letter (formato americano)');
    expect(describeViolations(await seriousViolations(page))).toBe('');

    await openDay(page, e2e.server.url, MON);
    expect(pdfInfo(await download(page, 'Stampa giornata'))).toMatch(LETTER_LANDSCAPE);
    await page.goto(`${e2e.server.url}/stampasettimana?data=${MON}`);
    await page.locator('table.week-table').waitFor();
    expect(pdfInfo(await download(page, 'Stampa PDF'))).toMatch(LETTER_LANDSCAPE);

    await setPaper('A4 (21 × 29,7 cm)');
    await openDay(page, e2e.server.url, MON);
    expect(pdfInfo(await download(page, 'Stampa giornata'))).toMatch(A4_LANDSCAPE);
    await page.goto(`${e2e.server.url}/stampasettimana?data=${MON}`);
    await page.locator('table.week-table').waitFor();
    expect(pdfInfo(await download(page, 'Stampa PDF'))).toMatch(A4_LANDSCAPE);
    expectNoPageErrors(errors);
    await context.close();
  });
});
