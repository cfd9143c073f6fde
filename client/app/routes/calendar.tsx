import { CalendarView } from '../../features/calendar/components/calendar-view.tsx';
import { useDayParam } from './use-day-param.ts';

export function CalendarRoute() {
  const [day, setDay] = useDayParam();
  return <CalendarView day={day} onDayChange={setDay} />;
}
