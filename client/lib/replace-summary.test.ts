import { describe, expect, it } from 'vitest';
import { contentPhrase, replaceLines } from './replace-summary.ts';

const day = (data: string, attivita: number, uscite = 0, passeggeri = 0) => ({ data, attivita, uscite, passeggeri });

describe('the question before replacing days', () => {
  it('says what one day holds, runs and passengers first', () => {
    expect(replaceLines([day('2026-11-12', 9, 3, 14)])).toEqual([
      'Il 12/11 ha 3 uscite con 14 passeggeri e 9 attività: verranno sostituite.',
    ]);
    // A day with only minibus runs is asked about too.
    expect(replaceLines([day('2026-11-12', 0, 1, 1)])).toEqual(['Il 12/11 ha 1 uscita con 1 passeggero: verranno sostituite.']);
    expect(contentPhrase(day('2026-11-12', 1, 2, 0))).toBe('2 uscite e 1 attività');
  });

  it('asks nothing when the days are empty', () => {
    expect(replaceLines([])).toEqual([]);
    expect(replaceLines([day('2026-11-12', 0)])).toEqual([]);
  });

  it('lists a line per day with content for a week, in date order, and a total for more days', () => {
    expect(replaceLines([day('2026-11-25', 2), day('2026-11-23', 1, 1, 3), day('2026-11-24', 0)])).toEqual([
      '2 giornate hanno già un programma, che verrà sostituito:',
      'lun 23/11: 1 uscita con 3 passeggeri e 1 attività',
      'mer 25/11: 2 attività',
    ]);
    const many = Array.from({ length: 10 }, (_, i) => day(`2026-12-${String(i + 1).padStart(2, '0')}`, 2, 1, 4));
    expect(replaceLines(many)).toEqual([
      '10 giornate, dal 01/12 al 10/12, hanno in tutto 10 uscite con 40 passeggeri e 20 attività: verranno sostituite.',
    ]);
  });
});
