/**
 * The process's one ear on the database: LISTEN on giornata_eventi (what the
 * triggers of migration 0008 send when a write commits, on the tables of server/db/live-tables.ts) and giornata_sessioni
 * (sessions ended by any process). On PostgreSQL a dedicated connection,
 * reconnected with backoff; on PGlite the instance's own listen().
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { EVENTS_CHANNEL } from '../../db/live-notify.ts';

export { EVENTS_CHANNEL };
export const SESSIONS_CHANNEL = 'giornata_sessioni';

export interface ListenerHandlers {
  /** A committed write's payload on giornata_eventi. */
  onEvents(payload: string): void;
  /** Ended sessions' id hashes, comma-separated, or '*' when every session should be checked. */
  onSessionsEnded(payload: string): void;
  /** Listening again after the connection was lost: notifications may have been missed meanwhile. */
  onResumed(): void;
  /** The connection was lost or could not be made (for the log: no data in it). */
  onTrouble(err: unknown): void;
}

export interface Listener {
  /** Settles once the first attempt to listen is over (listening or not: a later attempt resumes). */
  readonly ready: Promise<void>;
  /** Asks the connection something: a connection that died quietly is noticed and replaced. */
  check(): Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

class PostgresListener implements Listener {
  readonly ready: Promise<void>;
  private client: pg.Client | undefined;
  private stopped = false;
  private attempts = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly handlers: ListenerHandlers,
  ) {
    this.ready = this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on('notification', (n) => {
      if (n.channel === EVENTS_CHANNEL) this.handlers.onEvents(n.payload ?? '');
      else if (n.channel === SESSIONS_CHANNEL) this.handlers.onSessionsEnded(n.payload ?? '');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('LISTEN connection ended')));
    const resuming = this.attempts > 0;
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}; LISTEN ${SESSIONS_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      this.handlers.onTrouble(err);
      this.retry();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempts = 0;
    // Every attempt after the first may have missed notifications: streams opened meanwhile included.
    if (resuming) this.handlers.onResumed();
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    if (this.stopped) return;
    this.handlers.onTrouble(err);
    this.retry();
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  async check(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('select 1');
    } catch (err) {
      this.lost(client, err);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

class PgliteListener implements Listener {
  readonly ready: Promise<void>;
  private unlisten: (() => Promise<void>)[] = [];

  constructor(client: PGlite, handlers: ListenerHandlers) {
    this.ready = (async () => {
      try {
        this.unlisten = await Promise.all([
          client.listen(EVENTS_CHANNEL, (payload) => handlers.onEvents(payload)),
          client.listen(SESSIONS_CHANNEL, (payload) => handlers.onSessionsEnded(payload)),
        ]);
      } catch (err) {
        handlers.onTrouble(err);
      }
    })();
  }

  async check(): Promise<void> {}

  async stop(): Promise<void> {
    await this.ready;
    // The database may already be closed: nothing left to hear then.
    await Promise.all(this.unlisten.map((unlisten) => unlisten().catch(() => {})));
  }
}

/** Starts listening on the database's notifications; without a source (a hand-built Database) it hears nothing. */
export function startListener(source: Database['notifications'], handlers: ListenerHandlers): Listener {
  if (source?.kind === 'postgres') return new PostgresListener(source.url, handlers);
  if (source?.kind === 'pglite') return new PgliteListener(source.client, handlers);
  return { ready: Promise.resolve(), check: async () => {}, stop: async () => {} };
}
