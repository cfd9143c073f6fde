/** Add and remove patients and therapists of an activity (administrators). */
import { api } from '../../../lib/api-client.ts';
import { useDayMutation } from './day-mutation.ts';
import type { PersonKind } from '../../../lib/search-people.ts';

export interface PersonInActivity {
  kind: PersonKind;
  personId: number;
  activityId: number;
}

/** Section 7: the duplicate check first (409 with the section 8 message when already there), then the insert. */
export async function addPerson({ kind, personId, activityId }: PersonInActivity) {
  if (kind === 'paziente') {
    const body = { paziente: personId, attivita: activityId };
    await api.post('/calendario/checkattivita', body);
    return api.put<{ insertId: number }>('/calendario/insertpaziente', body);
  }
  const body = { terapista: personId, attivita: activityId };
  await api.post('/calendario/checkattivitater', body);
  return api.put<{ insertId: number }>('/calendario/insertterapista', body);
}

/** `linkId` is the ID of the activity-person link, as the day answer gives it. */
export const removePerson = ({ kind, linkId }: { kind: PersonKind; linkId: number }) =>
  api.post<{ ok: true }>(kind === 'paziente' ? '/calendario/removepaziente' : '/calendario/removeterapista', { id: linkId });

export const useAddPerson = (day: string) => useDayMutation(day, addPerson);
export const useRemovePerson = (day: string) => useDayMutation(day, removePerson);
