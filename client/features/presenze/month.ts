/** Months as `yyyy-mm` and dates as shown in Presenze (dd/mm/yyyy), with no time zone involved. */
import { addDays, isRealDate, MONTHS_IT, todayLocal, weekdayOf } from '../../../common/dates.ts';

/** The weekday's initial in a register's column head: L M M G V S D (0 = domenica, as weekdayOf). */
const WEEKDAY_INITIALS = ['D', 'L', 'M', 'M', 'G', 'V', 'S'] as const;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string | null): value is string =>
  !!value && MONTH_RE.test(value) && Number(value.slice(0, 4)) >= 1900 && Number(value.slice(0, 4)) <= 2999;

export const monthOf = (date: string) => date.slice(0, 7);

/** "novembre 2026". */
export const monthName = (month: string) => `${MONTHS_IT[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The month `delta` months after `month` (negative: before). */
export function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const firstDay = (month: string) => `${month}-01`;
export const lastDay = (month: string) => addDays(firstDay(shiftMonth(month, 1)), -1);

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
