import { formatDate, isRealDate } from '../../common/dates.ts';

/** yyyy-mm-dd → "23/11/2026", the way Italian staff write a day (gg/mm/aaaa). An empty or unreal day gives "". */
export function formatItalianDate(iso: string): string {
  return isRealDate(iso) ? formatDate(iso) : '';
}

/**
 * What a person typed → yyyy-mm-dd, or null when it is not a real day. Takes gg/mm/aaaa with one or two digits for day
 * and month and "/", "-", "." or spaces between them, "23112026" and the ISO form (a pasted link's ?data=).
 */
export function parseItalianDate(text: string): string | null {
  const trimmed = text.trim();
  if (isRealDate(trimmed)) return trimmed;
  const parts = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!parts) return null;
  const iso = `${parts[3]}-${parts[2].padStart(2, '0')}-${parts[1].padStart(2, '0')}`;
  return isRealDate(iso) ? iso : null;
}

/** A yyyy-mm-dd day as a local Date at noon (the date picker's days), so no time zone moves it to another day. */
export function isoToDate(iso: string): Date {
  return new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)), 12);
}

/** A local Date → yyyy-mm-dd. */
export function dateToIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "lunedì 23 novembre 2026": a day as a sentence names it (page titles, the picker's button). */
export function longItalianDate(iso: string): string {
  if (!isRealDate(iso)) return '';
  return isoToDate(iso).toLocaleDateString('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}
