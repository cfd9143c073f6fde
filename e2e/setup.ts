/** Runs in every end-to-end file (e2e/vitest.config.ts, setupFiles), however many files a worker runs. */
import { afterAll } from 'vitest';
import { forgetFixedToday } from './harness.ts';

afterAll(forgetFixedToday);
