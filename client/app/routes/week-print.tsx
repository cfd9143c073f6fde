import { WeekPrintView } from '../../features/week-print/components/week-print-view.tsx';
import { useDayParam } from './use-day-param.ts';

/** Loaded lazily by the router: the week print and its PDF code stay out of the first download. */
export function Component() {
  const [day] = useDayParam();
  return <WeekPrintView day={day} />;
}
