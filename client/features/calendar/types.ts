/**
 * The answer of POST /server/calendario/giornata. The server declares the same
 * shapes in server/features/calendar/reads.ts; they belong in common/ (asked of
 * the server side) and these can go once they are there.
 */
import type { Activity, TransportRun } from '../../../common/schemas.ts';

export interface DayPatient {
  /** ID of the activity-patient link: what removepaziente takes. */
  ID: number;
  RifPaziente: number;
  Nome: string;
  Cognome: string;
}
export interface DayTherapist {
  /** ID of the activity-therapist link: what removeterapista takes. */
  ID: number;
  RifTerapista: number;
  username: string;
}
export interface DayActivity extends Activity {
  Pazienti: DayPatient[];
  Terapisti: DayTherapist[];
}
export interface DayTransportRun extends TransportRun {
  Pazienti: { RifPaziente: number; Nome: string; Cognome: string }[];
  Terapisti: { RifTerapista: number; username: string }[];
}
export interface Giornata {
  data: string;
  attivita: DayActivity[];
  uscite: DayTransportRun[];
}

export const isTransport = (activity: Activity) => activity.RifTrasporto !== -1;
export const minibusLabel = (run: TransportRun) => (run.RifPulmino === 1 ? 'Pulmino bianco' : 'Pulmino blu');
