/** Create, edit, delete and copy one activity (administrators). */
import { weekdayOf } from '../../../../common/dates.ts';
import type { z } from 'zod';
import type { Conflict } from '../../../../common/conflicts.ts';
import { minutesOf } from '../../../../common/day-words.ts';
import type { Activity, activityFormSchema } from '../../../../common/schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { END_OF_DAY, formatMinutes } from '../../../lib/time-of-day.ts';
import { useDayMutation } from './day-mutation.ts';

/** An activity as the shared form schema gives it once checked (room and transport as numbers). */
export type ActivityFields = z.output<typeof activityFormSchema>;

export const createActivity = (data: string, fields: ActivityFields) =>
  api.put<{ insertId: number; conflitti: Conflict[] }>('/calendario/createattivita', { ...fields, data, giorno: weekdayOf(data) });

/** `versione`: the activity's version as the form read it; the server refuses the edit if someone changed it since. */
export const updateActivity = (data: string, attivitaId: number, versione: number | undefined, fields: ActivityFields) =>
  api.post<{ ok: true; versione: number; conflitti: Conflict[] }>('/calendario/updateattivita', {
    ...fields,
    trasporto: -1,
    data,
    giorno: weekdayOf(data),
    attivitaId,
    versione,
  });

/** `operazione`: the deletion's registro row, which Annulla takes back (see undo.ts). */
export const removeActivity = ({ id, versione }: { id: number; versione: number | undefined }) =>
  api.post<{ ok: true; operazione: number }>('/calendario/removeattivita', { attivitaId: id, versione });

/** The last ordinary activity of the room starting before `ora` that day, or none. */
export const getPreviousActivity = (data: string, ora: string, stanza: number) =>
  api.post<Activity[]>('/calendario/getfirstattivita', { data, ora, stanza });

export const copyActivity = (attivitaId: number, orainizio: string, orafine: string) =>
  api.post<{ insertId: number; conflitti: Conflict[] }>('/calendario/copyattivita', { attivitaId, orainizio, orafine });

/**
 * The end of a copy starting at `start` that keeps the source's duration (a 1½-hour activity stays 1½ hours however
 * long the empty slot), at the latest 24:00.
 */
export const endKeepingDuration = (source: { OraInizio: string; OraFine: string }, start: string): string =>
  formatMinutes(Math.min(END_OF_DAY, minutesOf(start) + minutesOf(source.OraFine) - minutesOf(source.OraInizio)));

/** Incolla da precedente: the room's previous activity, with its people and its duration, copied from the empty slot's start. */
export async function pasteFromPrevious(data: string, slot: { roomId: number; start: string; end: string }) {
  const [previous] = await getPreviousActivity(data, slot.start, slot.roomId);
  if (!previous) throw new Error('Nessuna attività precedente in questa stanza');
  const end = endKeepingDuration(previous, slot.start);
  const { insertId, conflitti } = await copyActivity(previous.ID, slot.start, end);
  return { insertId, name: previous.NomeAttivita, start: slot.start, end, conflitti };
}

export const useCreateActivity = (day: string) => useDayMutation(day, (fields: ActivityFields) => createActivity(day, fields));
export const useUpdateActivity = (day: string) =>
  useDayMutation(day, ({ id, versione, fields }: { id: number; versione: number | undefined; fields: ActivityFields }) =>
    updateActivity(day, id, versione, fields),
  );
export const useRemoveActivity = (day: string) => useDayMutation(day, removeActivity);
export const usePasteFromPrevious = (day: string) =>
  useDayMutation(day, (slot: { roomId: number; start: string; end: string }) => pasteFromPrevious(day, slot));
