/**
 * Weekly templates (modelli): a template's plan is an ordinary week of the calendar kept in the
 * reserved years from 3000 on, one week per template (docs/decisions/0013-weekly-templates.md).
 * The days of those weeks are "template days": the calendar's calls accept them only for a
 * template that exists; every other screen and call works on real dates (years 1900–2999).
 */
import { addDays } from './dates.ts';

/** The Monday of the first template's week; each template has its own week after it. */
export const TEMPLATE_EPOCH = '3000-01-06';

/** True for a date in the templates' reserved years (a yyyy-mm-dd string compares as a date). */
export function isTemplateDay(date: string): boolean {
  return date >= '3000-01-01';
}

/** The Monday of the week kept for the template with this id. */
export function templateWeek(templateId: number): string {
  return addDays(TEMPLATE_EPOCH, 7 * (templateId - 1));
}
