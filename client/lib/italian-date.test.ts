import { describe, expect, it } from 'vitest';
import { dateToIso, formatItalianDate, isoToDate, longItalianDate, parseItalianDate } from './italian-date.ts';

describe('formatItalianDate', () => {
  it('writes a day as gg/mm/aaaa', () => {
    expect(formatItalianDate('2026-11-23')).toBe('23/11/2026');
    expect(formatItalianDate('2026-01-05')).toBe('05/01/2026');
  });
  it('writes nothing for an empty or unreal day', () => {
    expect(formatItalianDate('')).toBe('');
    expect(formatItalianDate('2026-02-30')).toBe('');
  });
});

describe('parseItalianDate', () => {
  it('reads gg/mm/aaaa and its usual variants', () => {
    expect(parseItalianDate('23/11/2026')).toBe('2026-11-23');
    expect(parseItalianDate(' 3/1/2026 ')).toBe('2026-01-03');
    expect(parseItalianDate('23-11-2026')).toBe('2026-11-23');
    expect(parseItalianDate('23.11.2026')).toBe('2026-11-23');
    expect(parseItalianDate('23112026')).toBe('2026-11-23');
    expect(parseItalianDate('2026-11-23')).toBe('2026-11-23');
  });
  it('refuses what is not a real day, never guessing the American order', () => {
    expect(parseItalianDate('11/23/2026')).toBeNull();
    expect(parseItalianDate('30/02/2026')).toBeNull();
    expect(parseItalianDate('23/11/26')).toBeNull();
    expect(parseItalianDate('domani')).toBeNull();
    expect(parseItalianDate('')).toBeNull();
  });
  it('round-trips with formatItalianDate', () => {
    expect(parseItalianDate(formatItalianDate('2028-02-29'))).toBe('2028-02-29');
  });
});

describe('days as the picker sees them', () => {
  it('turns a day into a local date and back, whatever the time zone', () => {
    expect(dateToIso(isoToDate('2026-03-29'))).toBe('2026-03-29');
    expect(dateToIso(isoToDate('2026-10-25'))).toBe('2026-10-25');
  });
  it('names a day in full, in Italian', () => {
    expect(longItalianDate('2026-11-23')).toBe('lunedì 23 novembre 2026');
  });
});
