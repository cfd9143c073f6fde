/**
 * The process's live events: the hub of open streams, the database listener
 * that feeds it (started with the first stream) and the heartbeat, which
 * also ends the streams of sessions that expired, so a stream never outlives
 * its session. Ended sessions are otherwise told by the database
 * (giornata_sessioni) whichever process ended them.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_HEARTBEAT_MS, type LiveEvent, type LiveWireEvent } from '../../../common/live.ts';
import type { Database, Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { LiveHub, eventsOfNotification } from './hub.ts';
import { startListener, type Listener } from './listener.ts';

const RELOAD: LiveEvent[] = [{ tipo: 'ricarica' }];

/**
 * Events wait until the writes fall quiet for this long, then go out together, each once (one day,
 * or one list): a burst of roll-call marks on one day is ONE event for that day, not one per mark
 * (docs/decisions/0035-access-log-buffer.md, which replaces the "first at once, the rest as one" of 0024).
 */
export const LIVE_COALESCE_MS = 250;
/** However long a burst goes on, what waits goes out this long after the first of it: a screen is never more than a second behind. */
export const LIVE_MAX_WAIT_MS = 750;

/** How long a session lives unused, and at most (the session feature's rule, read here without its help). */
export interface SessionTimes {
  idleMs: number;
  maxMs: number;
}

/** Of these sessions, those no longer valid: gone, expired (idle or too old) or of a disabled account. */
async function endedAmong(
  db: Db,
  idHashes: string[],
  times: SessionTimes,
  now = Date.now(),
): Promise<{ ended: string[]; expired: string[] }> {
  const rows = await db
    .select({ idHash: sessions.idHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, disabled: users.disabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.idHash, idHashes));
  const valid = new Set<string>();
  const expired: string[] = [];
  for (const row of rows) {
    const over = now - row.lastSeenAt.getTime() > times.idleMs || now - row.createdAt.getTime() > times.maxMs || row.disabled;
    if (over) expired.push(row.idHash);
    else valid.add(row.idHash);
  }
  return { ended: idHashes.filter((h) => !valid.has(h)), expired };
}

export class LiveEvents {
  readonly hub: LiveHub;
  private listener: Listener | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private heartbeatEvery = LIVE_HEARTBEAT_MS;
  private checking = false;
  /** Events waiting for the writes to fall quiet, in arrival order, each once. */
  private readonly held = new Map<string, LiveWireEvent>();
  private heldTimer: NodeJS.Timeout | undefined;
  /** When the first of the events waiting arrived. */
  private heldSince = 0;
  /** The quiet that sends what waits, and the longest anything waits (tests lengthen them). */
  coalesceMs = LIVE_COALESCE_MS;
  maxWaitMs = LIVE_MAX_WAIT_MS;
  private troubled = false;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly times: SessionTimes,
    private readonly log: FastifyBaseLogger,
    maxStreams?: number,
  ) {
    this.hub = new LiveHub(maxStreams);
  }

  /** The heartbeat's interval (tests shorten it); the session check runs with it. */
  get heartbeatMs(): number {
    return this.heartbeatEvery;
  }
  set heartbeatMs(ms: number) {
    this.heartbeatEvery = ms;
    if (this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
      this.startHeartbeat();
    }
  }

  /** Listening before the first stream says it is connected, so no committed write falls between. */
  listening(): Promise<void> {
    this.listener ??= startListener(this.database.notifications, {
      onEvents: (payload) => this.coalesce(eventsOfNotification(payload)),
      onSessionsEnded: (payload) => {
        if (payload === '*') void this.checkSessions();
        else for (const idHash of payload.split(',')) this.hub.endSession(idHash);
      },
      onResumed: () => {
        this.troubled = false;
        this.log.info('live events: listening again; every stream reloads');
        this.hub.publish(RELOAD);
        void this.checkSessions();
      },
      onTrouble: (err) => {
        if (!this.troubled) this.log.warn({ err }, 'live events: lost the database notifications, reconnecting');
        this.troubled = true;
      },
    });
    this.startHeartbeat();
    return this.listener.ready;
  }

  /**
   * Holds the events until no other arrives for coalesceMs (at most maxWaitMs after the first
   * held), then sends each once, in the order they first came. `ricarica` goes at once, and takes
   * what waits with it (everything is read again).
   */
  coalesce(events: LiveWireEvent[]): void {
    if (events.some((e) => e.tipo === 'ricarica')) {
      this.held.clear();
      clearTimeout(this.heldTimer);
      this.heldTimer = undefined;
      this.hub.publish(RELOAD);
      return;
    }
    if (events.length === 0 || this.closed) return;
    const now = Date.now();
    if (this.held.size === 0) this.heldSince = now;
    for (const event of events) {
      const key = JSON.stringify(event);
      if (!this.held.has(key)) this.held.set(key, event);
    }
    clearTimeout(this.heldTimer);
    const wait = Math.max(0, Math.min(this.coalesceMs, this.heldSince + this.maxWaitMs - now));
    this.heldTimer = setTimeout(() => this.releaseHeld(), wait);
    this.heldTimer.unref();
  }

  private releaseHeld(): void {
    this.heldTimer = undefined;
    const events = [...this.held.values()];
    this.held.clear();
    this.hub.publish(events);
  }

  /** Ends every stream and stops the heartbeat: the server is closing, nothing should wait on a stream. */
  endStreams(): void {
    clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    this.held.clear();
    this.closed = true;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.hub.endAll();
  }

  async stop(): Promise<void> {
    this.endStreams();
    await this.listener?.stop();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private startHeartbeat(): void {
    if (this.heartbeat || this.closed) return;
    this.heartbeat = setInterval(() => {
      if (this.hub.streamCount === 0) return;
      this.hub.ping();
      void this.checkSessions();
      void this.listener?.check();
    }, this.heartbeatEvery);
    this.heartbeat.unref();
  }

  /** Ends the streams of sessions that are no longer valid; an expired one is deleted, as a request would (and every process hears it). */
  async checkSessions(): Promise<void> {
    const held = this.hub.sessions();
    if (this.checking || held.length === 0) return;
    this.checking = true;
    try {
      const { ended, expired } = await endedAmong(this.database.db, held, this.times);
      for (const idHash of ended) this.hub.endSession(idHash);
      if (expired.length > 0) await this.database.db.delete(sessions).where(inArray(sessions.idHash, expired));
    } catch (err) {
      this.log.warn({ err }, 'live events: could not check the sessions of open streams');
    } finally {
      this.checking = false;
    }
  }
}
