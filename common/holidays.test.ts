import { describe, expect, test } from 'vitest';
import { holidayName, italianHolidays, PATRON_DAY_NAME } from './holidays.ts';

/**
 * Every national public holiday of 2025–2035, written from the official calendar (Law 260 of 1949 as amended; Law 151
 * of 2025 for 4 October from 2026), not computed: Easter Monday from the published dates of Easter.
 */
const EASTER_MONDAY: Record<number, string> = {
  2025: '04-21',
  2026: '04-06',
  2027: '03-29',
  2028: '04-17',
  2029: '04-02',
  2030: '04-22',
  2031: '04-14',
  2032: '03-29',
  2033: '04-18',
  2034: '04-10',
  2035: '03-26',
};
const FIXED = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'];

describe('national holidays', () => {
  test.each(Object.keys(EASTER_MONDAY).map(Number))('%i: exactly the official list', (year) => {
    const official = [...FIXED, EASTER_MONDAY[year], ...(year >= 2026 ? ['10-04'] : [])].map((md) => `${year}-${md}`).sort();
    expect([...italianHolidays(year).keys()].sort()).toEqual(official);
  });

  test("4 ottobre is San Francesco d'Assisi from 2026, an ordinary day before", () => {
    expect(holidayName('2025-10-04')).toBeNull();
    expect(holidayName('2026-10-04')).toBe("San Francesco d'Assisi");
    expect(holidayName('2027-10-04')).toBe("San Francesco d'Assisi");
  });

  test("the centre's patron saint's day is a holiday every year, only when set", () => {
    expect(holidayName('2027-12-07')).toBeNull();
    expect(holidayName('2027-12-07', '12-07')).toBe(PATRON_DAY_NAME);
    expect(holidayName('2031-12-07', '12-07')).toBe(PATRON_DAY_NAME);
    expect(holidayName('2031-12-06', '12-07')).toBeNull();
    // A patron on a national holiday keeps the national name.
    expect(holidayName('2030-06-02', '06-02')).toBe('Festa della Repubblica');
  });
});
