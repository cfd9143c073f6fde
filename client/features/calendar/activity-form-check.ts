import { MSG } from '../../../common/messages.ts';
import { activityFormSchema, type Room } from '../../../common/schemas.ts';
import { checkForm } from '../../lib/form-check.ts';
import type { ActivityErrors, ActivityField, ActivityValues } from './activity-form.ts';
import type { ActivityFields } from './api/activity-writes.ts';

/*
 * Apart from activity-form.ts: the check brings the shared schema (and zod), which only the activity's dialog needs,
 * not the calendar's first paint (docs/decisions/0036-first-visit-budget.md).
 */

/** The shared schema's issues, each placed under its own field. */
export function validateActivityForm(values: ActivityValues, rooms: Room[] = []): { fields: ActivityFields } | { errors: ActivityErrors } {
  const checked = checkForm<typeof activityFormSchema, ActivityField>(activityFormSchema, values);
  // New and edited activities go only into active rooms (the server refuses archived ones with the same message).
  const archivedRoom = values.trasporto === '-1' && rooms.some((r) => r.Archiviato && String(r.ID) === values.stanza);
  if ('data' in checked && !archivedRoom) return { fields: checked.data };
  const errors: ActivityErrors = 'errors' in checked ? checked.errors : {};
  return { errors: archivedRoom ? { ...errors, stanza: MSG.roomInvalid } : errors };
}
