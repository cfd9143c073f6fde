/**
 * Every statement the server sends, timed in one place: the PostgreSQL pool's clients and the
 * embedded PGlite are wrapped when the database is opened (server/db/client.ts), and whoever
 * listens (the app's metrics, server/lib/metrics.ts) is told each statement's duration. Nothing
 * of the statement itself is passed on: no text, no values.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Told the duration of each statement in seconds, and whether it failed. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

/** The database's connections now: PostgreSQL's pool, or PGlite's one connection and the statements waiting their turn. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export class QueryTiming {
  readonly observers = new Set<QueryObserver>();
  /** Statements started and not yet finished. */
  running = 0;

  /** Times `run`, whatever it returns: a promise is timed until it settles. */
  time<T>(run: () => T): T {
    if (this.observers.size === 0) return run();
    const start = process.hrtime.bigint();
    this.running += 1;
    const done = (failed: boolean) => {
      this.running -= 1;
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      for (const observer of this.observers) observer(seconds, failed);
    };
    let result: T;
    try {
      result = run();
    } catch (err) {
      done(true);
      throw err;
    }
    if (result instanceof Promise)
      result.then(
        () => done(false),
        () => done(true),
      );
    else done(false);
    return result;
  }
}

/**
 * A pool client's `query` timed: the promise form (Drizzle's) and the callback form (the pool's
 * own `pool.query`). A submittable (a cursor) is passed through untimed.
 */
export function timePgClient(client: pg.ClientBase, timing: QueryTiming): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    if (timing.observers.size === 0) return query(...args);
    const first = args[0] as { submit?: unknown } | undefined;
    if (first && typeof first === 'object' && typeof first.submit === 'function') return query(...args);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as (err: unknown, result: unknown) => void;
      let finish: ((failed: boolean) => void) | undefined;
      const timed = timing.time(() => new Promise<void>((resolve, reject) => (finish = (failed) => (failed ? reject() : resolve()))));
      timed.catch(() => {});
      return query(...args.slice(0, -1), (err: unknown, result: unknown) => {
        finish?.(Boolean(err));
        callback(err, result);
      });
    }
    return timing.time(() => query(...args));
  };
}

/** PGlite's top-level statements and the statements inside its transactions, timed. */
export function timePglite(client: PGlite, timing: QueryTiming): void {
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<typeof query>) => timing.time(() => query(...args))) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof txQuery>) => timing.time(() => txQuery(...args))) as typeof tx.query;
      return fn(tx);
    })) as typeof client.transaction;
}
