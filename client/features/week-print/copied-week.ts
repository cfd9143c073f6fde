/** The week chosen with Copia settimana (its Monday): in this tab's session storage, as Copia Giornata's day, so a reload keeps it. */
import { isRealDate, weekdayOf } from '../../../common/dates.ts';

const KEY = 'giornata:settimana-copiata';

export function loadCopiedWeek(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value && isRealDate(value) && weekdayOf(value) === 1 ? value : null;
  } catch {
    return null;
  }
}

export function saveCopiedWeek(monday: string | null): void {
  try {
    if (monday) sessionStorage.setItem(KEY, monday);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Private mode or full storage: the copy lives in memory only.
  }
}
