/** The registro's CSV files (client/lib/csv.ts: `;`, BOM, CRLF), with the times dd/mm/yyyy HH:mm as on screen. */
import type { AccessRow, AuditRow } from '../../../common/audit.ts';
import { buildCsv } from '../../lib/csv.ts';
import {
  ACCESS_KIND_LABELS,
  ACCESS_REASON_LABELS,
  MARKED_LABEL,
  actionLabel,
  formatAccessWhen,
  formatPeriod,
  formatWhen,
} from './format.ts';

/** No name in a file name: the period, and the utente's number for the accesses. */
export const auditCsvName = (dal: string, al: string) => `registro_modifiche_${dal}_${al}.csv`;
export const accessCsvName = (paziente: number, dal: string, al: string) => `accessi_utente_${paziente}_${dal}_${al}.csv`;

/** The account, and whether its rows were marked as abusive. */
const who = (r: { utente: string; segnalata?: boolean }) => (r.segnalata ? `${r.utente} (${MARKED_LABEL})` : r.utente);

/** N.;Quando;Account;Azione;Giorno;Descrizione: one row per change, the sentence the screen shows. */
export function buildAuditCsv(rows: AuditRow[]): string {
  return buildCsv([
    ['N.', 'Quando', 'Account', 'Azione', 'Giorno', 'Descrizione'],
    ...rows.map((r) => [r.ID, formatWhen(r.quando), who(r), actionLabel(r.azione), formatPeriod(r.giorno, r.giornoFine), r.frase]),
  ]);
}

/** Quando;Account;Tipo;Giorno o periodo;Motivo: who read the utente's data, and why it counts. */
export function buildAccessCsv(rows: AccessRow[]): string {
  return buildCsv([
    ['Quando', 'Account', 'Tipo', 'Giorno o periodo', 'Motivo'],
    ...rows.map((r) => [
      formatAccessWhen(r),
      who(r),
      ACCESS_KIND_LABELS[r.tipo] ?? r.tipo,
      formatPeriod(r.giorno, r.giornoFine),
      ACCESS_REASON_LABELS[r.motivo],
    ]),
  ]);
}
