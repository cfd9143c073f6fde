/**
 * Retention (AUDIT_RETENTION_DAYS, never below 730): rows of the registro and of the access log
 * older than that are deleted, in batches, each batch a transaction that sets `giornata.purge`
 * (the append-only trigger lets only this through, and only for rows older than 730 days).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export const PURGE_BATCH = 5000;
export const PURGE_EVERY_MS = 24 * 3600_000;

/** Deletes the rows older than `retentionDays` days from both tables; answers how many went. */
export async function purgeExpiredAudit(db: Db, retentionDays: number, batch = PURGE_BATCH): Promise<{ audit: number; access: number }> {
  const purged = { audit: 0, access: 0 };
  for (const [key, table] of [
    ['audit', 'audit_log'],
    ['access', 'access_log'],
  ] as const) {
    for (;;) {
      const removed = await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('giornata.purge', 'on', true)`);
        const result = (await tx.execute(sql`
          with gone as (
            delete from ${sql.identifier(table)} where id in (
              select id from ${sql.identifier(table)} where at < now() - make_interval(days => ${retentionDays}::int) order by id limit ${batch})
            returning 1)
          select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
        return Number(result.rows[0].n);
      });
      purged[key] += removed;
      if (removed < batch) break;
    }
  }
  return purged;
}
