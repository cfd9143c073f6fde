/**
 * The monthly register as a CSV that Italian Excel opens as it is: `;` between fields, UTF-8 with a BOM
 * (without it Excel reads the accents as Windows-1252), CRLF lines, dates dd/mm/yyyy in the header row.
 */
import type { MonthRegister } from '../../../common/presenze.ts';
import { formatDate } from './month.ts';
import { cellText, TOTAL_HEADERS, totalValues } from './register-cells.ts';

const BOM = '\uFEFF';

/** A text a spreadsheet would run as a formula (=, +, -, @, or a tab or CR before one) starts with an apostrophe instead. */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One field: quoted when it holds the separator, a quote or a line break, the quotes doubled. */
export function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const registerCsvName = (month: string) => `presenze_${month}.csv`;

/** Cognome;Nome;one column per day;then the totals. One row per patient. */
export function buildRegisterCsv(register: MonthRegister): string {
  const days = register.giorni.map((g) => g.data);
  const header = ['Cognome', 'Nome', ...days.map(formatDate), ...TOTAL_HEADERS];
  const rows = register.pazienti.map((p) => [p.Cognome, p.Nome, ...days.map((d) => cellText(p.giorni[d])), ...totalValues(p.totali)]);
  return BOM + [header, ...rows].map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n';
}
