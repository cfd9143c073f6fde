/**
 * PostgreSQL cuts a connection the server holds (a restart, a failover, an administrator's pg_terminate_backend) while
 * a transaction is between two statements: that transaction fails and is rolled back, the process goes on, and the next
 * request gets a fresh connection. Without a listener on every client the pool hands out, pg's 'error' event for the
 * cut connection has nobody to hear it and ends the process (found by the readiness test, docs/decisions/0049).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { rowsOf } from './rows.ts';
import { WITH_POSTGRES, openTestDatabase } from '../test/harness.ts';
import { withAdmin } from '../test/templates.ts';

describe.runIf(WITH_POSTGRES)('a connection cut by PostgreSQL in the middle of a transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('fails that transaction only: the process goes on and the next statement gets a new connection', async () => {
    const cut = database.db.transaction(async (tx) => {
      const [row] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await withAdmin((admin) => admin.query('select pg_terminate_backend($1)', [row.pid]));
      // The server's message reaches the client while no statement of it runs; wait until the socket has closed.
      await new Promise<void>((resolve) => {
        const poll = async () => {
          const alive = await withAdmin((admin) => admin.query('select 1 from pg_stat_activity where pid = $1', [row.pid]));
          if (alive.rowCount === 0) resolve();
          else setTimeout(() => void poll(), 20);
        };
        void poll();
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.execute(sql`select 1`);
    });
    await expect(cut).rejects.toThrow();
    expect(await rowsOf(database.db, sql`select 41 + 1 as answer`)).toEqual([{ answer: 42 }]);
  });
});
