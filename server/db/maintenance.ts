/**
 * The embedded database has no autovacuum: PGlite is PostgreSQL's single-user backend, with no launcher and no workers
 * (`pg_stat_activity` shows one "standalone backend"), so the space of every deleted or updated row stays taken for
 * good. A Sostituisci over 26 weeks leaves 7,874 activities and 38,000 links dead; the access log's counters, the
 * sessions and every edit add theirs day after day, and the data folder and the reads' scans grow with them. After the
 * nightly backup the server vacuums it (server/features/backup/scheduler.ts). On PostgreSQL autovacuum does this
 * (docs/operations.md): the server leaves it alone.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** VACUUM (ANALYZE) of the embedded database, its duration in ms; null on PostgreSQL, where autovacuum does it. */
export async function reclaimEmbeddedSpace(database: Pick<Database, 'kind' | 'db'>): Promise<number | null> {
  if (database.kind !== 'pglite') return null;
  const started = performance.now();
  await database.db.execute(sql`vacuum (analyze)`);
  return Math.round(performance.now() - started);
}
