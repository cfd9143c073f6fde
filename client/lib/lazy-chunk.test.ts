import { afterEach, describe, expect, test, vi } from 'vitest';
import { untilLoaded } from './lazy-chunk.ts';

afterEach(() => vi.useRealTimers());

describe('untilLoaded', () => {
  test('a chunk that cannot be fetched is tried again until it comes, as often as it takes', async () => {
    vi.useFakeTimers();
    let tries = 0;
    const load = untilLoaded(async () => {
      tries++;
      if (tries < 6) throw new TypeError('Failed to fetch dynamically imported module: /assets/coverage-line.js');
      return { default: 'the part' };
    });
    let loaded: unknown;
    void load().then((module) => (loaded = module));
    // 1 + 2 + 4 + 10 + 10 s of waits: still nothing after 16 s, the part at 27 s.
    await vi.advanceTimersByTimeAsync(16_000);
    expect(loaded).toBeUndefined();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(loaded).toEqual({ default: 'the part' });
    expect(tries).toBe(6);
  });

  test("the chunk's own failure is given back at once, not hidden behind tries", async () => {
    const failure = new Error('the module threw while it ran');
    let tries = 0;
    const load = untilLoaded(async () => {
      tries++;
      throw failure;
    });
    await expect(load()).rejects.toBe(failure);
    expect(tries).toBe(1);
  });
});
