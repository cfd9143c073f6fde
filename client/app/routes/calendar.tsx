import { isTemplateDay } from '../../../common/modelli.ts';
import { CalendarView } from '../../features/calendar/components/calendar-view.tsx';
import { TemplateHeader } from '../../features/modelli/components/template-header.tsx';
import { useDayParam } from './use-day-param.ts';

/** A template day (docs/product.md, Modelli) is the same day grid under the template's headline and weekday tabs. */
export function CalendarRoute() {
  const [day, setDay] = useDayParam();
  const header = isTemplateDay(day) ? <TemplateHeader day={day} onDayChange={setDay} /> : undefined;
  return <CalendarView day={day} onDayChange={setDay} header={header} />;
}
