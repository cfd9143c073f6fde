/**
 * What is typed in Crea Attività / Modifica Attività, kept in this tab's session storage while the
 * dialog is open: when the session ends mid-way and the coordinator signs in again, the calendar
 * of the same day reopens the dialog with it. Closing the dialog (Annulla, Esc, ×, or a save)
 * forgets it.
 */
import type { ActivityValues } from './activity-form.ts';

const KEY = 'giornata:bozza-attivita';

export interface ActivityDraft {
  day: string;
  /** The edited activity; null for a new one. */
  activityId: number | null;
  values: ActivityValues;
}

const isValues = (v: unknown): v is ActivityValues =>
  !!v &&
  typeof v === 'object' &&
  ['nome', 'stanza', 'orainizio', 'orafine', 'trasporto'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

export function loadActivityDraft(day: string): ActivityDraft | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ActivityDraft | null;
    if (!parsed || parsed.day !== day || !isValues(parsed.values)) return null;
    return { day, activityId: typeof parsed.activityId === 'number' ? parsed.activityId : null, values: parsed.values };
  } catch {
    return null;
  }
}

export function saveActivityDraft(draft: ActivityDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the dialog still works, only the restore after a new sign-in is lost.
  }
}

export function clearActivityDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
