/**
 * One process's live streams: each event is numbered `<process-id>-<seq>`,
 * framed once and written to every open stream; the last LIVE_REPLAY_EVENTS
 * are kept so a reconnect with Last-Event-ID gets what it missed. Nothing
 * here touches the database (listener.ts feeds it, plugin.ts serves it).
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  LIVE_MAX_STREAMS_DEFAULT,
  LIVE_MAX_STREAMS_PER_ACCOUNT,
  LIVE_REPLAY_EVENTS,
  LIVE_RETRY_MS,
  liveEventSchema,
  pianificatoreEventSchema,
  type LiveWireEvent,
} from '../../../common/live.ts';

/** A client that reads slower than this many bytes behind is cut: it reconnects and resumes (or reloads). */
const MAX_UNREAD_BYTES = 256 * 1024;

export interface LiveStream {
  /** The session whose cookie opened it. */
  readonly idHash: string;
  /** The account of that session (users.id). */
  readonly accountId: number;
  /** What the HTTP answer sends. */
  readonly out: PassThrough;
}

/** The compact payload the triggers of migration 0008 send on giornata_eventi (which tables: server/db/live-tables.ts). */
interface Notification {
  giorni?: unknown;
  anagrafiche?: unknown;
  presenze?: unknown;
  ricarica?: unknown;
  /** Issue 31: a proposal's progress or end (server/features/pianificatore/service.ts sends it with pg_notify). */
  pianificatore?: unknown;
}

/** The wire's events for one notification: a day event per day, then the lists' own. */
export function eventsOfNotification(payload: string): LiveWireEvent[] {
  let parsed: Notification;
  try {
    parsed = JSON.parse(payload) as Notification;
  } catch {
    return [{ tipo: 'ricarica' }]; // not ours to read: the safe answer is to reload
  }
  if (parsed === null || typeof parsed !== 'object' || parsed.ricarica === true) return [{ tipo: 'ricarica' }];
  const events: LiveWireEvent[] = [];
  if (Array.isArray(parsed.giorni)) {
    for (const day of parsed.giorni) {
      const event = liveEventSchema.safeParse({ tipo: 'giornata', data: day });
      if (event.success) events.push(event.data);
    }
  }
  if (parsed.anagrafiche === true) events.push({ tipo: 'anagrafiche' });
  if (parsed.presenze === true) events.push({ tipo: 'presenze' });
  if (parsed.pianificatore !== undefined) {
    const event = pianificatoreEventSchema.safeParse({ tipo: 'pianificatore', ...(parsed.pianificatore as object) });
    if (event.success) events.push(event.data);
  }
  return events;
}

export class LiveHub {
  /** Tells this process's event ids from another's (and from this process's before a restart). */
  readonly processId = randomBytes(6).toString('base64url');
  private seq = 0;
  /** Events written to streams since the process started, one per event per stream (the metrics). */
  delivered = 0;
  /** Frames of the last events: the frame of event `seq` sits at `seq % LIVE_REPLAY_EVENTS`. */
  private readonly recent: string[] = new Array<string>(LIVE_REPLAY_EVENTS);
  private readonly bySession = new Map<string, Set<LiveStream>>();
  /** Open streams of each account, every session of it together. */
  private readonly byAccount = new Map<number, number>();
  /** Every stream not yet closed, ended ones included until their socket closes. */
  private readonly all = new Set<LiveStream>();

  /** `maxStreams`: the most this process holds, every account together (LIVE_MAX_STREAMS). */
  constructor(readonly maxStreams = LIVE_MAX_STREAMS_DEFAULT) {}

  get streamCount(): number {
    return this.all.size;
  }

  /** Sessions holding at least one stream. */
  sessions(): string[] {
    return [...this.bySession.keys()];
  }

  /**
   * A new stream for the session, or why not: `account` when its account already holds
   * LIVE_MAX_STREAMS_PER_ACCOUNT here (the newcomer is refused, the open ones keep going: ending
   * the oldest would let four tabs take turns ending each other), `process` when this process
   * holds maxStreams.
   */
  open(idHash: string, accountId: number): LiveStream | 'account' | 'process' {
    if ((this.byAccount.get(accountId) ?? 0) >= LIVE_MAX_STREAMS_PER_ACCOUNT) return 'account';
    if (this.all.size >= this.maxStreams) return 'process';
    const mine = this.bySession.get(idHash) ?? new Set<LiveStream>();
    const stream: LiveStream = { idHash, accountId, out: new PassThrough() };
    mine.add(stream);
    this.bySession.set(idHash, mine);
    this.byAccount.set(accountId, (this.byAccount.get(accountId) ?? 0) + 1);
    this.all.add(stream);
    stream.out.once('close', () => this.forget(stream));
    return stream;
  }

  /**
   * The stream's first lines, then what it missed since `lastEventId` (or
   * `ricarica` when this process no longer holds that point). From here on it
   * receives every event: nothing can fall between the replay and the next one.
   */
  begin(stream: LiveStream, lastEventId: string | undefined): void {
    // The id line without data sets the browser's resume point, dispatching no event.
    let text = `retry: ${LIVE_RETRY_MS}\n: connesso\nid: ${this.idOf(this.seq)}\n\n`;
    if (lastEventId !== undefined && lastEventId !== '') {
      const missed = this.framesSince(lastEventId);
      text += missed === null ? this.frame(this.seq, { tipo: 'ricarica' }) : missed.join('');
    }
    this.write(stream, text);
  }

  /** Numbers, frames, keeps and sends each event to every stream. */
  publish(events: LiveWireEvent[]): void {
    if (events.length === 0) return;
    let text = '';
    for (const event of events) {
      this.seq += 1;
      const frame = this.frame(this.seq, event);
      this.recent[this.seq % LIVE_REPLAY_EVENTS] = frame;
      text += frame;
    }
    for (const set of this.bySession.values()) for (const stream of set) if (this.write(stream, text)) this.delivered += events.length;
  }

  /** The heartbeat comment on every stream. */
  ping(): void {
    for (const set of this.bySession.values()) for (const stream of set) this.write(stream, ': ping\n\n');
  }

  /** Ends every stream of a session that has ended. */
  endSession(idHash: string): void {
    for (const stream of this.bySession.get(idHash) ?? []) stream.out.end();
    this.bySession.delete(idHash);
  }

  /** Ends every stream (the server is closing). */
  endAll(): void {
    for (const idHash of this.sessions()) this.endSession(idHash);
  }

  private idOf(seq: number): string {
    return `${this.processId}-${seq}`;
  }

  private frame(seq: number, event: LiveWireEvent): string {
    return `id: ${this.idOf(seq)}\ndata: ${JSON.stringify(event)}\n\n`;
  }

  /** The frames after `lastEventId`, or null when it is another process's or older than what is kept. */
  private framesSince(lastEventId: string): string[] | null {
    const cut = lastEventId.lastIndexOf('-');
    if (cut < 0 || lastEventId.slice(0, cut) !== this.processId) return null;
    const text = lastEventId.slice(cut + 1);
    if (!/^\d{1,15}$/.test(text)) return null;
    const last = Number(text);
    const oldestKept = Math.max(1, this.seq - LIVE_REPLAY_EVENTS + 1);
    if (last > this.seq || last < oldestKept - 1) return null;
    const frames: string[] = [];
    for (let seq = last + 1; seq <= this.seq; seq++) frames.push(this.recent[seq % LIVE_REPLAY_EVENTS]);
    return frames;
  }

  /** Whether the text went to the stream (not to one ended, or dropped for reading too slowly). */
  private write(stream: LiveStream, text: string): boolean {
    const out = stream.out;
    if (out.writableEnded || out.destroyed) return false;
    if (out.writableLength > MAX_UNREAD_BYTES) {
      out.destroy();
      return false;
    }
    out.write(text);
    return true;
  }

  /** A stream closed (by its client, a cut, or endSession): its places are free again. */
  private forget(stream: LiveStream): void {
    const mine = this.bySession.get(stream.idHash);
    if (mine?.delete(stream) && mine.size === 0) this.bySession.delete(stream.idHash);
    if (!this.all.delete(stream)) return;
    const left = (this.byAccount.get(stream.accountId) ?? 1) - 1;
    if (left > 0) this.byAccount.set(stream.accountId, left);
    else this.byAccount.delete(stream.accountId);
  }
}
