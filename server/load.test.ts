/** The load test of issue 6 in a shortened form (npm run loadtest runs it in full): no errors, timeouts or refusals. */
import { describe, expect, it } from 'vitest';
import { runLoad } from '../bench/load.ts';
import { DB_KINDS } from './test/harness.ts';

describe.each(DB_KINDS)('load on %s', (kind) => {
  it('answers 50 connections of readers and writers for 5 s with no error, timeout or non-2xx', async () => {
    const result = await runLoad({ kind, connections: 50, seconds: 5, adminEvery: 10 });
    expect(result.requests).toBeGreaterThan(0);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  }, 180_000);
});
