/**
 * Trasporti del mese as files (docs/product.md, Presenze → Trasporti del mese): the CSV as the other exports make it
 * (client/lib/csv.ts: `;`, BOM, CRLF, dd/mm/yyyy, formulas neutralised) and the lines the PDF prints.
 */
import { addDays, formatDate, MONTHS_IT } from '../../../common/dates.ts';
import type { TrasportiMese } from '../../../common/trasporti.ts';
import { buildCsv } from '../../lib/csv.ts';

export const trasportiCsvName = (month: string) => `trasporti_${month}.csv`;
export const trasportiPdfName = (month: string) => `trasporti_${month}.pdf`;

/** "novembre 2026". */
export const monthName = (month: string) => `${MONTHS_IT[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
export const firstDay = (month: string) => `${month}-01`;
export function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const UTENTI_HEADER = ['Cognome', 'Nome', 'Dal', 'Al', 'Andata', 'Ritorno', 'Totale'] as const;
export const MEZZI_HEADER = ['Mezzo', 'Uscite', 'Dal', 'Al', 'Andata', 'Ritorno', 'Totale'] as const;

/**
 * One row per utente (Cognome;Nome;Dal;Al;Andata;Ritorno;Totale) and the total; an empty line; one row per mezzo with
 * its runs of the month.
 */
export function buildTrasportiCsv(mese: TrasportiMese): string {
  const dal = formatDate(firstDay(mese.mese));
  const al = formatDate(lastDay(mese.mese));
  return buildCsv([
    [...UTENTI_HEADER],
    ...mese.utenti.map((u) => [u.Cognome, u.Nome, dal, al, u.andata, u.ritorno, u.totale]),
    ['Totale', '', dal, al, mese.totale.andata, mese.totale.ritorno, mese.totale.totale],
    [],
    [...MEZZI_HEADER],
    ...mese.mezzi.map((m) => [m.Nome, m.uscite, dal, al, m.andata, m.ritorno, m.totale]),
  ]);
}
