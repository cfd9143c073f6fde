/**
 * The access log of patients' data (docs/decisions/0011-audit-log.md): each read that shows
 * patients' data is remembered in this process's memory and written with ONE statement every
 * second (at once at 500 entries, and when the server closes). A read never waits for it:
 * recording is a push onto an array, so the day read's budget is untouched. The features record
 * through `recordAccess(request, …)`; server/features/registro decorates the app with the log.
 *
 * Identical reads coalesce (docs/decisions/0022-coalesced-access-log.md): the same account, the
 * same kind of read, the same day or period and the same utente within 10 minutes of the entry's
 * first read are ONE entry with a count (`conteggio`) and the last read's time (`ultima`). In
 * memory first, then against the account's last matching row in the database, so a flood of
 * reads leaves one row per 10 minutes instead of one per read.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AccessKind } from '../../common/audit.ts';
import type { Db } from '../db/client.ts';

export interface AccessEntry {
  kind: AccessKind;
  day?: string | null;
  dayTo?: string | null;
  patientId?: number | null;
}

/** One entry to write: `count` identical reads from `first` to `last` (ms since the epoch). */
interface Pending {
  key: string;
  kind: AccessKind;
  day: string | null;
  dayTo: string | null;
  patientId: number | null;
  userId: number | null;
  username: string;
  first: number;
  last: number;
  count: number;
}

export const ACCESS_FLUSH_MS = 1000;
export const ACCESS_FLUSH_ROWS = 500;
/** Identical reads whose first is less than this long ago are one entry. */
export const ACCESS_COALESCE_MS = 10 * 60 * 1000;

export class AccessLog {
  private pending: Pending[] = [];
  /** The pending entry each key adds to now. */
  private open = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  /** The clock (ms): tests move it instead of waiting 10 minutes. */
  now: () => number = () => Date.now();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** `user.ID` is null for a read made without a session by an unlinked holder (the calendar feed of a therapist with no account). */
  record(user: { ID: number | null; username: string }, entry: AccessEntry) {
    if (this.closed) return;
    const now = this.now();
    const row = {
      kind: entry.kind,
      day: entry.day ?? null,
      dayTo: entry.dayTo ?? null,
      patientId: entry.patientId ?? null,
      userId: user.ID,
      username: user.username.slice(0, 100),
    };
    const key = JSON.stringify([row.userId, row.username, row.kind, row.day, row.dayTo, row.patientId]);
    const same = this.open.get(key);
    if (same && now - same.first < ACCESS_COALESCE_MS && now >= same.first) {
      same.count++;
      same.last = Math.max(same.last, now);
      return;
    }
    const added: Pending = { ...row, key, first: now, last: now, count: 1 };
    this.pending.push(added);
    this.open.set(key, added);
    if (this.pending.length >= ACCESS_FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), ACCESS_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is pending now, after any write in progress; resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    this.pending = [];
    this.open = new Map();
    if (rows.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.write(rows)).catch(this.onError);
    return this.flushing;
  }

  /** Writes the rest and records nothing more. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  /**
   * One statement per round; a round holds each key once (a second entry of a key — only when
   * its first is 10 minutes old — goes in the next round, so it meets the row the first made).
   */
  private async write(rows: Pending[]) {
    let rest = rows;
    while (rest.length > 0) {
      const seen = new Set<string>();
      const round: Pending[] = [];
      const later: Pending[] = [];
      for (const r of rest) {
        if (seen.has(r.key)) later.push(r);
        else {
          seen.add(r.key);
          round.push(r);
        }
      }
      await this.writeRound(round);
      rest = later;
    }
  }

  /**
   * Each entry adds to the account's last identical row whose first read is less than 10 minutes
   * before the entry's (conteggio + n, ultima later: the only change migration 0015's trigger
   * allows), or is inserted. The rows travel as one JSON parameter, whatever their number.
   */
  private async writeRound(rows: Pending[]) {
    const iso = (ms: number) => new Date(ms).toISOString();
    await this.db.execute(sql`
      with r as (
        select * from jsonb_to_recordset(${JSON.stringify(
          rows.map((r) => ({
            at: iso(r.first),
            ultima: iso(r.last),
            conteggio: r.count,
            user_id: r.userId,
            username: r.username,
            kind: r.kind,
            day: r.day,
            day_to: r.dayTo,
            patient_id: r.patientId,
          })),
        )}::jsonb)
          as r(at timestamptz, ultima timestamptz, conteggio int, user_id int, username text, kind text, day date, day_to date, patient_id int)
      ),
      m as materialized (
        select r.*, (
          select l.id from access_log l
          where l.username = r.username and l.at > r.at - interval '10 minutes' and l.at <= r.at
            and l.user_id is not distinct from r.user_id and l.kind = r.kind and l.day is not distinct from r.day
            and l.day_to is not distinct from r.day_to and l.patient_id is not distinct from r.patient_id
          order by l.at desc limit 1) as target
        from r
      ),
      added as (
        update access_log l set conteggio = l.conteggio + m.conteggio, ultima = greatest(coalesce(l.ultima, l.at), m.ultima)
        from m where l.id = m.target
        returning l.id
      )
      insert into access_log (at, user_id, username, kind, day, day_to, patient_id, conteggio, ultima)
      select at, user_id, username, kind, day, day_to, patient_id, conteggio, case when conteggio > 1 then ultima end
      from m where target is null`);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    accessLog?: AccessLog;
  }
}

/** Remembers that the request's user read patients' data (nothing when no one is signed in). */
export function recordAccess(request: FastifyRequest, entry: AccessEntry) {
  const user = request.session?.user;
  if (user) request.server.accessLog?.record(user, entry);
}
