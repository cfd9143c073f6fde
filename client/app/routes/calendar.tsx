import { isTemplateDay } from '../../../common/modelli.ts';
import { CalendarView } from '../../features/calendar/components/calendar-view.tsx';
import { longItalianDate } from '../../lib/italian-date.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { TemplateHeader } from '../../features/modelli/components/template-header.tsx';
import { InvalidDay } from './invalid-day.tsx';
import { useDayParam } from './use-day-param.ts';

/** A template day (docs/product.md, Modelli) is the same day grid under the template's headline and weekday tabs. */
export function CalendarRoute() {
  const [day, setDay, invalid] = useDayParam();
  // A template day is named by its weekday alone: its date in the reserved years means nothing to a coordinator.
  usePageTitle(
    isTemplateDay(day) ? 'Modello' : 'Calendario',
    isTemplateDay(day) ? longItalianDate(day).split(' ')[0] : longItalianDate(day),
  );
  if (invalid !== null) return <InvalidDay value={invalid} onToday={setDay} />;
  const header = isTemplateDay(day) ? <TemplateHeader day={day} onDayChange={setDay} /> : undefined;
  return <CalendarView day={day} onDayChange={setDay} header={header} />;
}
