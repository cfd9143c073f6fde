/**
 * The roots of the cache keys that more than one feature reads or invalidates
 * (features do not import each other, so the shared keys live here once).
 */
export const QUERY_KEYS = {
  rooms: ['stanze'],
  day: ['giornata'],
  week: ['settimana'],
  search: ['cerca'],
  /** Presenze: the roll call, the register, the absences and the closing days (all reloaded after any of their writes). */
  presenze: ['presenze'],
  /** The registro and the accesses to a utente: read again after an Annulla, wherever it was made. */
  registro: ['registro'],
  /** The weekly templates (modelli): read by the Modelli screen, the calendar's template days and the weekly screen. */
  modelli: ['modelli'],
  /** The types of activity (Anagrafiche → Tipi di attività): read by the activity form, the progetto form and Anagrafiche. */
  tipi: ['tipi'],
  /** The progetti, the week's coverage and the reviews due: read again after a write of a progetto or of the calendar. */
  progetti: ['progetti'],
  /** The Pianificatore's proposals: read by its dialog, made stale by the live `pianificatore` events. */
  pianificatore: ['pianificatore'],
} as const;

/** One proposal of the Pianificatore: its dialog reads it, the live `pianificatore` events write its progress into it. */
export const proposalKey = (id: number) => [...QUERY_KEYS.pianificatore, 'proposta', id] as const;
