import { useSearchParams } from 'react-router';
import { isPlanDate, todayLocal } from '../../../common/dates.ts';

/**
 * The displayed day lives in the URL (?data=yyyy-mm-dd): the calendar and the week print share it, and a reload keeps it.
 * Each change of day is a new history entry, so the browser's back and forward move between days. Default: today.
 * A template day (years from 3000) is kept too: the calendar shows it as a day of that template's week.
 */
export function useDayParam(): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('data');
  const day = raw && isPlanDate(raw) ? raw : todayLocal();
  const setDay = (next: string) => setParams({ data: next });
  return [day, setDay];
}
