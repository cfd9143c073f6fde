/**
 * Long lists answered in bounded memory: rows read by key, one page at a
 * time, and written as one JSON array as fast as the client reads it. At
 * most a page or two of rows is held per request, whatever the history.
 */
import { Readable } from 'node:stream';

/** Rows a page holds: small enough to stay in memory, large enough to keep the queries few. */
export const PAGE_ROWS = 1000;

/**
 * Pages of rows in key order: `read(after, limit)` answers the first `limit`
 * rows whose key comes after `after` (every row when it is undefined), each
 * page one indexed query.
 */
export async function* keysetPages<Row, Key>(
  read: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  limit = PAGE_ROWS,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

/** The rows of `pages` as one JSON array (the same text JSON.stringify of the whole list would give), read on demand. */
export function jsonArrayStream(pages: AsyncIterable<unknown[]>): Readable {
  async function* chunks() {
    let first = true;
    yield '[';
    for await (const page of pages) {
      const text = page.map((row) => JSON.stringify(row)).join(',');
      yield first ? text : `,${text}`;
      first = false;
    }
    yield ']';
  }
  // A small buffer: the next page is read only once the client has taken most of this one.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 16 * 1024 });
}
