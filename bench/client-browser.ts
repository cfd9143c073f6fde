/**
 * What the browser measures of the web app (docs/performance.md, docs/decisions/0036-first-visit-budget.md), for
 * `npm run bench` (bench/run.ts) and on its own with `npm run bench:client` (a small synthetic centre on PGlite):
 *
 * - each route's first visit, signed in with an empty cache: the gzipped JavaScript and CSS the browser downloads
 *   until the screen has painted (/calendario and /presenze on a desktop window, /agenda on a phone);
 * - the paint of the 20-room × 15-slot day after its data arrives (the calendar's User Timing measure, see
 *   client/features/calendar/paint-timing.ts: the rows that fill the window), median of several loads, the paint of
 *   its last row, and the long tasks (Long Tasks API, over 50 ms) from the data to that last row's paint.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../server/test/chromium.ts';
import { FIRST_VISIT_BUDGETS } from './client-size.ts';
import { BENCH_ADMIN } from './synthetic-centre.ts';

/** The byte budgets are the size check's (bench/client-size.ts, run by `npm test`): one list, so the two cannot disagree. */
const byteBudget = (route: string) => {
  const budget = FIRST_VISIT_BUDGETS.find((b) => b.route === route);
  if (!budget) throw new Error(`no first-visit budget for ${route}`);
  return budget;
};

export const CLIENT_BUDGETS = {
  calendarJsKb: byteBudget('/calendario').jsKb,
  calendarCssKb: byteBudget('/calendario').cssKb,
  presenzeJsKb: byteBudget('/presenze').jsKb,
  agendaPhoneJsKb: byteBudget('/agenda').jsKb,
  otherCssKb: Math.max(byteBudget('/presenze').cssKb, byteBudget('/agenda').cssKb),
  /** The 20 × 15 day painted after its data, median ms, and no long task over 50 ms while it paints. */
  paintMs: 150,
  longTasksDuringPaint: 0,
};

const DESKTOP = { viewport: { width: 1366, height: 768 }, locale: 'it-IT' };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'it-IT' };
const PAINT_RUNS = 7;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const launch = launchChromium;

/** A signed-in session's cookies and stored user, to open each route with an empty cache. */
async function signedInState(browser: Browser, url: string) {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.getByLabel('Username').fill(BENCH_ADMIN.username);
  await page.getByLabel('Password').fill(BENCH_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/calendario/);
  const state = await context.storageState();
  await context.close();
  return state;
}

interface FirstVisit {
  route: string;
  device: 'desktop' | 'phone';
  jsKb: number;
  cssKb: number;
  files: string[];
}

/** Opens `route` in a fresh context (empty cache) and sums what it downloaded until `painted` resolved. */
async function firstVisit(
  browser: Browser,
  url: string,
  state: Awaited<ReturnType<typeof signedInState>>,
  route: string,
  device: 'desktop' | 'phone',
  painted: (page: Page) => Promise<unknown>,
): Promise<FirstVisit> {
  const context: BrowserContext = await browser.newContext({ ...(device === 'phone' ? PHONE : DESKTOP), storageState: state });
  const page = await context.newPage();
  const files: { path: string; type: string; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  let open = true;
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (!open || (type !== 'script' && type !== 'stylesheet')) return;
    pending.push(
      res
        .body()
        .then((body) => {
          files.push({ path: new URL(res.url()).pathname, type, gzip: zlib.gzipSync(body, { level: 9 }).length });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(`${url}${route}`);
  await painted(page);
  // The frame after: anything the paint itself asked for is counted too (in the page, as text: bench/ has no DOM types).
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))');
  open = false;
  await Promise.all(pending);
  await context.close();
  const sum = (type: string) => round(files.filter((f) => f.type === type).reduce((s, f) => s + f.gzip, 0) / 1024);
  return { route, device, jsKb: sum('script'), cssKb: sum('stylesheet'), files: files.map((f) => f.path) };
}

interface LongTask {
  startTime: number;
  duration: number;
}

/** The wide day painted after its data, PAINT_RUNS times; the long tasks that overlap each paint. */
async function paintRuns(browser: Browser, url: string, state: Awaited<ReturnType<typeof signedInState>>, wideDay: string) {
  const context = await browser.newContext({ ...DESKTOP, storageState: state });
  // Every long task of the page, from its start (the observer is in place before the app's code runs).
  await context.addInitScript({
    content: `
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push({ startTime: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });`,
  });
  const page = await context.newPage();
  // One warm-up load: the code is in the cache, as for someone who moves between days.
  await page.goto(`${url}/calendario?data=${wideDay}`);
  await page.locator('.day-table').waitFor();
  const runs: { paintMs: number; completeMs: number; renderMs: number | null; longTasks: LongTask[] }[] = [];
  for (let i = 0; i < PAINT_RUNS; i++) {
    await page.goto(`${url}/calendario?data=${wideDay}`);
    // A function, not a string: the app's Content Security Policy forbids eval (bench/ has no DOM types: globalThis).
    // The long tasks counted are those of the whole day's paint, to its last row (a big day paints the rows that fill
    // the window first, client/features/calendar/progressive-rows.ts), read 100 ms after it so that the observer has
    // been told of every one.
    const handle = await page.waitForFunction(
      () => {
        const measure = performance.getEntriesByName('giornata:paint', 'measure')[0];
        const complete = performance.getEntriesByName('giornata:paint-complete', 'measure')[0];
        if (!measure || !complete) return null;
        const end = complete.startTime + complete.duration;
        if (performance.now() < end + 100) return null;
        const render = performance.getEntriesByName('giornata:render', 'measure')[0];
        const tasks = (globalThis as unknown as { __longTasks: { startTime: number; duration: number }[] }).__longTasks;
        return {
          paintMs: measure.duration,
          completeMs: complete.duration,
          renderMs: render ? render.duration : null,
          longTasks: tasks.filter((t) => t.startTime < end && t.startTime + t.duration > measure.startTime),
        };
      },
      undefined,
      { timeout: 30_000 },
    );
    runs.push((await handle.jsonValue()) as (typeof runs)[number]);
  }
  await context.close();
  return {
    paintMsMedian: round(median(runs.map((r) => r.paintMs)), 2),
    paintMsRuns: runs.map((r) => round(r.paintMs, 2)),
    /** To the frame that painted the day's last row (the same frame for a day that fits in one chunk). */
    completeMsMedian: round(median(runs.map((r) => r.completeMs)), 2),
    completeMsRuns: runs.map((r) => round(r.completeMs, 2)),
    /** Of each paint, React's part (data to the table in the DOM); the rest is the browser's style, layout and paint. */
    renderMsRuns: runs.map((r) => (r.renderMs === null ? null : round(r.renderMs, 2))),
    longTaskMsRuns: runs.map((r) => r.longTasks.map((t) => round(t.duration))),
    longTasksDuringPaint: runs.reduce((n, r) => n + r.longTasks.length, 0),
    longestTaskDuringPaintMs: round(Math.max(0, ...runs.flatMap((r) => r.longTasks.map((t) => t.duration))), 1),
  };
}

export async function clientMeasures(url: string, wideDay: string, day: string) {
  const browser = await launch();
  try {
    const state = await signedInState(browser, url);
    const visits = [
      await firstVisit(browser, url, state, `/calendario?data=${day}`, 'desktop', (p) => p.locator('.day-table').waitFor()),
      await firstVisit(browser, url, state, `/presenze?data=${day}`, 'desktop', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      ),
      await firstVisit(browser, url, state, `/agenda?tipo=terapista&id=1&data=${day}`, 'phone', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      ),
    ];
    const paint = await paintRuns(browser, url, state, wideDay);
    return { visits, paint };
  } finally {
    await browser.close();
  }
}

export type ClientMeasures = Awaited<ReturnType<typeof clientMeasures>>;

/** The budgets of the browser's measures, in the shape bench/run.ts reports them. */
export function clientBudgets(m: ClientMeasures): { budget: string; limit: number; value: number | null; ok: boolean }[] {
  const b = CLIENT_BUDGETS;
  const visit = (route: string) => m.visits.find((v) => v.route.startsWith(route))!;
  const calendar = visit('/calendario');
  const pdfLoaded = calendar.files.some((f) => /jspdf|autotable|html2canvas|purify/i.test(f));
  const rows = [
    { budget: 'first visit to /calendario (signed in, empty cache), gzipped JavaScript KB', limit: b.calendarJsKb, value: calendar.jsKb },
    { budget: 'first visit to /calendario, gzipped CSS KB', limit: b.calendarCssKb, value: calendar.cssKb },
    { budget: 'first visit to /presenze, gzipped JavaScript KB', limit: b.presenzeJsKb, value: visit('/presenze').jsKb },
    { budget: 'first visit to /presenze, gzipped CSS KB', limit: b.otherCssKb, value: visit('/presenze').cssKb },
    { budget: 'first visit to /agenda on a phone, gzipped JavaScript KB', limit: b.agendaPhoneJsKb, value: visit('/agenda').jsKb },
    { budget: 'first visit to /agenda on a phone, gzipped CSS KB', limit: b.otherCssKb, value: visit('/agenda').cssKb },
    { budget: 'calendar of 20 rooms × 15 slots painted after its data, median ms', limit: b.paintMs, value: m.paint.paintMsMedian },
    {
      budget: 'long tasks (over 50 ms) while the 20 × 15 day paints, to its last row, all runs',
      limit: b.longTasksDuringPaint,
      value: m.paint.longTasksDuringPaint,
    },
  ];
  return [
    ...rows.map((r) => ({ ...r, ok: r.value <= r.limit })),
    { budget: 'no PDF library in the first visit to /calendario', limit: 0, value: pdfLoaded ? 1 : 0, ok: !pdfLoaded },
  ];
}

/** npm run bench:client: the same measures on a small centre (PGlite), without the server's benchmark. */
async function main() {
  const { openPglite } = await import('../server/db/client.ts');
  const { spawnServer } = await import('../server/test/server-process.ts');
  const { buildSyntheticCentre, buildWideDay } = await import('./synthetic-centre.ts');
  if (!fs.existsSync('dist/client/index.html')) throw new Error('Build the web app first (npm run build).');
  const DAY = '2026-10-28';
  const WIDE_DAY = '2026-11-10';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-bench-client-'));
  const database = await openPglite(dataDir);
  await buildSyntheticCentre(database.db, '2026-09-01', '2026-11-06');
  await buildWideDay(database.db, WIDE_DAY);
  await database.close();
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    const measures = await clientMeasures(server.url, WIDE_DAY, DAY);
    const budgets = clientBudgets(measures);
    console.log(
      JSON.stringify({ date: new Date().toISOString(), cpu: os.cpus()[0]?.model, cpus: os.cpus().length, ...measures, budgets }, null, 2),
    );
    const missed = budgets.filter((b) => !b.ok);
    console.error(
      missed.length === 0
        ? '[bench:client] all budgets met'
        : `[bench:client] budgets missed:\n${missed.map((b) => `  ${b.budget}: ${b.value} (limit ${b.limit})`).join('\n')}`,
    );
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) await main();
