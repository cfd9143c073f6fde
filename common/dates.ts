/**
 * Calendar dates as `yyyy-mm-dd` strings and times as `HH:mm`, with no time zone involved but in
 * todayLocal and todayInRome. The one module of date helpers for the server, the web app and the
 * contracts: a second copy of any of these is a bug waiting for one of them to change.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const WEEKDAYS_IT = ['Domenica', 'Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato'] as const;

/** Month names as written in a sentence: "novembre 2026". */
export const MONTHS_IT = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

/** True for a real calendar date in yyyy-mm-dd (2026-02-30 is false). */
export function isRealDate(value: string): boolean {
  return isDateBetween(value, 1900, 2999);
}

/**
 * True for a date the calendar's calls take: a real date, or a day of the weekly templates'
 * reserved years 3000–3999 (common/modelli.ts; the server checks that its template exists).
 */
export function isPlanDate(value: string): boolean {
  return isDateBetween(value, 1900, 3999);
}

function isDateBetween(value: string, fromYear: number, toYear: number): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < fromYear || y > toYear || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Weekday number as JavaScript's getDay: 0 = domenica … 6 = sabato. */
export function weekdayOf(date: string): number {
  return toUtc(date).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** Days from `start` to `stop`, both included (two valid dates): 1 for a single day. */
export function daysInRange(start: string, stop: string): number {
  return Math.round((toUtc(stop).getTime() - toUtc(start).getTime()) / 86_400_000) + 1;
}

/** Saturday or Sunday: the centre is usually closed. */
export function isWeekend(date: string): boolean {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
}

/** The Monday of the week that holds `date` (a Saturday or Sunday belongs to the week before it). */
export const mondayOf = (date: string): string => addDays(date, -((weekdayOf(date) + 6) % 7));

/** Monday to Friday of the week that holds `date`. */
export function workWeek(date: string): string[] {
  const monday = mondayOf(date);
  return [0, 1, 2, 3, 4].map((i) => addDays(monday, i));
}

/** dd-mm-yyyy, as the calendar headline shows a date. */
export function formatDayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/** dd/mm/yyyy, the way Italian staff write a day (Presenze, the registro, the date field). */
export function formatDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** "Lunedì 23-11-2026": a day under its weekday (the agenda's days, the summary of a week's copy). */
export const weekdayAndDate = (date: string): string => `${WEEKDAYS_IT[weekdayOf(date)]} ${formatDayMonthYear(date)}`;

/** Today in the browser's or server's local time zone, as yyyy-mm-dd. */
export function todayLocal(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The centre's calendar day (Europe/Rome) at `now`, as yyyy-mm-dd: what the server counts as today
 * whatever its own time zone (a server in UTC would change day at 1 or 2 a.m.).
 */
export function todayInRome(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `HH:mm:ss` or `HH:mm` to `HH:mm`. */
export function toHourMinute(time: string): string {
  return time.slice(0, 5);
}
