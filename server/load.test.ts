/**
 * The load test in a shortened form (npm run loadtest runs it for
 * 30 s): the full 200 connections, for just longer than a client's 10 s
 * timeout, so a connection left waiting that long shows as a timeout.
 */
import { describe, expect, it } from 'vitest';
import { runLoad } from '../bench/load.ts';
import { DB_KINDS } from './test/harness.ts';

describe.each(DB_KINDS)('load on %s', (kind) => {
  it('answers 200 connections of readers and writers for 12 s with no error, timeout or non-2xx', async () => {
    const result = await runLoad({ kind, connections: 200, seconds: 12, adminEvery: 10 });
    // What a failure needs to be read: how fast, how long the slowest waited, when the failures came.
    const { requests, requestsPerSec, latencyP50, latencyP99, latencyMax, timeoutsAtMs } = result;
    console.log(
      `[load] ${kind}: ${requests} requests (${requestsPerSec}/s), p50 ${latencyP50} ms, p99 ${latencyP99} ms, slowest ${latencyMax} ms; failed at ${JSON.stringify(timeoutsAtMs)} ms`,
    );
    expect(result.requests).toBeGreaterThan(0);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  }, 180_000);
});
