import { describe, expect, it } from 'vitest';
import { TEMPLATE_EPOCH } from '../../../common/modelli.ts';
import { addDays } from '../../../common/dates.ts';
import { COPIED_DAY_HOURS, loadCopiedDay, saveCopiedDay, shortDayLabel } from './copied-day.ts';

describe('shortDayLabel', () => {
  it('names a real day by weekday, day and month', () => {
    expect(shortDayLabel('2026-11-23')).toBe('lunedì 23-11');
  });
  it("names a template day by its weekday alone, not by the reserved year's date", () => {
    expect(shortDayLabel(addDays(TEMPLATE_EPOCH, 1))).toBe('martedì del modello');
  });
});

describe('the copied day in local storage', () => {
  const now = Date.UTC(2026, 10, 23, 9);
  it("is the account's own, for 8 hours", () => {
    saveCopiedDay(7, '2026-11-23', now);
    expect(loadCopiedDay(7, now + 60_000)?.day).toBe('2026-11-23');
    expect(loadCopiedDay(8, now)).toBeNull();
    expect(loadCopiedDay(7, now + COPIED_DAY_HOURS * 3600_000 + 1)).toBeNull();
    // Forgotten once expired.
    expect(localStorage.getItem('giornata:giornata-copiata:7')).toBeNull();
  });
  it('reads a damaged or foreign value as none', () => {
    localStorage.setItem('giornata:giornata-copiata:7', '{"day":"2026-02-31","until":1}');
    expect(loadCopiedDay(7, now)).toBeNull();
    localStorage.setItem('giornata:giornata-copiata:7', 'not json');
    expect(loadCopiedDay(7, now)).toBeNull();
    saveCopiedDay(7, '2026-11-23', now);
    saveCopiedDay(7, null, now);
    expect(loadCopiedDay(7, now)).toBeNull();
  });
});
