import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, formatDate, isWeekend, mondayOf, todayInRome, weekdayAndDate } from './dates.ts';

describe('the date helpers every side shares', () => {
  it('counts the days of a range, both ends included, across months, leap days and summer time', () => {
    expect(daysInRange('2026-11-23', '2026-11-23')).toBe(1);
    expect(daysInRange('2026-11-23', '2026-11-29')).toBe(7);
    expect(daysInRange('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysInRange('2026-03-28', '2026-03-30')).toBe(3);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInRange(addDays('2026-11-23', -30), '2026-11-23')).toBe(31);
  });

  it('marks Saturdays and Sundays', () => {
    expect(['2026-11-21', '2026-11-22', '2026-11-23'].map(isWeekend)).toEqual([true, true, false]);
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
  });

  it('writes a day the Italian way', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(weekdayAndDate('2026-11-23')).toBe('Lunedì 23-11-2026');
  });

  it('takes today as the centre lives it, in Europe/Rome, whatever the machine’s time zone', () => {
    // 23:30 UTC on 23 November is already the 24th in Rome (UTC+1); 22:30 UTC in July is 00:30 of the next day (UTC+2).
    expect(todayInRome(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(todayInRome(new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-23');
    expect(todayInRome(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
  });
});
