/**
 * The access log of patients' data (docs/decisions/0011-audit-log.md): each read that shows
 * patients' data is remembered in this process's memory and written with ONE multi-row insert
 * every second (at once at 500 rows, and when the server closes). A read never waits for it:
 * recording is a push onto an array, so the day read's budget is untouched. The features record
 * through `recordAccess(request, …)`; server/features/registro decorates the app with the log.
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

interface Pending extends AccessEntry {
  at: string;
  userId: number | null;
  username: string;
}

export const ACCESS_FLUSH_MS = 1000;
export const ACCESS_FLUSH_ROWS = 500;

export class AccessLog {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** `user.ID` is null for a read made without a session by an unlinked holder (the calendar feed of a therapist with no account). */
  record(user: { ID: number | null; username: string }, entry: AccessEntry) {
    if (this.closed) return;
    this.pending.push({ ...entry, at: new Date().toISOString(), userId: user.ID, username: user.username });
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
    if (rows.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.write(rows)).catch(this.onError);
    return this.flushing;
  }

  /** Writes the rest and records nothing more. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private async write(rows: Pending[]) {
    // One statement whatever the count: the rows travel as one JSON parameter.
    await this.db.execute(sql`
      insert into access_log (at, user_id, username, kind, day, day_to, patient_id)
      select r.at, r.user_id, r.username, r.kind, r.day, r.day_to, r.patient_id
      from jsonb_to_recordset(${JSON.stringify(
        rows.map((r) => ({
          at: r.at,
          user_id: r.userId,
          username: r.username.slice(0, 100),
          kind: r.kind,
          day: r.day ?? null,
          day_to: r.dayTo ?? null,
          patient_id: r.patientId ?? null,
        })),
      )}::jsonb)
        as r(at timestamptz, user_id int, username text, kind text, day date, day_to date, patient_id int)`);
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
