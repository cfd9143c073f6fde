/**
 * The day kept by Copia Giornata: in this tab's session storage, so a reload keeps it, and
 * shown as "Copiata: lunedì 23-11".
 */
import { WEEKDAYS_IT, isPlanDate, weekdayOf } from '../../../common/dates.ts';
import { isTemplateDay } from '../../../common/modelli.ts';
import { tabStoredDay } from '../../lib/tab-storage.ts';

const copiedDay = tabStoredDay('giornata:giornata-copiata', isPlanDate);

export const loadCopiedDay = copiedDay.load;
export const saveCopiedDay = copiedDay.save;

/** "lunedì 23-11": the weekday in lower case, then day and month; "martedì del modello" for a template day. */
export function shortDayLabel(day: string): string {
  const weekday = WEEKDAYS_IT[weekdayOf(day)].toLowerCase();
  // A template day's date is a reserved one that means nothing to a coordinator: its weekday names it.
  if (isTemplateDay(day)) return `${weekday} del modello`;
  const [, month, date] = day.split('-');
  return `${weekday} ${date}-${month}`;
}

/** "1 attività", "12 attività"; "1 uscita", "3 uscite". */
export const countActivities = (n: number) => `${n} attività`;
export const countRuns = (n: number) => (n === 1 ? '1 uscita' : `${n} uscite`);
