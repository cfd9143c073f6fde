/**
 * npm run bench:lighthouse: Lighthouse 12.2.3 (desktop preset) on /calendario, signed in, with an empty HTTP cache, on
 * a small synthetic centre (bench/synthetic-centre.ts) served by the built app on PGlite. Prints the performance and
 * accessibility scores with the main metrics, writes the HTML report to bench/results/, and exits 1 below
 * performance 95 or accessibility 100 (docs/performance.md). Chromium from CHROME_PATH (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { openPglite } from '../server/db/client.ts';
import { spawnServer } from '../server/test/server-process.ts';
import { BENCH_ADMIN, buildSyntheticCentre, buildWideDay } from './synthetic-centre.ts';

const DAY = '2026-10-28';
const BUDGET = { performance: 95, accessibility: 100 };

if (!fs.existsSync('dist/client/index.html')) throw new Error('Build the web app first (npm run build).');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-lighthouse-'));
const database = await openPglite(dataDir);
await buildSyntheticCentre(database.db, '2026-09-01', '2026-11-06');
await buildWideDay(database.db, '2026-11-10');
await database.close();
const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
let exitCode: number;
try {
  // Sign in as a coordinator would (the session cookie and the stored profile), then empty the HTTP cache: the audit
  // measures a first visit of the calendar by someone signed in.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForSelector('#login-username', { timeout: 60_000 });
  await page.type('#login-username', BENCH_ADMIN.username);
  await page.type('input[name="pass"]', BENCH_ADMIN.password);
  await page.click('button[type="submit"]');
  await page.waitForSelector('.day-table', { timeout: 60_000 });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();

  const url = `${server.url}/calendario?data=${DAY}`;
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'html', disableStorageReset: true, onlyCategories: ['performance', 'accessibility'], logLevel: 'error' },
    desktopConfig,
  );
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
  const summary = {
    date: new Date().toISOString(),
    lighthouse: lhr.lighthouseVersion,
    url: lhr.finalDisplayedUrl,
    preset: 'desktop',
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, load: os.loadavg().map((n) => Math.round(n * 10) / 10) },
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: {
      firstContentfulPaint: metric('first-contentful-paint'),
      largestContentfulPaint: metric('largest-contentful-paint'),
      totalBlockingTime: metric('total-blocking-time'),
      cumulativeLayoutShift: metric('cumulative-layout-shift'),
      speedIndex: metric('speed-index'),
      totalByteWeight: metric('total-byte-weight'),
    },
    failedAccessibilityAudits: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id),
  };
  fs.mkdirSync('bench/results', { recursive: true });
  const report = `bench/results/lighthouse-${summary.date.replace(/[:.]/g, '-')}.html`;
  fs.writeFileSync(report, String(result.report));
  console.log(JSON.stringify(summary, null, 2));
  const missed = (Object.keys(BUDGET) as (keyof typeof BUDGET)[]).filter((k) => summary[k] < BUDGET[k]);
  console.error(
    missed.length === 0
      ? `[lighthouse] performance ${summary.performance}, accessibility ${summary.accessibility}; report in ${report}`
      : `[lighthouse] below budget: ${missed.map((k) => `${k} ${summary[k]} (at least ${BUDGET[k]})`).join(', ')}; report in ${report}`,
  );
  exitCode = missed.length === 0 ? 0 : 1;
} finally {
  chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
