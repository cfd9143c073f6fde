/**
 * Screenshots of every screen and of the Bootstrap components the app uses, for comparing two builds of the
 * web app (docs/decisions/0036-first-visit-budget.md: the Bootstrap subset must look the same).
 *
 *   node --import tsx bench/client-screens.ts shoot <folder>          (after npm run build)
 *   node --import tsx bench/client-screens.ts compare <before> <after>
 *
 * `shoot` builds a small synthetic centre (bench/synthetic-centre.ts) on PGlite, starts the built app on it with its
 * clock on a fixed day, signs in and saves one PNG per screen; `compare` counts the pixels that differ between two
 * folders and exits 1 when a screen differs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode } from 'fast-png';
import { chromium, type Page } from 'playwright-core';
import { openPglite } from '../server/db/client.ts';
import { CHROMIUM_PATH } from '../server/test/chromium.ts';
import { spawnServer } from '../server/test/server-process.ts';
import { BENCH_ADMIN, buildSyntheticCentre, buildWideDay } from './synthetic-centre.ts';

const DAY = '2026-10-28';
const WIDE_DAY = '2026-11-10';

async function shoot(folder: string) {
  fs.mkdirSync(folder, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-screens-'));
  const database = await openPglite(dataDir);
  await buildSyntheticCentre(database.db, '2026-09-01', '2026-11-06');
  await buildWideDay(database.db, WIDE_DAY);
  await database.close();
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', TEST_TODAY: DAY });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'it-IT', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const snap = async (name: string, p: Page = page) => {
      await p.waitForTimeout(400);
      await p.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
    };
    await page.goto(`${server.url}/`);
    await snap('login');
    await page.getByLabel('Username').fill(BENCH_ADMIN.username);
    await page.getByLabel('Password').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/calendario/);
    const calendar = async (day: string) => {
      await page.goto(`${server.url}/calendario?data=${day}`);
      await page.locator('.day-table').waitFor();
    };
    await calendar(DAY);
    await snap('calendario');
    await page.locator('.date-field-button').first().click();
    await page.locator('.date-field-popover .rdp-root').waitFor();
    await snap('calendario-popover');
    await page.keyboard.press('Escape');
    const absent = page.locator('.day-table .person-absent-name').filter({ visible: true }).first();
    if (await absent.count()) {
      await absent.hover();
      await page.locator('.tooltip').waitFor();
      await snap('calendario-tooltip');
      await page.mouse.move(0, 0);
    }
    await page.getByTitle('Nuova attività').first().click();
    await page.getByRole('dialog').waitFor();
    await snap('calendario-modal');
    await page.keyboard.press('Escape');
    await calendar(WIDE_DAY);
    await snap('calendario-wide');
    for (const [name, url] of [
      ['presenze', `/presenze?data=${DAY}`],
      ['anagrafiche', `/anagrafiche?data=${DAY}`],
      ['registro', '/registro'],
      ['modelli', '/modelli'],
      ['agenda', `/agenda?tipo=terapista&id=1&data=${DAY}`],
      ['stampasettimana', `/stampasettimana?data=${DAY}`],
    ]) {
      await page.goto(`${server.url}${url}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('load');
      await page.waitForTimeout(800);
      await snap(name);
    }
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'it-IT',
      reducedMotion: 'reduce',
      storageState: await context.storageState(),
    });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.url}/calendario?data=${DAY}`);
    await phonePage.getByRole('heading', { level: 1 }).first().waitFor();
    await phonePage.waitForTimeout(800);
    await snap('phone-calendario', phonePage);
    await phonePage.getByRole('button', { name: 'Menu' }).click();
    await snap('phone-menu', phonePage);
    await phonePage.goto(`${server.url}/agenda?tipo=terapista&id=1&data=${DAY}`);
    await phonePage.getByRole('heading', { level: 1 }).first().waitFor();
    await phonePage.waitForTimeout(800);
    await snap('phone-agenda', phonePage);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function compare(before: string, after: string) {
  let failed = 0;
  for (const file of fs.readdirSync(before).filter((f) => f.endsWith('.png'))) {
    const other = path.join(after, file);
    if (!fs.existsSync(other)) {
      console.log(`${file}: missing after`);
      failed++;
      continue;
    }
    const a = decode(fs.readFileSync(path.join(before, file)));
    const b = decode(fs.readFileSync(other));
    if (a.width !== b.width || a.height !== b.height) {
      console.log(`${file}: size ${a.width}×${a.height} → ${b.width}×${b.height}`);
      failed++;
      continue;
    }
    let differing = 0;
    const channels = a.channels;
    for (let i = 0; i < a.data.length; i += channels) {
      for (let c = 0; c < channels; c++) {
        if (a.data[i + c] !== b.data[i + c]) {
          differing++;
          break;
        }
      }
    }
    console.log(`${file}: ${differing} of ${a.width * a.height} pixels differ`);
    if (differing > 0) failed++;
  }
  process.exit(failed ? 1 : 0);
}

const [command, first, second] = process.argv.slice(2);
if (command === 'shoot' && first) await shoot(first);
else if (command === 'compare' && first && second) compare(first, second);
else {
  console.error('usage: client-screens.ts shoot <folder> | compare <before> <after>');
  process.exit(2);
}
