/** The monthly register as a CSV (client/lib/csv.ts: `;`, BOM, CRLF), the days dd/mm/yyyy in the header row. */
import type { MonthRegister } from '../../../common/presenze.ts';
import { buildCsv } from '../../lib/csv.ts';
import { formatDate } from '../../../common/dates.ts';
import { cellText, TOTAL_HEADERS, totalValues } from './register-cells.ts';

export const registerCsvName = (month: string) => `presenze_${month}.csv`;

/** Cognome;Nome;one column per day;then the totals. One row per patient. */
export function buildRegisterCsv(register: MonthRegister): string {
  const days = register.giorni.map((g) => g.data);
  const header = ['Cognome', 'Nome', ...days.map(formatDate), ...TOTAL_HEADERS];
  const rows = register.pazienti.map((p) => [p.Cognome, p.Nome, ...days.map((d) => cellText(p.giorni[d])), ...totalValues(p.totali)]);
  return buildCsv([header, ...rows]);
}
