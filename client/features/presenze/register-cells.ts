/**
 * How the monthly register writes a cell and its totals, the same on screen, in the PDF and in the CSV
 * (docs/decisions/0008-presenze-screen.md): P present; A and the reason's initial absent (Am = malattia);
 * an asterisk marks an unjustified absence (Am*); empty: no mark and no recorded absence.
 */
import { ABSENCE_REASONS, REASON_INITIALS, REASON_LABELS, type RegisterCell, type RegisterTotals } from '../../../common/presenze.ts';

export function cellText(cell: RegisterCell | undefined): string {
  if (!cell) return '';
  if (cell.stato === 'P') return 'P';
  return `A${REASON_INITIALS[cell.motivo]}${cell.giustificata ? '' : '*'}`;
}

/** A cell read out in full, for a title and a screen reader: "assente: malattia, non giustificata". */
export function cellDescription(cell: RegisterCell | undefined): string {
  if (!cell) return 'nessun segno';
  if (cell.stato === 'P') return 'presente';
  return `assente: ${REASON_LABELS[cell.motivo]}${cell.giustificata ? '' : ', non giustificata'}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The totals' columns: headers and values, in order. */
export const TOTAL_HEADERS = [
  'Presenti',
  'Assenti',
  'Giustificate',
  'Non giustificate',
  ...ABSENCE_REASONS.map((r) => capitalised(REASON_LABELS[r])),
];
/** The same, short enough for the PDF's narrow columns. */
export const TOTAL_HEADERS_SHORT = [
  'Presenti',
  'Assenti',
  'Giust.',
  'Non giust.',
  ...ABSENCE_REASONS.map((r) => capitalised(REASON_LABELS[r])),
];
/** On screen, where a month and its totals share one width: the legend's codes (the full name on hover). */
export const TOTAL_HEADERS_SCREEN = ['Pres.', 'Ass.', 'Giust.', 'Non g.', ...ABSENCE_REASONS.map((r) => `A${REASON_INITIALS[r]}`)];

export const totalValues = (t: RegisterTotals): number[] => [
  t.presenti,
  t.assenti,
  t.giustificate,
  t.ingiustificate,
  ...ABSENCE_REASONS.map((r) => t.perMotivo[r]),
];

/** The legend under the grid: "P presente · Am assente per malattia · … · * non giustificata". */
export const LEGEND: readonly [code: string, meaning: string][] = [
  ['P', 'presente'],
  ...ABSENCE_REASONS.map((r): [string, string] => [`A${REASON_INITIALS[r]}`, `assente per ${REASON_LABELS[r]}`]),
  ['*', 'assenza non giustificata'],
];
export const legendText = () => LEGEND.map(([code, meaning]) => `${code} ${meaning}`).join(' · ');

/** "Cognome Nome", as the register's first column reads. */
export const patientName = (p: { Nome: string; Cognome: string }) => `${p.Cognome} ${p.Nome}`;
