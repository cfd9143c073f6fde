/** The weekly print (docs/product.md, Stampa settimanale): therapists per room and weekday, and the PDF they are saved to. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { FRI, MON, TUE } from './dates.ts';
import { E2E_ADMIN, E2E_VIEWER } from './fixtures.ts';
import { DOWNLOADS, newPage, screenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import {
  activity,
  addFromSearch,
  expectNoPageErrors,
  headline,
  modalClosed,
  recordToasts,
  signIn,
  waitForToast,
  weekTable,
} from './helpers.ts';

const e2e = serverAndBrowser();

const HEADERS = ['', 'Lunedì 23-11-2026', 'Martedì 24-11-2026', 'Mercoledì 25-11-2026', 'Giovedì 26-11-2026', 'Venerdì 27-11-2026'];

/** The seeded week once stefano.villa has joined Ginnastica dolce on Monday. */
const WEEK = [
  HEADERS,
  ['Palestra', 'paola.neri, stefano.villa', '', '', '', ''],
  ['Logopedia', 'stefano.villa', '', '', '', ''],
  ['Musicoterapia', '', 'laura.fontana', '', '', ''],
  ['ATTIVITÀ ESTERNE', 'laura.fontana', '', '', '', ''],
];

async function openWeek(page: import('playwright-core').Page, day: string) {
  await page.goto(`${e2e.server.url}/stampasettimana?data=${day}`);
  await page.getByRole('heading', { name: /^Settimana dal/ }).waitFor();
  await page.locator('table.week-table').waitFor();
}

describe('weekly print', () => {
  test('lists the therapists of each room and day, Monday to Friday, and follows a change made in the calendar', async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await recordToasts(page);
    await signIn(page, e2e.server.url, E2E_ADMIN, MON);

    // A therapist joins Ginnastica dolce (with the mouse, the other way in).
    const ginnastica = activity(page, 'Ginnastica dolce', 'Palestra', '09:00', '10:30');
    await ginnastica.getByRole('button', { name: 'Aggiungi operatore' }).click();
    await addFromSearch(page, 'terapista', 'stefano', 'stefano.villa');
    await waitForToast(page, 'stefano.villa inserito in Ginnastica dolce');
    await modalClosed(page);
    await ginnastica.getByRole('button', { name: 'stefano.villa' }).waitFor();

    // Stampa PDF of the calendar leads to the week of the displayed day.
    await page.getByRole('link', { name: 'Stampa PDF' }).click();
    await page.waitForURL(`${e2e.server.url}/stampasettimana?data=${MON}`);
    await page.getByRole('heading', { name: 'Settimana dal 23-11-2026 al 27-11-2026' }).waitFor();
    await page.locator('table.week-table').waitFor();
    expect(await weekTable(page)).toEqual(WEEK);
    await screenshot(page, 'settimana-1366x768');

    // Any day of the week, a Saturday included, shows the same Monday to Friday.
    for (const day of [TUE, FRI, '2026-11-28']) {
      await openWeek(page, day);
      expect(await weekTable(page), day).toEqual(WEEK);
    }
    // The week after is another week.
    await openWeek(page, '2026-11-30');
    const next = await weekTable(page);
    expect(next[0]).toEqual([
      '',
      'Lunedì 30-11-2026',
      'Martedì 01-12-2026',
      'Mercoledì 02-12-2026',
      'Giovedì 03-12-2026',
      'Venerdì 04-12-2026',
    ]);
    expect(next.slice(1).every((row) => row.slice(1).every((cell) => cell === ''))).toBe(true);

    // Indietro returns to the calendar of the same day.
    await openWeek(page, TUE);
    await page.getByRole('link', { name: 'Indietro' }).click();
    await page.waitForURL(`${e2e.server.url}/calendario?data=${TUE}`);
    await page.getByRole('heading', { level: 1, name: headline(TUE) }).waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a non-administrator sees the same week (phone)', async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.phone);
    await signIn(page, e2e.server.url, E2E_VIEWER);
    await openWeek(page, MON);
    expect(await weekTable(page)).toEqual(WEEK);
    await screenshot(page, 'settimana-390x844');
    expectNoPageErrors(errors);
    await context.close();
  });

  test("Stampa PDF downloads a landscape A4 PDF named by the week, whose text holds each room's therapists", async () => {
    const { context, page, errors } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, E2E_ADMIN);
    await openWeek(page, TUE);
    expect(await weekTable(page)).toEqual(WEEK);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Stampa PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('settimana_2026-11-23_2026-11-27.pdf');
    fs.mkdirSync(DOWNLOADS, { recursive: true });
    const file = path.join(DOWNLOADS, download.suggestedFilename());
    await download.saveAs(file);

    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);

    // Real text, laid out as the table: each row starts with its room and holds its therapists under the right day.
    const lines = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\n');
    expect(lines.join('\n')).toContain('Settimana dal 23-11-2026 al 27-11-2026');
    const headerLine = lines.find((l) => l.includes('Lunedì 23-11-2026'));
    expect(headerLine, lines.join('\n')).toBeDefined();
    const dayStarts = HEADERS.slice(1).map((h) => headerLine!.indexOf(h));
    expect(dayStarts.every((x) => x > 0)).toBe(true);
    const dayOf = (column: number) => dayStarts.filter((start) => start <= column + 2).length - 1;

    /** The names of each day column on the lines of one row (the row's first line and its continuation lines). */
    const rowCells = (label: string) => {
      const first = lines.findIndex((l) => l.trimStart().startsWith(label));
      expect(first, `row ${label} in\n${lines.join('\n')}`).toBeGreaterThan(-1);
      const cells: string[][] = [[], [], [], [], []];
      for (let i = first; i < lines.length; i++) {
        const line = i === first ? lines[i].replace(label, ' '.repeat(label.length)) : lines[i];
        if (i > first && (line.trim() === '' || /^\s*\S/.test(line.slice(0, dayStarts[0] - 1)))) break;
        for (const m of line.matchAll(/\S+/g)) cells[dayOf(m.index!)].push(m[0]);
      }
      return cells.map((names) => names.join(', '));
    };
    for (const row of WEEK.slice(1)) expect(rowCells(row[0]), row[0]).toEqual(row.slice(1));
    expectNoPageErrors(errors);
    await context.close();
  });
});
