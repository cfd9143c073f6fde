import { minibusName } from '../../../common/day-words.ts';
import type { Activity } from '../../../common/schemas.ts';

export type { DayActivity, DayPatient, DayTherapist, DayTransportRun, Giornata } from '../../../common/schemas.ts';

export const isTransport = (activity: Activity) => activity.RifTrasporto !== -1;
export const minibusLabel = minibusName;
