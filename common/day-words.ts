/**
 * Small helpers of the day's contract (common/schemas.ts, which re-exports them), apart from its zod schemas: the
 * calendar paints with them, and its first visit must not bring zod (docs/decisions/0036-first-visit-budget.md).
 */

/** Minutes since midnight of an `HH:mm` or `HH:mm:ss` time. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/**
 * The mezzo of a run as staff call it (issue 30: runs carry their `Mezzo`); a run built without it (tests, old
 * answers) falls back on the two minibuses of before: 1 is the white one, 2 the blue one.
 */
export const minibusName = (run: { RifPulmino: number; Mezzo?: { Nome: string } }) =>
  run.Mezzo?.Nome ?? (run.RifPulmino === 1 ? 'Pulmino bianco' : run.RifPulmino === 2 ? 'Pulmino blu' : `Mezzo ${run.RifPulmino}`);
