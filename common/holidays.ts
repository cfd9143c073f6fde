/**
 * Italy's national public holidays (feste nazionali), Easter Monday included, and the centre's patron saint's day
 * (the `patrono` setting, "MM-DD", every year): templates skip them, the monthly register counts them as closed. A
 * centre adds its other closing days (a bridge) in Presenze.
 */

/** Easter Sunday of a Gregorian year (Meeus/Jones/Butcher), as yyyy-mm-dd. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED: [monthDay: string, name: string][] = [
  ['01-01', 'Capodanno'],
  ['01-06', 'Epifania'],
  ['04-25', 'Festa della Liberazione'],
  ['05-01', 'Festa del Lavoro'],
  ['06-02', 'Festa della Repubblica'],
  ['08-15', 'Ferragosto'],
  ['11-01', 'Ognissanti'],
  ['12-08', 'Immacolata Concezione'],
  ['12-25', 'Natale'],
  ['12-26', 'Santo Stefano'],
];

/** San Francesco d'Assisi, patron saint of Italy: a national holiday again from 2026 (Law 151 of 2025). */
const SAN_FRANCESCO = { monthDay: '10-04', name: "San Francesco d'Assisi", since: 2026 };

/** The name the register and the templates give the centre's own patron saint's day. */
export const PATRON_DAY_NAME = 'Santo patrono';

/**
 * The public holidays of a year, keyed by yyyy-mm-dd, with their Italian names; with `patron` ("MM-DD"), the centre's
 * patron saint's day too (a national holiday on the same day keeps its own name).
 */
export function italianHolidays(year: number, patron?: string | null): Map<string, string> {
  const holidays = new Map<string, string>();
  if (patron) holidays.set(`${year}-${patron}`, PATRON_DAY_NAME);
  for (const [monthDay, name] of FIXED) holidays.set(`${year}-${monthDay}`, name);
  if (year >= SAN_FRANCESCO.since) holidays.set(`${year}-${SAN_FRANCESCO.monthDay}`, SAN_FRANCESCO.name);
  const easter = new Date(`${easterSunday(year)}T00:00:00Z`);
  easter.setUTCDate(easter.getUTCDate() + 1);
  holidays.set(easter.toISOString().slice(0, 10), "Lunedì dell'Angelo");
  return holidays;
}

/** The holiday's name for a yyyy-mm-dd date (the centre's patron day included when given), or null on an ordinary day. */
export function holidayName(date: string, patron?: string | null): string | null {
  return italianHolidays(Number(date.slice(0, 4)), patron).get(date) ?? null;
}
