/**
 * The calendar's answers kept in memory by each server process, and
 * revalidated on every read against calendar_version, which triggers move on
 * with every statement that changes a calendar (migration 0003): an unchanged
 * day costs one tiny query, a changed one is rebuilt. Correct across several
 * processes sharing one PostgreSQL, since the version lives in the database.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayQuery, weekQuery } from './day-read.ts';

const MAX_ENTRIES = 400;

interface Entry {
  version: number;
  json: string;
}

export interface CalendarCache {
  day(day: string): Promise<string>;
  week(start: string, stop: string): Promise<string>;
}

export function createCalendarCache(db: Db): CalendarCache {
  const entries = new Map<string, Entry>();

  /** One round trip: the current version, and the document only when the cached one is older. */
  async function read(key: string, build: SQL): Promise<string> {
    const cached = entries.get(key);
    const result = (await db.execute(sql`
      select v.version::int as version,
             case when v.version = ${cached?.version ?? -1} then null else (${build}) end as doc
      from calendar_version v where v.id = 1`)) as unknown as { rows: { version: number; doc: string | null }[] };
    const { version, doc } = result.rows[0];
    if (doc === null && cached) {
      // Most recently used last, so the oldest is dropped first.
      entries.delete(key);
      entries.set(key, cached);
      return cached.json;
    }
    entries.delete(key);
    entries.set(key, { version: Number(version), json: doc! });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return doc!;
  }

  return {
    day: (day) => read(`day:${day}`, sql`select doc from (${dayQuery(day)}) q`),
    week: (start, stop) => read(`week:${start}:${stop}`, sql`select doc from (${weekQuery(start, stop)}) q`),
  };
}
