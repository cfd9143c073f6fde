/** The activity form's values and their check by the shared schema (one rule in one place: common/schemas.ts). */
import { MSG } from '../../../common/messages.ts';
import { activityFormSchema, type Room } from '../../../common/schemas.ts';
import type { ActivityFields } from './api/activity-writes.ts';
import type { DayActivity } from './types.ts';

export type ActivityField = 'nome' | 'stanza' | 'orainizio' | 'orafine' | 'trasporto';
export type ActivityValues = Record<ActivityField, string>;
export type ActivityErrors = Partial<Record<ActivityField, string>>;

/** Section 3: the create-activity draft is an empty name, room 1 (or the first active room), 00:00 to 00:00. */
export function activityDraft(rooms: Room[]): ActivityValues {
  const active = rooms.filter((r) => !r.Archiviato);
  const room = active.some((r) => r.ID === 1) ? 1 : (active[0]?.ID ?? 1);
  return { nome: '', stanza: String(room), orainizio: '00:00', orafine: '00:00', trasporto: '-1' };
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
  const parsed = activityFormSchema.safeParse(values);
  // New and edited activities go only into active rooms (the server refuses archived ones with the same message).
  const archivedRoom = values.trasporto === '-1' && rooms.some((r) => r.Archiviato && String(r.ID) === values.stanza);
  if (parsed.success && !archivedRoom) return { fields: parsed.data };
  const errors: ActivityErrors = archivedRoom ? { stanza: MSG.roomInvalid } : {};
  if (parsed.success) return { errors };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ActivityField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

