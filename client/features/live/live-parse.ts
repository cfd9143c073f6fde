import { liveWireEventSchema, type LiveWireEvent } from '../../../common/live.ts';

/*
 * Apart from live-events.ts: the check brings the events' schema and zod, loaded with the first event rather than
 * before the calendar paints (docs/decisions/0036-first-visit-budget.md).
 */

/** One `data:` line of the stream as an event (a cache event or a Pianificatore's), or null for anything this client does not know. */
export function parseLiveEvent(text: string): LiveWireEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = liveWireEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
