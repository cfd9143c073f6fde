import type { Activity, TransportRun } from '../../../common/schemas.ts';

export type { DayActivity, DayPatient, DayTherapist, DayTransportRun, Giornata } from '../../../common/schemas.ts';

export const isTransport = (activity: Activity) => activity.RifTrasporto !== -1;
export const minibusLabel = (run: TransportRun) => (run.RifPulmino === 1 ? 'Pulmino bianco' : 'Pulmino blu');
