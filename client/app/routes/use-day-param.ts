import { useSearchParams } from 'react-router';
import { isPlanDate, todayLocal } from '../../../common/dates.ts';

/**
 * The displayed day lives in the URL (?data=yyyy-mm-dd): the calendar and the week print share it, and a reload keeps it.
 * Each change of day is a new history entry, so the browser's back and forward move between days. Default: today.
 * A template day (years from 3000) is kept too: the calendar shows it as a day of that template's week.
 * A `data` that is no date is handed back as `invalid`, so the screen says so instead of silently showing today.
 */
export function useDayParam(): [day: string, setDay: (day: string) => void, invalid: string | null] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('data');
  const valid = raw !== null && isPlanDate(raw);
  const day = valid ? raw : todayLocal();
  const setDay = (next: string) => setParams({ data: next });
  return [day, setDay, raw !== null && !valid ? raw : null];
}
