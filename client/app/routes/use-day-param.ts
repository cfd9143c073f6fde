import { useSearchParams } from 'react-router';
import { isRealDate, todayLocal } from '../../../common/dates.ts';

/** The displayed day lives in the URL (?data=yyyy-mm-dd): the calendar and the week print share it, and a reload keeps it. Default: today. */
export function useDayParam(): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('data');
  const day = raw && isRealDate(raw) ? raw : todayLocal();
  const setDay = (next: string) => setParams({ data: next }, { replace: true });
  return [day, setDay];
}
