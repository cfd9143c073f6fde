/**
 * Small helpers of the day's contract (common/schemas.ts, which re-exports them), apart from its zod schemas: the
 * calendar paints with them, and its first visit must not bring zod (docs/decisions/0036-first-visit-budget.md).
 */

/** Minutes since midnight of an `HH:mm` or `HH:mm:ss` time. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The minibus of a run as staff call it: 1 is the white one, 2 the blue one. */
export const minibusName = (run: { RifPulmino: number }) => (run.RifPulmino === 1 ? 'Pulmino bianco' : 'Pulmino blu');
