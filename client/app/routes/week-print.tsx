import { mondayOf } from '../../../common/dates.ts';
import { isTemplateDay } from '../../../common/modelli.ts';
import { useLoadPrintSettings } from '../../features/impostazioni/api/settings.ts';
import { WeekPlanActions } from '../../features/modelli/components/week-plan-actions.tsx';
import { WeekPrintView } from '../../features/week-print/components/week-print-view.tsx';
import { longItalianDate } from '../../lib/italian-date.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isAdmin, useUser } from '../../lib/session.ts';
import { InvalidDay } from './invalid-day.tsx';
import { useDayParam } from './use-day-param.ts';

/**
 * Loaded lazily by the router: the week print and its PDF code stay out of the first download. Administrators get
 * Modelli's whole-week writes (save as template, copy and paste the week, apply a template) above a real week.
 */
export function Component() {
  const [day, setDay, invalid] = useDayParam();
  const admin = isAdmin(useUser());
  const loadPrintSettings = useLoadPrintSettings();
  usePageTitle('Stampa settimanale', `settimana di ${longItalianDate(day)}`);
  if (invalid !== null) return <InvalidDay value={invalid} onToday={setDay} />;
  const monday = mondayOf(day);
  const actions = admin && !isTemplateDay(monday) ? <WeekPlanActions monday={monday} /> : undefined;
  return <WeekPrintView day={day} actions={actions} loadPaper={() => loadPrintSettings().then((s) => s.paper)} />;
}
