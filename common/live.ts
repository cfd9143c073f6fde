/**
 * The live events wire (GET /server/eventi, docs/api.md "Eventi in tempo
 * reale"): what each Server-Sent Event's `data:` line holds, shared by the
 * server that sends it and the web app that reads it.
 */
import { z } from 'zod';
import { textAnswer } from './schemas.ts';
import { isPlanDate } from './dates.ts';

export { LIVE_EVENTS_PATH } from './live-path.ts';

/** How long a browser waits before reconnecting (the stream's `retry:`). */
export const LIVE_RETRY_MS = 3000;
/** A comment every this often keeps proxies from closing an idle stream and shows the server is there. */
export const LIVE_HEARTBEAT_MS = 20_000;
/**
 * Open streams one account may hold on one server process, whatever its sessions (tabs and
 * devices); one more answers 429 (docs/decisions/0024-sessions-streams-roll-call.md).
 */
export const LIVE_MAX_STREAMS_PER_ACCOUNT = 3;
/** Open streams one server process holds at most, every account together, unless LIVE_MAX_STREAMS says otherwise; one more answers 503. */
export const LIVE_MAX_STREAMS_DEFAULT = 500;
/** Events each server process keeps for a reconnect's Last-Event-ID. */
export const LIVE_REPLAY_EVENTS = 1000;

export const liveEventSchema = z.discriminatedUnion('tipo', [
  /** A day whose calendar changed (activities, their people, runs, absences covering it, roll call). */
  z.object({ tipo: z.literal('giornata'), data: z.string().refine(isPlanDate) }),
  /** Patients, therapists, rooms or accounts changed. */
  z.object({ tipo: z.literal('anagrafiche') }),
  /** Absences, roll call, closed months, closing days or corrections changed. */
  z.object({ tipo: z.literal('presenze') }),
  /** Events may have been missed: refetch everything shown. */
  z.object({ tipo: z.literal('ricarica') }),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * A proposal of the Pianificatore (issue 31, common/pianificatore.ts): `avanzamento` (0–1) while it works, then its
 * `stato` (`pronta`, `errore`, `applicata`, `scartata`). Apart from liveEventSchema: it changes no cached answer, only
 * the screen waiting on that proposal reads it.
 */
export const pianificatoreEventSchema = z.object({
  tipo: z.literal('pianificatore'),
  ID: z.number().int(),
  avanzamento: z.number().min(0).max(1).optional(),
  stato: z.enum(['in_corso', 'pronta', 'errore', 'applicata', 'scartata']).optional(),
});
export type PianificatoreEvent = z.infer<typeof pianificatoreEventSchema>;
/** Every `data:` line the stream may carry. */
export const liveWireEventSchema = z.union([liveEventSchema, pianificatoreEventSchema]);
export type LiveWireEvent = LiveEvent | PianificatoreEvent;

/** GET /server/eventi answers a text/event-stream: one liveEventSchema per `data:` line (its route's response schema). */
export const liveStreamAnswer = textAnswer('text/event-stream');
