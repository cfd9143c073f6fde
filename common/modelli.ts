/**
 * Weekly templates (modelli): a template's plan is an ordinary week of the calendar kept in the
 * reserved years from 3000 on, one week per template (docs/decisions/0013-weekly-templates.md).
 * The days of those weeks are "template days": the calendar's calls accept them only for a
 * template that exists; every other screen and call works on real dates (years 1900–2999).
 */
import { z } from 'zod';
import { addDays, daysInRange, weekdayOf } from './dates.ts';
import { dateSchema, identifierText, idSchema } from './schemas.ts';

export { isTemplateDay, MODELLI_MSG, TEMPLATE_EPOCH } from './template-days.ts';
import { MODELLI_MSG, TEMPLATE_EPOCH } from './template-days.ts';
const M = MODELLI_MSG;

/** The Monday of the week kept for the template with this id. */
export function templateWeek(templateId: number): string {
  return addDays(TEMPLATE_EPOCH, 7 * (templateId - 1));
}

// ---- The calls (docs/api.md, Modelli) ----

/** At most this many templates exist at once: the list stays one short answer. */
export const MAX_TEMPLATES = 200;
/** The longest range applica writes, both ends included: 26 weeks. */
export const MAX_APPLY_DAYS = 182;

/** What to do with a target day that already holds activities or runs: leave it (default) or empty it first. */
export const EXISTING_CHOICES = ['salta', 'sostituisci'] as const;
export type ExistingChoice = (typeof EXISTING_CHOICES)[number];
const existingSchema = z.enum(EXISTING_CHOICES, { error: M.existingInvalid }).default('salta');

export const templateNameSchema = identifierText(M.nameInvalid).trim().min(1, M.nameInvalid).max(60, M.nameInvalid);

/** A real Monday (yyyy-mm-dd): the first day of a week to copy. */
export const mondaySchema = dateSchema.refine((d) => weekdayOf(d) === 1, M.notMonday);

/** PUT /server/modelli: an empty template, or one holding a copy of the real week starting on `dasettimana`. */
export const templateCreateBody = z.object({ nome: templateNameSchema, dasettimana: mondaySchema.optional() });
/** POST /server/modelli/update: rename. */
export const templateRenameBody = z.object({ ID: idSchema, nome: templateNameSchema });
/** POST /server/modelli/elimina. */
export const templateIdBody = z.object({ ID: idSchema });
/** POST /server/modelli/duplica: a new template with a copy of this one's week. */
export const templateDuplicateBody = z.object({ ID: idSchema, nome: templateNameSchema });

/** POST /server/modelli/applica: the template's plan written on every working day from `dal` to `al`. */
export const templateApplyBody = z
  .object({ modello: idSchema, dal: dateSchema, al: dateSchema, esistenti: existingSchema })
  .superRefine((b, ctx) => {
    if (b.al < b.dal) ctx.addIssue({ code: 'custom', path: ['al'], message: M.rangeInvalid });
    else if (daysInRange(b.dal, b.al) > MAX_APPLY_DAYS) ctx.addIssue({ code: 'custom', path: ['al'], message: M.rangeTooLong });
  });

/** POST /server/calendario/pasteweek: week `from` written on week `to` (both real Mondays). */
export const pasteWeekBody = z
  .object({ from: mondaySchema, to: mondaySchema, esistenti: existingSchema })
  .refine((b) => b.from !== b.to, { path: ['to'], message: M.pasteSameWeek });

export type TemplateCreateInput = z.input<typeof templateCreateBody>;
export type TemplateRenameInput = z.input<typeof templateRenameBody>;
export type TemplateDuplicateInput = z.input<typeof templateDuplicateBody>;
export type TemplateApplyInput = z.input<typeof templateApplyBody>;
export type PasteWeekInput = z.input<typeof pasteWeekBody>;

// ---- Answers ----

export const templateSummaryAnswer = z.object({
  ID: z.number().int(),
  nome: z.string(),
  /** The Monday of the template's week (years from 3000): open it in the calendar like a real week. */
  settimana: z.string(),
  /** Ordinary activities of the week (a run's TRASPORTO placement not counted). */
  attivita: z.number().int(),
  /** Minibus runs of the week. */
  uscite: z.number().int(),
});
export type TemplateSummary = z.infer<typeof templateSummaryAnswer>;
export const templateListAnswer = z.object({
  modelli: z.array(templateSummaryAnswer),
  /** The centre setting: Saturday is a working day of the templates. */
  sabato: z.boolean(),
});
export type TemplateList = z.infer<typeof templateListAnswer>;
export const templateCreatedAnswer = z.object({ ID: z.number().int(), settimana: z.string() });
export type TemplateCreated = z.infer<typeof templateCreatedAnswer>;

export const SKIP_REASONS = ['festivo', 'chiusura', 'esistente'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const LEFT_OUT_KINDS = ['paziente', 'terapista', 'stanza'] as const;
export type LeftOutKind = (typeof LEFT_OUT_KINDS)[number];
/** Someone or a room left out of a day's copy, and why. */
export const leftOutAnswer = z.object({
  tipo: z.enum(LEFT_OUT_KINDS),
  ID: z.number().int(),
  nome: z.string(),
  motivo: z.enum(['archiviato', 'assente']),
});
export type LeftOut = z.infer<typeof leftOutAnswer>;
export const dayAppliedAnswer = z.object({
  data: z.string(),
  /** Ordinary activities plus minibus runs written (a run's TRASPORTO activity counts with its run); 0 when skipped. */
  scritto: z.number().int(),
  saltato: z.enum(SKIP_REASONS).nullable(),
  esclusi: z.array(leftOutAnswer),
});
export type DayApplied = z.infer<typeof dayAppliedAnswer>;
/** The answer of applica and pasteweek: every working day of the range, in date order. */
export const applyResultAnswer = z.object({
  giorni: z.array(dayAppliedAnswer),
  /** The registro's operation (what `annulla` takes back whole), or null when no day was written. */
  operazione: z.number().int().nullable(),
});
export type ApplyResult = z.infer<typeof applyResultAnswer>;
