/**
 * Trasporti del mese as files (docs/product.md, Presenze → Trasporti del mese): the CSV as the other exports make it
 * (client/lib/csv.ts: `;`, BOM, CRLF, dd/mm/yyyy, formulas neutralised) and the lines the PDF prints.
 */
import { formatDate } from '../../../common/dates.ts';
import type { TrasportiMese } from '../../../common/trasporti.ts';
import { buildCsv } from '../../lib/csv.ts';
import { firstDay, lastDay } from '../../lib/months.ts';

export const trasportiCsvName = (month: string) => `trasporti_${month}.csv`;
export const trasportiPdfName = (month: string) => `trasporti_${month}.pdf`;

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
