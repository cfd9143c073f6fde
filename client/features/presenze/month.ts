/** Months as `yyyy-mm` and dates as shown in Presenze (dd/mm/yyyy), with no time zone involved. */
import { isRealDate, todayLocal, weekdayOf } from '../../../common/dates.ts';

/** The weekday's initial in a register's column head: L M M G V S D (0 = domenica, as weekdayOf). */
const WEEKDAY_INITIALS = ['D', 'L', 'M', 'M', 'G', 'V', 'S'] as const;

export const weekdayInitial = (date: string) => WEEKDAY_INITIALS[weekdayOf(date)];

/** A date from the URL, or today. */
export const dateOrToday = (value: string | null) => (value && isRealDate(value) ? value : todayLocal());

/** HH:mm of an ISO time, in the browser's time zone (the centre's). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The local yyyy-mm-dd of an ISO time. */
export const localDateOf = (iso: string) => todayLocal(new Date(iso));
