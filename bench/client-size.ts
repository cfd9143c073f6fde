/**
 * The first visit's bytes, per route (docs/decisions/0036-first-visit-budget.md): the gzipped JavaScript and CSS a
 * browser must download before a route can paint, read from a production build's manifest. A route's first visit is
 * the entry (index.html: the app shell and the calendar) and everything it imports statically, plus the
 * route's own lazily declared chunk (client/app/router.tsx), the lazy parts it shows as it paints, and their static
 * imports. Code a screen loads on demand (exports, the date popover, dialogs) or when idle after its paint (the print
 * sheet) is not counted: it is not downloaded before the first paint.
 *
 *   node --import tsx bench/client-size.ts
 *                    builds into a temporary folder, prints the figures, exits 1 when a route passes its budget
 *
 * The same check runs in `npm test` (bench/client-size.test.ts) and in `npm run bench`, which also measures what the
 * browser really downloads (bench/client-browser.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export interface RouteBudget {
  route: string;
  /**
   * The route's lazily declared module(s) in client/app/router.tsx, and the lazy parts it renders as it paints, as the
   * manifest names them (relative to client/).
   */
  modules: string[];
  /** Budgets in KB (1024 bytes) of gzip level 9. */
  jsKb: number;
  cssKb: number;
}

export const FIRST_VISIT_BUDGETS: RouteBudget[] = [
  // The budget (docs/performance.md): the calendar is the screen everyone opens first.
  // Its two lazy parts that a real day shows as it paints (client/app/routes/calendar.tsx: Copertura's line, and Fogli di
  // marcia on a day with runs) are counted: the browser downloads them before the day has painted (bench/client-browser.ts
  // measured 130.7 KB on 2026-11-27 when this list left them out and read 127.8).
  {
    route: '/calendario',
    modules: ['features/progetti/components/coverage-line.tsx', 'features/trasporti/components/fogli-button.tsx'],
    jsKb: 130,
    cssKb: 25,
  },
  // The others: what they weigh now (November 2026) and a few KB of room, so a change that adds 20 KB fails.
  // 138.2 KB on 2026-11-27 once the login form checked without zod (common/text-rules.ts; 164.4 before): 145 keeps it.
  { route: '/ (login)', modules: ['app/routes/login.tsx'], jsKb: 145, cssKb: 25 },
  // 190.7 KB on 2026-11-26 after the merges of issues 29–32 (185.4 before; the route's own chunk is 10.6 KB of it, the
  // Trasporti del mese tab a lazy chunk of its own; the 5 KB were not traced to one module). 196 keeps the few KB of
  // room the other routes have, so a change that adds 20 KB still fails.
  { route: '/presenze', modules: ['app/routes/presenze.tsx'], jsKb: 196, cssKb: 25 },
  // 172 KB once the answers' zod schemas moved into common/agenda.ts (issue 25, ADR 0034): the agenda imports that module's
  // values, so its schemas come along; keeping answer schemas out of the modules screens import would win them back.
  // 176.2 KB on 2026-11-27: the sign-in's rules became a chunk of their own that the schemas import (0.5 KB), the price
  // of a login screen 26 KB lighter. 178 keeps a little room; a change that adds 20 KB still fails.
  { route: '/agenda', modules: ['app/routes/agenda.tsx'], jsKb: 178, cssKb: 25 },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: string;
  jsKb: number;
  cssKb: number;
  jsBudgetKb: number;
  cssBudgetKb: number;
  ok: boolean;
  files: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Every file a route downloads before it paints, and their gzipped sizes, from a build's folder (with .vite/manifest.json). */
export function firstVisitSizes(outDir: string, budgets = FIRST_VISIT_BUDGETS): RouteSize[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length);
    return gzipped.get(file)!;
  };
  return budgets.map((budget) => {
    const seen = new Set<string>();
    const files = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${budget.route}: ${key} is not in the build's manifest (client/app/router.tsx changed?)`);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('index.html');
    for (const module of budget.modules) visit(module);
    const list = [...files];
    const js = list.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + size(f), 0);
    const css = list.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + size(f), 0);
    return {
      route: budget.route,
      jsKb: kb(js),
      cssKb: kb(css),
      jsBudgetKb: budget.jsKb,
      cssBudgetKb: budget.cssKb,
      ok: js <= budget.jsKb * 1024 && css <= budget.cssKb * 1024,
      files: list,
    };
  });
}

/** A production build of the web app with its manifest, in a temporary folder; returns the folder. */
export async function buildWithManifest(): Promise<string> {
  const { build } = await import('vite');
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-size-'));
  // Under vitest NODE_ENV is 'test', which would build React's development code: the bytes are production's.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

export function describe(sizes: RouteSize[]): string {
  return sizes
    .map(
      (s) =>
        `${s.ok ? 'ok  ' : 'OVER'} ${s.route}: JavaScript ${s.jsKb} KB (budget ${s.jsBudgetKb}), CSS ${s.cssKb} KB (budget ${s.cssBudgetKb}) gzipped`,
    )
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = await buildWithManifest();
  try {
    const sizes = firstVisitSizes(outDir);
    console.log(describe(sizes));
    process.exitCode = sizes.every((s) => s.ok) ? 0 : 1;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
