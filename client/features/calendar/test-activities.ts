import type { DayActivity } from './types.ts';

/** An activity of Monday 23 November 2026 for the calendar's tests: nobody on it, no transport, unless `fields` say so. */
export const testActivity = (
  fields: Pick<DayActivity, 'ID' | 'RifStanza' | 'OraInizio' | 'OraFine'> & Partial<DayActivity>,
): DayActivity => ({
  NomeAttivita: `Attività ${fields.OraInizio}`,
  Data: '2026-11-23',
  Giorno: 1,
  RifTrasporto: -1,
  Pazienti: [],
  Terapisti: [],
  ...fields,
});
