import { CalendarView } from '../../features/calendar/components/calendar-view.tsx';
import { longItalianDate } from '../../lib/italian-date.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDayParam } from './use-day-param.ts';

export function CalendarRoute() {
  const [day, setDay] = useDayParam();
  usePageTitle('Calendario', longItalianDate(day));
  return <CalendarView day={day} onDayChange={setDay} />;
}
