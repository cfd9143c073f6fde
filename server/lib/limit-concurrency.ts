/**
 * At most `slots` of a kind of work at once in this process; the others wait their turn, in order. For the reads whose
 * answers are megabytes (a 31-day week of a large centre): 200 of them at once each held its rows, its objects and its
 * JSON together, and the process passed 512 MB (server/exhaustion.test.ts). Queued, the same requests are all answered
 * with a bounded peak; a day read or any other call does not wait for them.
 */
export function limitConcurrency(slots: number, onStart?: (running: number) => void) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    onStart?.(running);
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next in line, so `running` never drops below the queue's need.
      if (next) next();
      else running--;
    }
  };
}
