import { describe, expect, it } from 'vitest';
import { absencesQueryOptions, removedCount } from './absences.ts';

describe('the absences API', () => {
  it('reads one day with the same cache entry as a range of that day, so every screen shares it', () => {
    expect(absencesQueryOptions('2026-11-23', '2026-11-23').queryKey).toEqual([
      'presenze',
      'assenze',
      { dal: '2026-11-23', al: '2026-11-23' },
    ]);
  });

  it('says how many activities and runs a person was taken out of, in the singular for one', () => {
    expect(removedCount(1)).toBe('1 attività o uscita');
    expect(removedCount(3)).toBe('3 attività e uscite');
  });
});
