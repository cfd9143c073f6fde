/**
 * The paper of the printed plans, apart from the settings' contracts (common/impostazioni.ts, which re-exports it): the
 * calendar's print sheet needs it, and its first visit must not bring zod (docs/decisions/0036-first-visit-budget.md).
 */

/** The paper of the printed plans (the day's and the week's PDF): A4, what Italian offices use, or US Letter. */
export const PAPER_FORMATS = ['A4', 'Letter'] as const;
export type PaperFormat = (typeof PAPER_FORMATS)[number];
export const DEFAULT_PAPER: PaperFormat = 'A4';
