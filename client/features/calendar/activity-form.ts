/** The activity form's values and their check by the shared schema (one rule in one place: common/schemas.ts). */
import { MSG } from '../../../common/messages.ts';
import { activityFormSchema, type ActivityForm, type Room } from '../../../common/schemas.ts';
import { checkForm, type FieldErrors } from '../../lib/form-check.ts';
import type { ActivityFields } from './api/activity-writes.ts';
import type { DayActivity } from './types.ts';

/** The form's fields are the shared schema's; the inputs hold each as text. */
export type ActivityField = keyof ActivityForm;
export type ActivityValues = Record<ActivityField, string>;
export type ActivityErrors = FieldErrors<ActivityField>;

/**
 * The create-activity draft. From the toolbar: an empty name, room 1 (or the first active room),
 * 00:00 to 00:00. From an empty cell: that cell's room and times (an hour from the start when the
 * end is not known).
 */
export function activityDraft(rooms: Room[], slot?: { roomId: number; start: string; end?: string }): ActivityValues {
  if (slot) {
    const end = slot.end && slot.end > slot.start ? slot.end : oneHourAfter(slot.start);
    return { nome: '', stanza: String(slot.roomId), orainizio: slot.start, orafine: end, trasporto: '-1' };
  }
  const active = rooms.filter((r) => !r.Archiviato);
  const room = active.some((r) => r.ID === 1) ? 1 : (active[0]?.ID ?? 1);
  return { nome: '', stanza: String(room), orainizio: '00:00', orafine: '00:00', trasporto: '-1' };
}

/** "HH:mm" one hour later, at most 24:00 (the end of the day); the text itself when it is not a time. */
export function oneHourAfter(start: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(start);
  if (!match) return start;
  const minutes = Math.min(24 * 60, Number(match[1]) * 60 + Number(match[2]) + 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The values after the start time changed: while the end is not after the start (only the start
 * is known, as in the 00:00–00:00 draft), the end follows it at one hour.
 */
export function withStart(values: ActivityValues, start: string): ActivityValues {
  const endKnown = values.orafine > values.orainizio && values.orafine !== '00:00';
  return { ...values, orainizio: start, orafine: endKnown ? values.orafine : oneHourAfter(start) };
}

export function activityValues(activity: DayActivity): ActivityValues {
  return {
    nome: activity.NomeAttivita,
    stanza: String(activity.RifStanza),
    orainizio: activity.OraInizio,
    orafine: activity.OraFine,
    trasporto: String(activity.RifTrasporto),
  };
}

/** The shared schema's issues, each placed under its own field. */
export function validateActivityForm(values: ActivityValues, rooms: Room[] = []): { fields: ActivityFields } | { errors: ActivityErrors } {
  const checked = checkForm<typeof activityFormSchema, ActivityField>(activityFormSchema, values);
  // New and edited activities go only into active rooms (the server refuses archived ones with the same message).
  const archivedRoom = values.trasporto === '-1' && rooms.some((r) => r.Archiviato && String(r.ID) === values.stanza);
  if ('data' in checked && !archivedRoom) return { fields: checked.data };
  const errors: ActivityErrors = 'errors' in checked ? checked.errors : {};
  return { errors: archivedRoom ? { ...errors, stanza: MSG.roomInvalid } : errors };
}
