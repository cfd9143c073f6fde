/**
 * The rows of a raw query (`db.execute(sql…)`), typed: both drivers answer with `{ rows }` (node-postgres's
 * QueryResult, PGlite's Results), but Drizzle types the answer by the driver, so without this each caller cast it.
 * `T` is what the query's select list gives, which only the query's author knows: the one unchecked step, named once.
 */
import type { SQL } from 'drizzle-orm';

/** The database or a transaction: whatever runs a query. */
export interface Executes {
  execute(query: SQL): PromiseLike<unknown>;
}

export async function rowsOf<T>(db: Executes, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}
