/**
 * End-to-end harness: a real server process on a real database (PGlite in a
 * temporary folder, or a fresh PostgreSQL database), the built web app, and
 * Debian's Chromium driven by playwright-core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openPglite, type Database, type DbKind } from '../server/db/client.ts';
import { openTestDatabase } from '../server/test/harness.ts';
import { launchChromium } from '../server/test/chromium.ts';
import { spawnServer } from '../server/test/server-process.ts';
import { pgliteTemplate } from '../server/test/templates.ts';
import { E2E_ADMIN, seedE2eCentre, type E2eCentre } from './fixtures.ts';
import { recordDialogs, recordToasts, signIn } from './helpers.ts';

export const SCREENSHOTS = path.resolve('e2e/screenshots');
/** One folder per test process: files run in parallel may download files of the same name. */
export const DOWNLOADS = path.resolve('e2e/downloads', String(process.pid));

export const VIEWPORTS = {
  laptop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

export interface RunningServer<C = E2eCentre> {
  url: string;
  kind: DbKind;
  centre: C;
  stop(): Promise<void>;
  /** Stops the server process only, keeping its data (the browser then finds nobody at the address). */
  pause(): Promise<void>;
  /** Starts the server again on the same address and data after pause(). */
  resume(): Promise<void>;
}

/** What a test file's database starts with: the small e2e centre by default. */
export type Seed<C> = (db: Database['db']) => Promise<C>;

/**
 * A fixed "today" for the file (fixToday): its server's clock and every
 * browser context's start at 09:00 UTC of that day and run from there.
 */
let fixedToday: string | undefined;

/** Plans this test file on `day` as today, whatever the real date; call it at the file's top, before serverAndBrowser. */
export function fixToday(day: string) {
  fixedToday = day;
}

/**
 * After each file (e2e/setup.ts): the files of a worker share this module (`isolate: false`, e2e/vitest.config.ts),
 * and a file that fixes no day runs on the real date, not on the day of the file before it.
 */
export function forgetFixedToday() {
  fixedToday = undefined;
}

/** Which database the end-to-end run uses: E2E_DATABASE=postgres for the machine's PostgreSQL. */
export const E2E_DB_KIND: DbKind = process.env.E2E_DATABASE === 'postgres' ? 'postgres' : 'pglite';

export async function startServer(kind?: DbKind): Promise<RunningServer>;
export async function startServer<C>(kind: DbKind, seed: Seed<C>, extraEnv?: Record<string, string>): Promise<RunningServer<C>>;
/** `extraEnv`: more of the server's configuration (TLS_CERT and TLS_KEY for the HTTPS test). */
export async function startServer<C>(
  kind: DbKind = E2E_DB_KIND,
  seed?: Seed<C>,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer<C | E2eCentre>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-e2e-'));
  let database: Database & { url?: string };
  // From the migrated template (server/test/templates.ts), as the server tests' databases: no initdb, no migration.
  if (kind === 'pglite') database = await openPglite(dataDir, { loadDataDir: await pgliteTemplate() });
  else database = await openTestDatabase('postgres');
  const centre = seed ? await seed(database.db) : await seedE2eCentre(database.db);
  const url = database.url;
  // The embedded folder is one process's at a time: close it before the server opens it.
  if (kind === 'pglite') await database.close();

  const env = { DATA_DIR: dataDir, DATABASE_URL: url ?? '', ...(fixedToday ? { TEST_TODAY: fixedToday } : {}), ...extraEnv };
  let server = await spawnServer(env);
  const port = new URL(server.url).port;
  return {
    url: server.url,
    kind,
    centre,
    async pause() {
      await within(20_000, 'the server did not stop within 20 s of SIGTERM', server.stop());
    },
    async resume() {
      server = await within(30_000, 'the server did not start again within 30 s', spawnServer({ ...env, PORT: port }));
    },
    async stop() {
      await server.stop();
      if (kind === 'postgres') await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `work`, or a clear failure naming the step once `ms` have passed (rather than the whole test's timeout). */
async function within<T>(ms: number, failure: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(failure)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The browser of one test file (server/test/chromium.ts). */
export const launchBrowser = launchChromium;

/**
 * The server and the browser one test file shares: started before its first
 * test, stopped after its last. Read them inside the tests (e2e.server.url),
 * once they exist.
 */
export function serverAndBrowser(): { readonly server: RunningServer; readonly browser: Browser };
export function serverAndBrowser<C>(seed: Seed<C>): { readonly server: RunningServer<C>; readonly browser: Browser };
export function serverAndBrowser<C>(seed?: Seed<C>): { readonly server: RunningServer<C | E2eCentre>; readonly browser: Browser } {
  let server: RunningServer<C | E2eCentre> | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = seed ? await startServer(E2E_DB_KIND, seed) : await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is read before beforeAll has started it`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/** A new browser context and its page, in Italian unless `locale` says otherwise (en-US: Debian's Chromium as it starts). */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.laptop,
  locale = 'it-IT',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // Reduced motion: Bootstrap then skips its transitions, so a border or a modal is read in its final state.
  const context = await browser.newContext({
    viewport,
    locale,
    timezoneId: 'Europe/Rome',
    acceptDownloads: true,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  if (fixedToday) await context.clock.install({ time: new Date(`${fixedToday}T09:00:00Z`) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/**
 * Where the README's pictures go: docs/screenshots/ only when they are made on
 * purpose (`npm run docs:screenshots` sets DOCS_SCREENSHOTS=1); in an ordinary
 * test run, e2e/screenshots/readme/ (git-ignored), so tests never change a
 * tracked file.
 */
export const README_SCREENSHOTS =
  process.env.DOCS_SCREENSHOTS === '1' ? path.resolve('docs/screenshots') : path.join(SCREENSHOTS, 'readme');

/** A picture the README shows (docs/screenshots/<name>.png when made on purpose). */
export async function readmeScreenshot(page: Page, name: string) {
  fs.mkdirSync(README_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(README_SCREENSHOTS, `${name}.png`) });
}

/** A laptop-sized page signed in as the e2e centre's administrator on `day`, recording its toasts and dialogs. */
export async function adminPage(e2e: { readonly server: RunningServer<unknown>; readonly browser: Browser }, day: string) {
  const opened = await newPage(e2e.browser);
  await recordToasts(opened.page);
  const dialogs = recordDialogs(opened.page);
  await signIn(opened.page, e2e.server.url, E2E_ADMIN, day);
  return { ...opened, dialogs };
}
