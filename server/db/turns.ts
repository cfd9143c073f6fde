/**
 * PGlite runs every statement synchronously on the main thread, and a
 * finished statement hands over to the next waiting one in a microtask, so
 * under load a whole queue of statements runs in one turn of the event
 * loop. Meanwhile nothing else happens: no socket is read and, worst of all,
 * new connections wait in the kernel's accept queue, about one accepted per
 * turn. At 200 connections that starved the last connections past a
 * client's 10 s timeout (docs/reliability.md, "Load").
 *
 * Here each top-level statement or transaction waits for its own turn of the
 * event loop: one starts per turn, in the order they asked, and between two
 * of them the server accepts connections and reads requests. Statements
 * inside a transaction run on as before; PGlite's own lock keeps the rest
 * waiting until the transaction ends.
 */
import type { PGlite } from '@electric-sql/pglite';

/** `queue.waiting()`: statements waiting their turn now (the metrics' pool gauge on PGlite). */
export function oneStatementPerTurn(client: PGlite, queue?: { waiting?: () => number }): PGlite {
  const waiting: (() => void)[] = [];
  if (queue) queue.waiting = () => waiting.length;
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(startNext);
  };
  const startNext = () => {
    scheduled = false;
    waiting.shift()?.();
    if (waiting.length > 0) schedule();
  };
  const turn = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      schedule();
    });

  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof client.query;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turn();
    return transaction(...args);
  }) as typeof client.transaction;
  return client;
}
