/**
 * The reasons of an absence and how they are written, apart from Presenze's contracts (common/presenze.ts, which
 * re-exports them): the calendar's cards say them, and its first visit must not bring zod with the contracts' schemas
 * (docs/decisions/0036-first-visit-budget.md).
 */

export const ABSENCE_REASONS = ['malattia', 'ferie', 'permesso', 'ricovero', 'altro'] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];

/** How a reason is written in a sentence ("assente: malattia") and as the column of a register. */
export const REASON_LABELS: Record<AbsenceReason, string> = {
  malattia: 'malattia',
  ferie: 'ferie',
  permesso: 'permesso',
  ricovero: 'ricovero',
  altro: 'altro',
};

/** The letter after "A" in a cell of the monthly register: Am = assente per malattia. */
export const REASON_INITIALS: Record<AbsenceReason, string> = {
  malattia: 'm',
  ferie: 'f',
  permesso: 'p',
  ricovero: 'r',
  altro: 'a',
};

/** "assente: malattia", as the search dialogs and card titles say it. */
export const absentNote = (motivo: AbsenceReason) => `assente: ${REASON_LABELS[motivo]}`;
