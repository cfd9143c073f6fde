/** Add and remove patients and therapists of an activity (administrators). */
import type { Conflict } from '../../../../common/conflicts.ts';
import { api } from '../../../lib/api-client.ts';
import { useDayMutation } from './day-mutation.ts';
import type { PersonKind } from '../../../lib/people-search.ts';

export interface PersonInActivity {
  kind: PersonKind;
  personId: number;
  activityId: number;
}

/** One request per click: the insert itself refuses a person already in the activity (409, "già inserito"). */
export const addPerson = ({ kind, personId, activityId }: PersonInActivity) =>
  kind === 'paziente'
    ? api.put<{ insertId: number; conflitti: Conflict[] }>('/calendario/insertpaziente', { paziente: personId, attivita: activityId })
    : api.put<{ insertId: number; conflitti: Conflict[] }>('/calendario/insertterapista', { terapista: personId, attivita: activityId });

/** `linkId` is the ID of the activity-person link, as the day answer gives it. */
export const removePerson = ({ kind, linkId }: { kind: PersonKind; linkId: number }) =>
  api.post<{ ok: true }>(kind === 'paziente' ? '/calendario/removepaziente' : '/calendario/removeterapista', { id: linkId });

export const useAddPerson = (day: string) => useDayMutation(day, addPerson);
export const useRemovePerson = (day: string) => useDayMutation(day, removePerson);

/** One stand-in for an operatore in one activity (POST /server/progetti/sostituisci): one registro row, so one Annulla. */
export const substitute = (body: { attivita: number; terapista: number; sostituto: number }) =>
  api.post<{ ok: true; operazione?: number; conflitti?: Conflict[] }>('/progetti/sostituisci', body);
export const useSubstitute = (day: string) => useDayMutation(day, substitute);
