/**
 * The calendar's answers kept in memory by each server process, and
 * revalidated on every read against calendar_version, which triggers move on
 * with every statement that changes a calendar (migration 0003): an unchanged
 * day costs one tiny query, a changed one is rebuilt by one more. Correct across several
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
  /** `version`: calendar_version as read at the start of this request, when the caller has it. */
  day(day: string, version?: number): Promise<string>;
  week(start: string, stop: string, version?: number): Promise<string>;
}

export function createCalendarCache(db: Db): CalendarCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<string>>();

  async function currentVersion(): Promise<number> {
    const rows = (await db.execute(sql`select version::int as version from calendar_version where id = 1`)) as unknown as { rows: { version: number }[] };
    return Number(rows.rows[0].version);
  }

  /**
   * The version first, in a query that costs nothing to plan; the document
   * only when the cached one is older. Read in this order, a document is
   * never older than the version it is filed under.
   */
  async function read(key: string, build: SQL, knownVersion?: number): Promise<string> {
    const version = knownVersion ?? (await currentVersion());
    const cached = entries.get(key);
    if (cached && cached.version >= version) {
      entries.delete(key);
      entries.set(key, cached); // most recently used last, so the oldest is dropped first
      return cached.json;
    }
    // Readers that miss together share one build: after a change, a crowd of readers of the
    // same day would otherwise each rebuild it (on PGlite, one after the other).
    const flightKey = `${key}@${version}`;
    let flight = inFlight.get(flightKey);
    if (!flight) {
      flight = (async () => {
        try {
          const rows = (await db.execute(build)) as unknown as { rows: { doc: string }[] };
          const json = rows.rows[0].doc;
          const latest = entries.get(key);
          if (!latest || latest.version <= version) {
            entries.delete(key);
            entries.set(key, { version, json });
            if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          }
          return json;
        } finally {
          inFlight.delete(flightKey);
        }
      })();
      inFlight.set(flightKey, flight);
    }
    return flight;
  }

  return {
    day: (day, version) => read(`day:${day}`, dayQuery(day), version),
    week: (start, stop, version) => read(`week:${start}:${stop}`, weekQuery(start, stop), version),
  };
}
