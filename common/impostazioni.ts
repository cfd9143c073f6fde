/**
 * Contracts of the centre's settings (docs/api.md, Impostazioni; docs/product.md, Anagrafiche → Centro): the centre's
 * name on the agenda's PDF, Saturday as a working day of the templates, patients' initials in the calendar feed, the
 * patron saint's day, the paper of the printed plans (day and week).
 * Shared by the server's validation and the web app's form.
 */
import { z } from 'zod';
import { safeText } from './schemas.ts';

export const IMPOSTAZIONI_MSG = {
  centreNameInvalid: 'Nome del centro non valido (da 2 a 100 caratteri)',
  saturdayInvalid: 'Indica se il sabato è un giorno di attività',
  initialsInvalid: 'Indica se il calendario sul telefono mostra le iniziali degli utenti',
  patronInvalid: 'Giorno del santo patrono non valido: mese e giorno (MM-GG, per esempio 12-07), oppure nessuno',
  paperInvalid: 'Formato carta non valido: A4 oppure Letter',
  aperturaInvalid: 'Orario di apertura non valido: HH:mm, a quarti d’ora (per esempio 08:00)',
  chiusuraInvalid: 'Orario di chiusura non valido: HH:mm, a quarti d’ora (per esempio 17:00)',
  chiusuraBeforeApertura: 'La chiusura deve venire dopo l’apertura',
  settingsEmpty: 'Indica almeno un’impostazione da cambiare',
  // Success of the web app
  settingsSaved: 'Impostazioni salvate',
} as const;
const M = IMPOSTAZIONI_MSG;

export { DEFAULT_PAPER, PAPER_FORMATS, type PaperFormat } from './paper.ts';
import { PAPER_FORMATS } from './paper.ts';

/** "MM-DD" of a day that every year has (29 February does not), e.g. "12-07" for Sant'Ambrogio in Milano. */
export const isMonthDay = (value: string) => {
  if (!/^\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`2023-${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(5, 10) === value;
};

export const DEFAULT_APERTURA = '08:00';
export const DEFAULT_CHIUSURA = '17:00';
/** "08:00", "17:45": a time of day on the quarter hour. */
export const isQuarterTime = (value: string) => /^([01]\d|2[0-3]):(00|15|30|45)$/.test(value);

/** POST /server/impostazioni: any of them, at least one. */
export const settingsBody = z
  .object({
    nomecentro: safeText(M.centreNameInvalid).trim().min(2, M.centreNameInvalid).max(100, M.centreNameInvalid).optional(),
    sabato: z.boolean({ error: M.saturdayInvalid }).optional(),
    iniziali: z.boolean({ error: M.initialsInvalid }).optional(),
    patrono: z.string({ error: M.patronInvalid }).refine(isMonthDay, M.patronInvalid).nullable().optional(),
    formatoCarta: z.enum(PAPER_FORMATS, { error: M.paperInvalid }).optional(),
    /** Issue 31: the centre's opening hours, the Pianificatore's grid (HH:mm on the quarter hour). */
    apertura: z.string({ error: M.aperturaInvalid }).refine(isQuarterTime, M.aperturaInvalid).optional(),
    chiusura: z.string({ error: M.chiusuraInvalid }).refine(isQuarterTime, M.chiusuraInvalid).optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), M.settingsEmpty)
  .refine((v) => v.apertura === undefined || v.chiusura === undefined || v.chiusura > v.apertura, {
    path: ['chiusura'],
    message: M.chiusuraBeforeApertura,
  });
export type SettingsForm = z.input<typeof settingsBody>;

/** GET /server/impostazioni, and the answer of a change: the settings as they now are. */
export const centreSettingsAnswer = z.object({
  nomecentro: z.string(),
  /** Saturday is a working day of the templates (Modelli). */
  sabato: z.boolean(),
  /**
   * The therapists' calendar feeds show patients' initials ("M. R."); otherwise only how many ("3 utenti"). Never full
   * names: the feed lands on the phone's cloud (docs/decisions/0019-calendar-links.md).
   */
  iniziali: z.boolean(),
  /** The patron saint's day, "MM-DD", a holiday every year for templates and the register; null: none. */
  patrono: z.string().nullable(),
  /** The paper of the day's and the week's PDF, always landscape. */
  formatoCarta: z.enum(PAPER_FORMATS),
  /** Issue 31: opening and closing time (HH:mm), the Pianificatore's grid; default 08:00 and 17:00. */
  apertura: z.string().default(DEFAULT_APERTURA),
  chiusura: z.string().default(DEFAULT_CHIUSURA),
});
/** What the server sends (always with apertura and chiusura); a client older than issue 31 may omit them. */
export type CentreSettingsWire = z.input<typeof centreSettingsAnswer>;
/** What this server answers: every field. */
export type CentreSettingsAnswer = z.output<typeof centreSettingsAnswer>;
