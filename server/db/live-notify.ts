/**
 * The database channel of the live events (docs/decisions/0010-live-events.md): the triggers of migration 0008 send
 * the days and lists a write touched on it; a feature may send its own notice there too (the Pianificatore's progress,
 * issue 31), which every server process's listener hears (server/features/live/listener.ts) and the hub turns into the
 * wire's events (server/features/live/hub.ts, eventsOfNotification).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export const EVENTS_CHANNEL = 'giornata_eventi';

/** Sends `payload` (a JSON object the hub knows) on the channel; delivered when the caller's transaction commits. */
export async function notifyLive(db: Db, payload: Record<string, unknown>): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}
