/**
 * Retention (AUDIT_RETENTION_DAYS, never below 730): rows of the registro and of the access log
 * older than that are deleted, in batches, each batch a transaction that sets `giornata.purge`
 * (the append-only trigger lets only this through, and only for rows older than 730 days).
 * Only the oldest rows go, an unbroken run of ids up to the first row still kept: the hash chain
 * (docs/decisions/0023-audit-hash-chain.md) then starts again at the first row left, and a gap in
 * its middle is always an alteration. A row older than the retention after a younger one (the
 * access log's times can be a second out of id order) waits for the next purge.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export const PURGE_BATCH = 5000;
export const PURGE_EVERY_MS = 24 * 3600_000;

/** Deletes the rows older than `retentionDays` days from both tables; answers how many went. */
export async function purgeExpiredAudit(db: Db, retentionDays: number, batch = PURGE_BATCH): Promise<{ audit: number; access: number }> {
  const purged = { audit: 0, access: 0 };
  for (const [key, table] of [
    ['audit', 'audit_log'],
    ['access', 'access_log'],
  ] as const) {
    // The first row kept: computed once, rows written meanwhile come after it.
    const [{ first }] = await rowsOf<{ first: string | number | null }>(
      db,
      sql`
        select min(id) as first from ${sql.identifier(table)} where at >= now() - make_interval(days => ${retentionDays}::int)`,
    );
    const keptFrom = first === null ? null : String(first);
    for (;;) {
      const removed = await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('giornata.purge', 'on', true)`);
        const result = await rowsOf<{ n: number }>(
          tx,
          sql`
          with gone as (
            delete from ${sql.identifier(table)} where id in (
              select id from ${sql.identifier(table)}
              where at < now() - make_interval(days => ${retentionDays}::int)
                and (${keptFrom}::bigint is null or id < ${keptFrom}::bigint)
              order by id limit ${batch})
            returning 1)
          select count(*)::int as n from gone`,
        );
        return Number(result[0].n);
      });
      purged[key] += removed;
      if (removed < batch) break;
    }
  }
  return purged;
}
