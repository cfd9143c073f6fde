/** Every route path of the web app, written once. */
export const paths = {
  home: '/',
  login: '/login',
  calendar: '/calendario',
  weekPrint: '/stampasettimana',
  /** Anagrafiche: patients, therapists, rooms, minibus runs and accounts; administrators only. */
  anagrafiche: '/anagrafiche',
  /** Presenze: roll call, monthly register, absences and closing days; everyone reads, administrators correct. */
  presenze: '/presenze',
  /** Registro: who changed, exported or consulted what, and Annulla; administrators only. */
  registro: '/registro',
  /** Modelli: the weekly templates, each edited on the calendar's grid on its own template days; everyone reads, administrators write. */
  modelli: '/modelli',
} as const;

/** The registro filtered on one activity's history (the Storico of its card). */
export const activityHistory = (activityId: number) => `${paths.registro}?attivita=${activityId}`;

/** A route path with the displayed day in the query string (?data=yyyy-mm-dd), shared by the calendar and the week print. */
export function withDay(path: string, day: string | null | undefined): string {
  return day ? `${path}?data=${encodeURIComponent(day)}` : path;
}
