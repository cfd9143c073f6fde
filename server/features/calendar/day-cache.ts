/**
 * The calendar's answers kept in memory by each server process, and
 * revalidated on every read against calendar_version, which triggers move on
 * with every statement that changes a calendar (migration 0003): an unchanged
 * day costs one tiny query, a changed one is rebuilt by one more. Correct across several
 * processes sharing one PostgreSQL, since the version lives in the database.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { readDay, weekQuery } from '../../db/day-read.ts';
import { rowsOf } from '../../db/rows.ts';
import { sendSerialised } from '../../lib/response-check.ts';

/**
 * The cache holds at most this many bytes of answers (UTF-8 and gzip), dropping the
 * least recently used first: a count of entries would let a few large weeks
 * fill the heap. An answer over an eighth of it is served but not kept.
 */
export const MAX_CACHE_BYTES = 32 * 1024 * 1024;

const gzipAsync = promisify(zlib.gzip);

/**
 * An answer as it is sent: its UTF-8 bytes and their gzip, for the browsers that take it (all of them):
 * a cached day of the synthetic centre is 59 KB of JSON and 6 KB gzipped, and its bytes, not its
 * building, were what a cached read cost (docs/performance.md, "The cached day read, gzipped"). The gzip
 * is made by the first request that takes it (in zlib's pool, off the main thread) and kept with the
 * answer: a client that takes none never pays for it.
 */
export interface CachedAnswer {
  json: Buffer;
  gzip(): Promise<Buffer>;
}

interface Entry {
  version: number;
  answer: CachedAnswer;
  /** The JSON's bytes, and the gzip's once made. */
  bytes: number;
}

/** Whether the request's Accept-Encoding takes gzip (by name or `*`, and not with `q=0`). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  return String(header)
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      if (name.trim() !== 'gzip' && name.trim() !== '*') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/** A cached answer in the encoding the request accepts; either way it varies with Accept-Encoding. */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Promise<FastifyReply> {
  reply.header('vary', 'Accept-Encoding');
  if (!acceptsGzip(request)) return sendSerialised(reply, answer.json);
  const gzipped = await answer.gzip();
  reply.header('content-encoding', 'gzip');
  return sendSerialised(reply, gzipped);
}

export interface CalendarCache {
  /** Bytes of the answers held now (at most MAX_CACHE_BYTES). */
  bytes(): number;
  /** `version`: calendar_version as read at the start of this request, when the caller has it. */
  day(day: string, version?: number): Promise<CachedAnswer>;
  week(start: string, stop: string, version?: number): Promise<CachedAnswer>;
}

/** `onRead`: told of each read whether the cache held it (the metrics' hits and misses). */
export function createCalendarCache(db: Db, maxBytes = MAX_CACHE_BYTES, onRead?: (hit: boolean) => void): CalendarCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  let totalBytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  /** Oldest first: a Map iterates in insertion order, and a hit moves its entry to the end. */
  function evict() {
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxBytes) break;
      forget(oldest);
    }
  }

  function keep(key: string, version: number, answer: CachedAnswer) {
    forget(key);
    if (answer.json.length > maxBytes / 8) return;
    entries.set(key, { version, answer, bytes: answer.json.length });
    totalBytes += answer.json.length;
    evict();
  }

  /** The answer of `json`, whose gzip, once made, counts in the bytes of the entry that still holds it. */
  function answerOf(key: string, json: Buffer): CachedAnswer {
    let gzipped: Promise<Buffer> | undefined;
    const answer: CachedAnswer = {
      json,
      gzip: () =>
        (gzipped ??= gzipAsync(json, { level: 6 }).then((bytes) => {
          const entry = entries.get(key);
          if (entry?.answer === answer) {
            entry.bytes += bytes.length;
            totalBytes += bytes.length;
            evict();
          }
          return bytes;
        })),
    };
    return answer;
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
  async function read(key: string, build: () => Promise<string>, knownVersion?: number): Promise<CachedAnswer> {
    const version = knownVersion ?? (await currentVersion());
    const cached = entries.get(key);
    if (cached && cached.version >= version) {
      onRead?.(true);
      entries.delete(key);
      entries.set(key, cached); // most recently used last, so the oldest is dropped first
      return cached.answer;
    }
    onRead?.(false);
    // Readers that miss together share one build: after a change, a crowd of readers of the
    // same day would otherwise each rebuild it (on PGlite, one after the other).
    const flightKey = `${key}@${version}`;
    let flight = inFlight.get(flightKey);
    if (!flight) {
      flight = (async () => {
        try {
          const answer = answerOf(key, Buffer.from(await build()));
          const latest = entries.get(key);
          if (!latest || latest.version <= version) keep(key, version, answer);
          return answer;
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
