import { describe, expect, it } from 'vitest';
import { weekdayInitial } from './month.ts';
import { isMonth, lastDay, monthName, shiftMonth } from '../../lib/months.ts';
import { formatDate } from '../../../common/dates.ts';
import { cellText } from './register-cells.ts';

describe('months of the register', () => {
  it('steps across the year and knows the length of February', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(lastDay('2028-02')).toBe('2028-02-29');
    expect(lastDay('2026-02')).toBe('2026-02-28');
    expect(lastDay('2026-11')).toBe('2026-11-30');
  });

  it('reads months, names and dates the Italian way', () => {
    expect(monthName('2026-11')).toBe('novembre 2026');
    expect(formatDate('2026-11-03')).toBe('03/11/2026');
    expect(weekdayInitial('2026-11-23')).toBe('L');
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('26-11')).toBe(false);
    expect(isMonth('2026-09')).toBe(true);
  });
});

describe('cellText', () => {
  it('writes P, A with the reason’s initial, an asterisk when not justified, nothing for an empty day', () => {
    expect(cellText({ stato: 'P' })).toBe('P');
    expect(cellText({ stato: 'A', motivo: 'ferie', giustificata: true })).toBe('Af');
    expect(cellText({ stato: 'A', motivo: 'altro', giustificata: false })).toBe('Aa*');
    expect(cellText(undefined)).toBe('');
  });
});
