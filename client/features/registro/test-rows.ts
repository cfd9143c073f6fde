/** The registro's rows as the tests of its screen and its CSV build them: one known change, `over` what differs. */
import type { AuditRow } from '../../../common/audit.ts';

/** Monday 23 November 2026, 09:05 local time: when the tests' rows happened. */
export const ROW_DAY = '2026-11-23';
export const ROW_AT = new Date(2026, 10, 23, 9, 5).toISOString();

export const auditRow = (over: Partial<AuditRow>): AuditRow => ({
  ID: 815,
  quando: ROW_AT,
  utente: 'direttrice',
  azione: 'paziente.aggiungi',
  tipo: 'attivita',
  entita: 58,
  giorno: ROW_DAY,
  giornoFine: null,
  frase: 'Mario Rossi aggiunto a Musicoterapia, lun 23-11-2026 09:00',
  prima: null,
  dopo: {},
  annullabile: false,
  segnalata: false,
  ...over,
});
