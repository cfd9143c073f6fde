import { describe, expect, it } from 'vitest';
import { TEMPLATE_EPOCH } from '../../../common/modelli.ts';
import { addDays } from '../../../common/dates.ts';
import { shortDayLabel } from './copied-day.ts';

describe('shortDayLabel', () => {
  it('names a real day by weekday, day and month', () => {
    expect(shortDayLabel('2026-11-23')).toBe('lunedì 23-11');
  });
  it("names a template day by its weekday alone, not by the reserved year's date", () => {
    expect(shortDayLabel(addDays(TEMPLATE_EPOCH, 1))).toBe('martedì del modello');
  });
});
