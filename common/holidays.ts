/**
 * Italy's national public holidays (feste nazionali), Easter Monday included:
 * the monthly register shows them, and a centre adds its own closing days
 * (the patron saint's day, a bridge) in Presenze.
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

/** The public holidays of a year, keyed by yyyy-mm-dd, with their Italian names. */
export function italianHolidays(year: number): Map<string, string> {
  const holidays = new Map<string, string>();
  for (const [monthDay, name] of FIXED) holidays.set(`${year}-${monthDay}`, name);
  const easter = new Date(`${easterSunday(year)}T00:00:00Z`);
  easter.setUTCDate(easter.getUTCDate() + 1);
  holidays.set(easter.toISOString().slice(0, 10), "Lunedì dell'Angelo");
  return holidays;
}

/** The holiday's name for a yyyy-mm-dd date, or null on an ordinary day. */
export function holidayName(date: string): string | null {
  return italianHolidays(Number(date.slice(0, 4))).get(date) ?? null;
}
