import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The slow tier: test files that start server or CLI processes, kill them
 * (kill -9 crash suites), run two processes against one database, or load
 * and exhaust a server. `npm test` runs them; `npm run test:fast` does not.
 * Every other test file, old or new, is in the fast tier by default, so a new
 * file that spawns a process or runs for minutes is named here (or ends in
 * `.slow.test.ts`, which this list also matches) in the commit that adds it.
 */
export const SLOW_TESTS = [
  '{server,common}/**/*.slow.test.ts',
  'server/crash.test.ts',
  'server/exhaustion.test.ts',
  'server/load.test.ts',
  'server/main.test.ts',
  'server/cli/users.test.ts',
  'server/db/backup.test.ts',
  'server/features/live/processes.test.ts',
  'server/features/modelli/modelli-crash.test.ts',
];

/**
 * The load test runs alone, after every other file (`npm run test:unit`): 200 connections on the server's two cores
 * measure the server only when no other file's servers and browsers share them (docs/reliability.md, "Load").
 */
export const LOAD_TESTS = ['server/load.test.ts'];

const SERVER_TESTS = ['server/**/*.test.ts', 'common/**/*.test.ts'];
/**
 * The fast tiers' files run one after another in the same worker, modules loaded once per worker (Vitest's `isolate:
 * false`): each server file still opens its own databases and builds its own app, and each client file renders into a
 * fresh document, so what a file sets up is its own. Loading Fastify, Drizzle, PGlite's WebAssembly and React again for
 * each of 117 files was 54 s of `test:fast`'s 225 s (docs/performance.md, The test loop). `TEST_ISOLATE=1` gives each
 * file its own modules again, to tell a test that leaks state from one that fails alone.
 */
const isolate = process.env.TEST_ISOLATE === '1';
const serverProject = {
  environment: 'node',
  // Each file opens its own databases (PGlite and a fresh PostgreSQL database), from templates migrated once per run.
  globalSetup: 'server/test/global-setup.ts',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time; the files share nothing (each opens its own
    // databases), so two run at once. TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      {
        test: { name: 'server', include: SERVER_TESTS, exclude: ['**/node_modules/**', ...SLOW_TESTS], ...serverProject, isolate },
      },
      {
        test: { name: 'server-slow', include: SLOW_TESTS, exclude: ['**/node_modules/**', ...LOAD_TESTS], ...serverProject },
      },
      {
        test: { name: 'load', include: LOAD_TESTS, ...serverProject },
      },
      {
        // The bytes of each route's first visit (a production build, then its manifest): `npm test` fails when a route
        // passes its budget (bench/client-size.ts).
        test: { name: 'bundle', include: ['bench/client-size.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 180_000 },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['client/test-setup.ts'],
          isolate,
        },
      },
    ],
  },
});
