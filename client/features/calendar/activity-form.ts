/** The activity form's values; their check by the shared schema (one rule in one place: common/schemas.ts) is activity-form-check.ts. */
import type { ActivityForm, Room } from '../../../common/schemas.ts';
import type { FieldErrors } from '../../lib/form-check.ts';
import { END_OF_DAY, formatMinutes, minutesOfTime } from '../../lib/time-of-day.ts';
import type { DayActivity } from './types.ts';

/** The form's fields are the shared schema's; the inputs hold each as text. */
export type ActivityField = Exclude<keyof ActivityForm, 'tipo'>;
export type ActivityValues = Record<ActivityField, string>;
export type ActivityErrors = FieldErrors<ActivityField>;

/** How long a new activity lasts: the model has no activity types with a duration of their own, so one hour. */
export const DEFAULT_MINUTES = 60;
/** Where a day's first free time is looked for when the day is not today (the centre's morning). */
export const DAY_START = '08:00';

/** An activity's room and times, as the day lists them (HH:mm or HH:mm:ss). */
export type Booking = Pick<DayActivity, 'RifStanza' | 'OraInizio' | 'OraFine'>;

const quarterAfter = (minutes: number) => Math.ceil(minutes / 15) * 15;

/**
 * The end of a new activity from `start`: its duration later, but not past the room's next activity nor 24:00.
 */
function draftEnd(start: number, roomBookings: Booking[]): number {
  const next = roomBookings.map((b) => minutesOfTime(b.OraInizio)).filter((m): m is number => m !== null && m > start);
  return Math.min(start + DEFAULT_MINUTES, END_OF_DAY, ...next);
}

/**
 * The first quarter hour from `from` (HH:mm, rounded up to the quarter) at which the room is free; 23:45 at the latest.
 */
export function nextFreeQuarter(roomBookings: Booking[], from: string): string {
  let start = quarterAfter(minutesOfTime(from) ?? 0);
  for (;;) {
    const busyUntil = roomBookings
      .filter((b) => (minutesOfTime(b.OraInizio) ?? 0) <= start && (minutesOfTime(b.OraFine) ?? 0) > start)
      .map((b) => minutesOfTime(b.OraFine) ?? 0);
    if (busyUntil.length === 0) break;
    start = quarterAfter(Math.max(...busyUntil));
  }
  return formatMinutes(Math.min(start, END_OF_DAY - 15));
}

/**
 * The create-activity draft: an empty name, no transport, and an hour (DEFAULT_MINUTES) that stops at the room's next
 * activity. From an empty cell: that cell's room, from the cell's start. From the toolbar: the first active room, from
 * the next free quarter hour after `from` (now on today's calendar, the morning on another day's).
 */
export function activityDraft(
  rooms: Room[],
  slot?: { roomId: number; start: string },
  bookings: Booking[] = [],
  from: string = DAY_START,
): ActivityValues {
  const active = rooms.filter((r) => !r.Archiviato);
  const roomId = slot?.roomId ?? (active.some((r) => r.ID === 1) ? 1 : (active[0]?.ID ?? 1));
  const roomBookings = bookings.filter((b) => b.RifStanza === roomId);
  const startText = slot ? formatMinutes(minutesOfTime(slot.start) ?? 0) : nextFreeQuarter(roomBookings, from);
  const start = minutesOfTime(startText) ?? 0;
  return { nome: '', stanza: String(roomId), orainizio: startText, orafine: formatMinutes(draftEnd(start, roomBookings)), trasporto: '-1' };
}

/** "HH:mm" one hour later, at most 24:00 (the end of the day); the text itself when it is not a time. */
export function oneHourAfter(start: string): string {
  const minutes = minutesOfTime(start);
  return minutes === null ? start : formatMinutes(Math.min(END_OF_DAY, minutes + DEFAULT_MINUTES));
}

/** The activity's length in minutes while both times are times and the end is after the start; else null. */
export function durationOf(values: Pick<ActivityValues, 'orainizio' | 'orafine'>): number | null {
  const [start, end] = [minutesOfTime(values.orainizio), minutesOfTime(values.orafine)];
  return start !== null && end !== null && end > start ? end - start : null;
}

/**
 * The values after the start time changed: the end moves with it and the activity keeps its `duration` (at the latest
 * until 24:00). While the start is being typed and is no time yet, the end stays.
 */
export function withStart(values: ActivityValues, start: string, duration: number): ActivityValues {
  const minutes = minutesOfTime(start);
  if (minutes === null || minutes >= END_OF_DAY) return { ...values, orainizio: start };
  return { ...values, orainizio: start, orafine: formatMinutes(Math.min(END_OF_DAY, minutes + duration)) };
}

export function activityValues(activity: DayActivity): ActivityValues {
  return {
    nome: activity.NomeAttivita,
    stanza: String(activity.RifStanza),
    // HH:mm as the time field shows it: an activity until the end of the day reads 24:00.
    orainizio: activity.OraInizio.slice(0, 5),
    orafine: activity.OraFine.slice(0, 5),
    trasporto: String(activity.RifTrasporto),
  };
}
