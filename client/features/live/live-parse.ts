import { liveEventSchema, type LiveEvent } from '../../../common/live.ts';

/*
 * Apart from live-events.ts: the check brings the events' schema and zod, loaded with the first event rather than
 * before the calendar paints (docs/decisions/0036-first-visit-budget.md).
 */

/** One `data:` line of the stream as an event, or null for anything this client does not know. */
export function parseLiveEvent(text: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = liveEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
