/** The week chosen with Copia settimana (its Monday), kept across reloads until pasted elsewhere or cancelled. */
import { isRealDate, weekdayOf } from '../../../common/dates.ts';

const KEY = 'copiedWeek';

export function loadCopiedWeek(): string | null {
  try {
    const value = localStorage.getItem(KEY);
    return value && isRealDate(value) && weekdayOf(value) === 1 ? value : null;
  } catch {
    return null;
  }
}

export function saveCopiedWeek(monday: string | null): void {
  try {
    if (monday) localStorage.setItem(KEY, monday);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode or full storage: the copy lives in memory only.
  }
}
