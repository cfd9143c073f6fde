/**
 * The embedded database lets the event loop turn between statements, so a
 * busy server still accepts connections and reads requests (turns.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { rowsOf } from './rows.ts';

describe('PGlite statements under a queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory://');
  });
  afterAll(() => database.close());

  const statement = (n: number) => database.db.execute(sql`select ${n}::int as n, sum(g) from generate_series(1, 20000) g`);

  it('lets other work of the server run between two statements of a long queue', async () => {
    const finished: number[] = [];
    const queue = Array.from({ length: 100 }, (_, n) => statement(n).then(() => finished.push(n)));
    // Work that arrives after the queue (a new connection, a request to read) gets its turn
    // long before the queue has drained, not only once it is empty.
    const doneWhenOtherWorkRan = await new Promise<number>((resolve) => setImmediate(() => resolve(finished.length)));
    await Promise.all(queue);
    expect(doneWhenOtherWorkRan).toBeLessThan(5);
    expect(finished).toEqual(Array.from({ length: 100 }, (_, n) => n)); // first asked, first served
  });

  it('runs a transaction whole while other statements wait their turn', async () => {
    await database.db.execute(sql`create table if not exists turns_probe (n int)`);
    const others = Array.from({ length: 20 }, () => rowsOf<{ c: number }>(database.db, sql`select count(*)::int as c from turns_probe`));
    const tx = database.db.transaction(async (t) => {
      for (let n = 0; n < 5; n++) await t.execute(sql`insert into turns_probe values (${n})`);
    });
    const counts = (await Promise.all(others)).map((r) => r[0].c);
    await tx;
    // Each reader saw the table before or after the transaction, never in the middle of it.
    expect(counts.every((c) => c === 0 || c === 5)).toBe(true);
    const after = await rowsOf<{ c: number }>(database.db, sql`select count(*)::int as c from turns_probe`);
    expect(after[0].c).toBe(5);
  });
});
