/**
 * The calendar's answers kept in memory by each server process, and
 * revalidated on every read against calendar_version, which triggers move on
 * with every statement that changes a calendar (migration 0003): an unchanged
 * day costs one tiny query, a changed one is rebuilt by one more. Correct across several
 * processes sharing one PostgreSQL, since the version lives in the database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readDay, weekQuery } from '../../db/day-read.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The cache holds at most this many bytes of answers (UTF-8), dropping the
 * least recently used first: a count of entries would let a few large weeks
 * fill the heap. An answer over an eighth of it is served but not kept.
 */
export const MAX_CACHE_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: number;
  json: string;
  bytes: number;
}

export interface CalendarCache {
  /** Bytes of the answers held now (at most MAX_CACHE_BYTES). */
  bytes(): number;
  /** `version`: calendar_version as read at the start of this request, when the caller has it. */
  day(day: string, version?: number): Promise<string>;
  week(start: string, stop: string, version?: number): Promise<string>;
}

/** `onRead`: told of each read whether the cache held it (the metrics' hits and misses). */
export function createCalendarCache(db: Db, maxBytes = MAX_CACHE_BYTES, onRead?: (hit: boolean) => void): CalendarCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<string>>();
  let totalBytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function keep(key: string, version: number, json: string) {
    forget(key);
    const bytes = Buffer.byteLength(json);
    if (bytes > maxBytes / 8) return;
    entries.set(key, { version, json, bytes });
    totalBytes += bytes;
    // Oldest first: a Map iterates in insertion order, and a hit moves its entry to the end.
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxBytes) break;
      forget(oldest);
    }
  }

  async function currentVersion(): Promise<number> {
    const rows = await rowsOf<{ version: number }>(db, sql`select version::int as version from calendar_version where id = 1`);
    return Number(rows[0].version);
  }

  /**
   * The version first, in a query that costs nothing to plan; the document
   * only when the cached one is older. Read in this order, a document is
   * never older than the version it is filed under.
   */
  async function read(key: string, build: () => Promise<string>, knownVersion?: number): Promise<string> {
    const version = knownVersion ?? (await currentVersion());
    const cached = entries.get(key);
    if (cached && cached.version >= version) {
      onRead?.(true);
      entries.delete(key);
      entries.set(key, cached); // most recently used last, so the oldest is dropped first
      return cached.json;
    }
    onRead?.(false);
    // Readers that miss together share one build: after a change, a crowd of readers of the
    // same day would otherwise each rebuild it (on PGlite, one after the other).
    const flightKey = `${key}@${version}`;
    let flight = inFlight.get(flightKey);
    if (!flight) {
      flight = (async () => {
        try {
          const json = await build();
          const latest = entries.get(key);
          if (!latest || latest.version <= version) keep(key, version, json);
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
    bytes: () => totalBytes,
    // The day's conflicts are computed once per build, with the document (readDay), never per hit.
    day: (day, version) => read(`day:${day}`, () => readDay(db, day), version),
    week: (start, stop, version) =>
      read(`week:${start}:${stop}`, async () => (await rowsOf<{ doc: string }>(db, weekQuery(start, stop)))[0].doc, version),
  };
}
