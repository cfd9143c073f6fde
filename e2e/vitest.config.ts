import { defineConfig } from 'vitest/config';

/**
 * The end-to-end files run on PGlite (`npm run test:e2e`); on PostgreSQL
 * (`npm run test:e2e:postgres`, E2E_DATABASE=postgres) only those where the
 * database under the browser changes what happens: the live updates (LISTEN
 * on PostgreSQL's own connection, with its reconnection after a restart) and
 * a server that stops and comes back. Everything else the browser does goes
 * through the same routes and services, which the server tests already run
 * on both databases (docs/decisions/0026-test-tiers.md). The progetti's file too: its acceptance asks for the
 * coordinator's whole path (progetto, coverage, roll call, PDF) on both databases; the trasporti's file alike (issue 30),
 * and the Pianificatore's (a proposal prepared, applied and undone, seen live by a second browser).
 */
export const POSTGRES_E2E = [
  'e2e/live.e2e.ts',
  'e2e/no-silent-trouble.e2e.ts',
  'e2e/progetti.e2e.ts',
  'e2e/trasporti.e2e.ts',
  'e2e/pianificatore.e2e.ts',
];

export default defineConfig({
  test: {
    root: '.',
    include: process.env.E2E_DATABASE === 'postgres' ? POSTGRES_E2E : ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // Each file has its own server (free port, own data folder or database), browser and
    // download folder, so two run at once; E2E_WORKERS=1 runs them one by one.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // The harness, playwright-core, the server's modules and PGlite loaded once per worker rather than once per file
    // (as the server tests, ADR 0026 point 11): each file still has its own server, browser and data. The one
    // module-level value a file sets, its fixed day, is forgotten after it (e2e/setup.ts).
    isolate: false,
    setupFiles: ['e2e/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
