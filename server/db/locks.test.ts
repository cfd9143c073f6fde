/**
 * The advisory locks have one registry (locks.ts): no other file of the server takes one, and
 * the day lock taken by date (lockDays) and the one taken from a row's day (dayLockSql) are
 * the same lock, on both databases.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDatabase } from '../test/harness.ts';
import type { Database } from './client.ts';
import { dayLockSql, lockDays, lockMonths } from './locks.ts';
import { rowsOf } from './rows.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const REGISTRY = 'server/db/locks.ts';
const TAKES_A_LOCK = /\bpg_(try_)?advisory_/;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}

describe('the advisory locks registry', () => {
  it('is the only code that takes an advisory lock', () => {
    const self = 'server/db/locks.test.ts';
    const inline = ['server', 'bench', 'scripts']
      .flatMap(sourceFiles)
      .filter((file) => file !== REGISTRY && file !== self)
      .filter((file) => TAKES_A_LOCK.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(inline).toEqual([]);
  });
});

describe.each(DB_KINDS)('advisory locks on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  /** The advisory locks this transaction holds, as PostgreSQL lists them. */
  const heldLocks = async (tx: Database['db']) =>
    await rowsOf(
      tx,
      sql`
        select classid, objid, objsubid, mode from pg_locks
        where locktype = 'advisory' and pid = pg_backend_pid() order by 1, 2, 3, 4`,
    );

  it('takes one lock per day, whether the day is given or read from a row', async () => {
    await database.db.transaction(async (tx) => {
      await lockDays(tx, ['2026-11-24', '2026-11-23', '2026-11-24']);
      expect(await heldLocks(tx)).toHaveLength(2);
      await tx.execute(sql`select ${dayLockSql(sql`${'2026-11-23'}::text`)}`);
      expect(await heldLocks(tx)).toHaveLength(2); // the same lock again, not a third one
    });
  });

  it('lets writes share a month and a closing take it alone', async () => {
    await database.db.transaction(async (tx) => {
      await lockMonths(tx, ['2026-11', '2026-12'], 'shared');
      const locks = (await heldLocks(tx)) as { mode: string }[];
      expect(locks.map((l) => l.mode)).toEqual(['ShareLock', 'ShareLock']);
    });
    const after = await database.db.transaction((tx) => heldLocks(tx));
    expect(after).toEqual([]); // ended with their transaction
  });
});
