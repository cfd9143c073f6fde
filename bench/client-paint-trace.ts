/**
 * The 20 × 15 day's paint in a Chromium trace, as CPU time of the page's main thread (the trace's thread time, which
 * a busy machine inflates far less than the wall-clock figures of `npm run bench:client`): for each load, the longest
 * task and the sum of the tasks from the day's data to its last row painted.
 *
 *   npm run build && node --import tsx bench/client-paint-trace.ts
 *
 * For a build from before `giornata:paint-complete`: `PAINT_END=giornata:paint`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from './client-browser.ts';
import { BENCH_ADMIN } from './synthetic-centre.ts';

const RUNS = 5;
/** The measure that ends the paint: `giornata:paint` for a build from before the complete measure (PAINT_END). */
const END = process.env.PAINT_END ?? 'giornata:paint-complete';

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { frame?: string } };
}

async function main() {
  const { openPglite } = await import('../server/db/client.ts');
  const { spawnServer } = await import('../server/test/server-process.ts');
  const { buildSyntheticCentre, buildWideDay } = await import('./synthetic-centre.ts');
  const WIDE_DAY = '2026-11-10';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-paint-trace-'));
  const database = await openPglite(dataDir);
  await buildSyntheticCentre(database.db, '2026-11-08', '2026-11-08');
  await buildWideDay(database.db, WIDE_DAY);
  await database.close();
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const browser = await launch();
  const results: { longestMs: number; sumMs: number; tasksOver50: number }[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByLabel('Username').fill(BENCH_ADMIN.username);
    await page.getByLabel('Password').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/calendario/);
    await page.goto(`${server.url}/calendario?data=${WIDE_DAY}`);
    await page.locator('.day-table').waitFor();
    for (let i = 0; i < RUNS; i++) {
      await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'blink.user_timing'] });
      await page.goto(`${server.url}/calendario?data=${WIDE_DAY}`);
      await page.waitForFunction((name) => {
        const done = performance.getEntriesByName(name, 'measure')[0];
        return done ? performance.now() > done.startTime + done.duration + 100 : false;
      }, END);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const events = trace.traceEvents;
      const mark = (name: string) => events.filter((e) => e.name === name).map((e) => e.ts);
      const start = Math.max(...mark('giornata:data'));
      // The measure is recorded as an async pair: its end event's ts is the frame after the last row.
      const end = Math.max(...events.filter((e) => e.name === END && e.ts >= start).map((e) => e.ts + (e.dur ?? 0)));
      // The renderer's main thread: the one that set the mark.
      const markEvent = events.find((e) => e.name === 'giornata:data')!;
      const tasks = events.filter(
        (e) =>
          (e.cat ?? '').split(',').includes('toplevel') &&
          e.ph === 'X' &&
          e.pid === markEvent.pid &&
          e.tid === markEvent.tid &&
          e.ts + (e.dur ?? 0) > start &&
          e.ts < end,
      );
      const cpu = tasks.map((t) => (t.tdur ?? t.dur ?? 0) / 1000);
      results.push({
        longestMs: Math.round(Math.max(...cpu) * 10) / 10,
        sumMs: Math.round(cpu.reduce((a, b) => a + b, 0) * 10) / 10,
        tasksOver50: cpu.filter((c) => c > 50).length,
      });
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  console.log(
    JSON.stringify(
      {
        loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
        runs: results,
        longestTaskCpuMsMedian: median(results.map((r) => r.longestMs)),
        paintCpuMsMedian: median(results.map((r) => r.sumMs)),
      },
      null,
      2,
    ),
  );
}

await main();
