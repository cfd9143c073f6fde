/** Months as `yyyy-mm`, with no time zone involved: what Presenze and Trasporti del mese both step through. */
import { addDays, MONTHS_IT } from '../../common/dates.ts';

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
