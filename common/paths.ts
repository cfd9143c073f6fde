/**
 * Every route path of the web app, written once: the client's router and links use them, and the
 * server answers each with the app (server/app.ts), so a reload or a shared link opens the page.
 */
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
  /** Agenda: one patient's or therapist's day or week, as a list (?tipo=&id=&data=&vista=). */
  agenda: '/agenda',
  /** Modelli: the weekly templates, each edited on the calendar's grid on its own template days; everyone reads, administrators write. */
  modelli: '/modelli',
  /** Scheda utente: one utente's data, his progetti and this week's coverage (?utente=); goals for administrators only. */
  scheda: '/scheda',
  /** Rendicontazione: the ASL's month and the national flows (SIAR, SISM), with the check of what is missing; administrators only. */
  rendicontazione: '/rendicontazione',
} as const;

/** A utente's Scheda (docs/product.md, Schermate, Scheda utente). */
export const schedaOf = (utente: number) => `${paths.scheda}?utente=${utente}`;

/** The registro filtered on one activity's history (the Storico of its card). */
export const activityHistory = (activityId: number) => `${paths.registro}?attivita=${activityId}`;

/** A route path with the displayed day in the query string (?data=yyyy-mm-dd), shared by the calendar and the week print. */
export function withDay(path: string, day: string | null | undefined): string {
  return day ? `${path}?data=${encodeURIComponent(day)}` : path;
}

/** A person's agenda: tipo paziente (utente) or terapista (operatore), on a day (default today), by day or by week. */
export function agendaOf(tipo: 'paziente' | 'terapista', id: number, day?: string | null, vista?: 'giorno' | 'settimana'): string {
  const query = new URLSearchParams({ tipo, id: String(id) });
  if (day) query.set('data', day);
  if (vista) query.set('vista', vista);
  return `${paths.agenda}?${query.toString()}`;
}
