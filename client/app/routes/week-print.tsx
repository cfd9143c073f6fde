import { WeekPrintView } from '../../features/week-print/components/week-print-view.tsx';
import { longItalianDate } from '../../lib/italian-date.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDayParam } from './use-day-param.ts';

/** Loaded lazily by the router: the week print and its PDF code stay out of the first download. */
export function Component() {
  const [day] = useDayParam();
  usePageTitle('Stampa settimanale', `settimana di ${longItalianDate(day)}`);
  return <WeekPrintView day={day} />;
}
