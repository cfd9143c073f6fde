/**
 * The times of day the app's time field takes (client/components/time-field.tsx): 24-hour, written the way Italian
 * staff write them. Pure, so the rules are tested without a browser.
 */

export const END_OF_DAY = 24 * 60;

/** Minutes since midnight → "HH:mm" (1440 → "24:00"). */
export function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * What a person typed → "HH:mm", or null when it is not a time. Takes "9:30", "09:30", "9.30", "9,30", "930", "0930"
 * and "9" or "09" alone (on the hour); "24:00" only where the day's end is a valid answer (an end time).
 */
export function parseTimeOfDay(text: string, { endOfDay = false } = {}): string | null {
  const trimmed = text.trim();
  const parts = /^(\d{1,2})(?:[:.,h]?(\d{2}))?(?::00)?$/.exec(trimmed);
  if (!parts) return null;
  const hours = Number(parts[1]);
  const minutes = Number(parts[2] ?? '0');
  if (minutes > 59) return null;
  if (hours === 24 && minutes === 0) return endOfDay ? '24:00' : null;
  if (hours > 23) return null;
  return formatMinutes(hours * 60 + minutes);
}

/**
 * A time typed whole while it is being typed: "10:30", "930", "1030" (three or four digits, or a separator and two
 * digits). "10" or "10:3" are not whole yet, so a field does not jump to 10:00 or 10:03 under the fingers.
 */
export function parseWholeTime(text: string, options: { endOfDay?: boolean } = {}): string | null {
  return /^\s*\d{1,2}(?:[:.,h]?\d{2})(?::00)?\s*$/.test(text) ? parseTimeOfDay(text, options) : null;
}

/** Minutes since midnight of "HH:mm" or "HH:mm:ss"; null when it is not a time of the day (24:00 is 1440). */
export function minutesOfTime(time: string): number | null {
  const parsed = parseTimeOfDay(time.length === 8 ? time.slice(0, 5) : time, { endOfDay: true });
  if (!parsed || !/^\d{2}:\d{2}$/.test(time.slice(0, 5))) return null;
  return Number(parsed.slice(0, 2)) * 60 + Number(parsed.slice(3, 5));
}

/** The choices of the field's list: every 5 minutes from 00:00 to 23:55, and 24:00 for an end. */
export function timeChoices({ endOfDay = false, step = 5 } = {}): string[] {
  const choices: string[] = [];
  for (let m = 0; m < END_OF_DAY; m += step) choices.push(formatMinutes(m));
  if (endOfDay) choices.push('24:00');
  return choices;
}

/** The choice nearest to a time (the list opens on it): the time's own when it is a step, else the step before it. */
export function nearestChoice(choices: string[], time: string | null): number {
  if (!time) return -1;
  const exact = choices.indexOf(time);
  if (exact >= 0) return exact;
  const before = choices.findLastIndex((c) => c < time);
  return Math.max(0, before);
}
