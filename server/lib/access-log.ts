/**
 * The access log of patients' data (docs/decisions/0011-audit-log.md): each read that shows
 * patients' data is remembered in this process's memory and written with ONE statement every
 * second (at once at 500 entries, and when the server closes). A read never waits for it:
 * recording is a push onto an array, so the day read's budget is untouched. The features record
 * through `recordAccess(request, …)`; server/features/registro decorates the app with the log.
 *
 * Nothing promised is dropped quietly (docs/decisions/0035-access-log-buffer.md): a batch the
 * database refuses goes back to the buffer and is tried again after 1, 2, 4 … 30 s; a graceful
 * stop writes the buffer (retrying for up to 5 s); the buffer holds at most ACCESS_MAX_PENDING
 * entries, and a read that finds it full is counted, reported at most once a minute (its number
 * only) and shown to administrators on `/server/health`. kill -9 loses at most the last second.
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
/**
 * Entries the buffer holds at most, written or waiting (about 200 bytes each): only a database that
 * refuses the writes for a long while fills it. Beyond, a read that adds to no entry is not recorded
 * and is counted (`lost`).
 */
export const ACCESS_MAX_PENDING = 50_000;
/** The wait before a failed batch is tried again, doubled at each failure up to ACCESS_RETRY_MAX_MS. */
export const ACCESS_RETRY_MS = 1000;
export const ACCESS_RETRY_MAX_MS = 30_000;
/** Reads not recorded are logged at most this often (their number only). */
export const ACCESS_LOST_LOG_MS = 60_000;
/** A graceful stop keeps trying to write the buffer this long (SIGTERM's own deadline is 15 s). */
export const ACCESS_CLOSE_MS = 5000;

/** The buffer's state, for `/server/health` (administrators). */
export interface AccessLogStatus {
  /** Entries in memory not yet in the database. */
  inAttesa: number;
  /** Reads not recorded since the process started: buffer full, or still unwritten at the end of a stop. */
  persi: number;
  /** Failed writes in a row (0 when the last one succeeded). */
  tentativiFalliti: number;
}

export interface AccessLogEvents {
  /** A batch failed; its entries wait and are tried again in `retryInMs`. */
  onWriteFailed(err: unknown, failures: number, retryInMs: number): void;
  /** Reads not recorded: `lost` since the last report, `total` since the start. Called at most once per ACCESS_LOST_LOG_MS, and at close. */
  onLost(lost: number, total: number): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** A batch that failed after some of its rounds were committed: `rest` is what is left to write. */
class PartialWrite extends Error {
  constructor(
    readonly failure: unknown,
    readonly rest: Pending[],
  ) {
    super('access log write failed');
  }
}

export class AccessLog {
  private pending: Pending[] = [];
  /** The pending entry each key adds to now. */
  private open = new Map<string, Pending>();
  /** Entries handed to a write not yet committed: they count against the bound. */
  private writing = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private failures = 0;
  private lost = 0;
  private lostSinceReport = 0;
  private lastLostReport = Number.NEGATIVE_INFINITY;
  private lostTimer: NodeJS.Timeout | undefined;
  /** The clock (ms): tests move it instead of waiting 10 minutes. */
  now: () => number = () => Date.now();
  /** The bound and the first retry's wait (tests lower them). */
  maxPending = ACCESS_MAX_PENDING;
  retryMs = ACCESS_RETRY_MS;
  closeMs = ACCESS_CLOSE_MS;

  constructor(
    private readonly db: Db,
    private readonly events: AccessLogEvents,
  ) {}

  status(): AccessLogStatus {
    return { inAttesa: this.pending.length + this.writing, persi: this.lost, tentativiFalliti: this.failures };
  }

  /** `user.ID` is null for a read made without a session by an unlinked holder (the calendar feed of a therapist with no account). */
  record(user: { ID: number | null; username: string }, entry: AccessEntry) {
    if (this.closed) return;
    const now = this.now();
    const userId = user.ID;
    const username = user.username.slice(0, 100);
    const day = entry.day ?? null;
    const dayTo = entry.dayTo ?? null;
    const patientId = entry.patientId ?? null;
    // Built by hand: this runs on every read, JSON.stringify of an array costs several times more.
    const key = `${userId}\u0000${username}\u0000${entry.kind}\u0000${day}\u0000${dayTo}\u0000${patientId}`;
    const same = this.open.get(key);
    if (same && now - same.first < ACCESS_COALESCE_MS && now >= same.first) {
      same.count++;
      same.last = Math.max(same.last, now);
      return;
    }
    if (this.pending.length + this.writing >= this.maxPending) {
      this.noteLost(1);
      return;
    }
    const added: Pending = { key, kind: entry.kind, day, dayTo, patientId, userId, username, first: now, last: now, count: 1 };
    this.pending.push(added);
    this.open.set(key, added);
    this.schedule();
  }

  /** The next write: at once at ACCESS_FLUSH_ROWS entries, else within ACCESS_FLUSH_MS; after a failure, when its wait ends. */
  private schedule() {
    if (this.closed || this.pending.length === 0) return;
    if (this.failures === 0 && this.pending.length >= ACCESS_FLUSH_ROWS) {
      void this.flush();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.failures === 0 ? ACCESS_FLUSH_MS : this.retryWait());
      this.timer.unref();
    }
  }

  private retryWait(): number {
    return Math.min(ACCESS_RETRY_MAX_MS, this.retryMs * 2 ** Math.max(0, this.failures - 1));
  }

  /**
   * Writes what is pending now, after any write in progress; resolves when it is in the database,
   * or when the attempt failed (its entries then wait for the next, with backoff: never dropped).
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    this.pending = [];
    this.open = new Map();
    if (rows.length === 0) return this.flushing;
    this.writing += rows.length;
    this.flushing = this.flushing.then(() => this.attempt(rows));
    return this.flushing;
  }

  private async attempt(rows: Pending[]) {
    try {
      await this.write(rows);
      this.failures = 0;
    } catch (err) {
      const rest = err instanceof PartialWrite ? err.rest : rows;
      this.failures++;
      this.putBack(rest);
      this.events.onWriteFailed(err instanceof PartialWrite ? err.failure : err, this.failures, this.retryWait());
    } finally {
      this.writing -= rows.length;
    }
    this.schedule();
  }

  /** Entries of a failed write go back before the newer ones; reads coming meanwhile add to them. */
  private putBack(rest: Pending[]) {
    this.pending = [...rest, ...this.pending];
    for (const r of rest) if (!this.open.has(r.key)) this.open.set(r.key, r);
  }

  private noteLost(reads: number) {
    this.lost += reads;
    this.lostSinceReport += reads;
    this.reportLost();
  }

  /** Reports the reads lost since the last report, at most once per ACCESS_LOST_LOG_MS (a timer catches the rest). */
  private reportLost(force = false) {
    if (this.lostSinceReport === 0) return;
    const now = this.now();
    const due = this.lastLostReport + ACCESS_LOST_LOG_MS;
    if (force || now >= due) {
      clearTimeout(this.lostTimer);
      this.lostTimer = undefined;
      this.lastLostReport = now;
      const lost = this.lostSinceReport;
      this.lostSinceReport = 0;
      this.events.onLost(lost, this.lost);
    } else if (!this.lostTimer) {
      this.lostTimer = setTimeout(() => {
        this.lostTimer = undefined;
        this.reportLost();
      }, due - now);
      this.lostTimer.unref();
    }
  }

  /**
   * Writes the rest and records nothing more. A write that fails is tried again with backoff for
   * up to `closeMs`; what is still unwritten then is counted as lost and reported.
   */
  async close(): Promise<void> {
    const deadline = Date.now() + this.closeMs;
    await this.flush();
    while (this.pending.length > 0 && Date.now() < deadline) {
      await sleep(Math.min(this.retryWait(), Math.max(0, deadline - Date.now())));
      await this.flush();
    }
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const unwritten = this.pending.reduce((sum, r) => sum + r.count, 0);
    this.pending = [];
    this.open = new Map();
    if (unwritten > 0) {
      this.lost += unwritten;
      this.lostSinceReport += unwritten;
    }
    this.reportLost(true);
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
      try {
        await this.writeRound(round);
      } catch (err) {
        // The earlier rounds are committed: only this round and the later ones are left.
        throw new PartialWrite(err, [...round, ...later]);
      }
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
