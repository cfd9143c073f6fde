/**
 * Contracts of the Anagrafiche screen (docs/product.md, Schermate): patients,
 * therapists, rooms, minibus runs and accounts. Shared by the server's validation and the forms.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { PASSWORD_MSG, newPasswordFor, refineNewPassword } from './passwords.ts';
import { PROFILO_CODES, therapistPlanFields } from './progetti.ts';
import { identifierText, idSchema, planDateSchema, isValidTime, minutesOf, passwordText, safeText, usernameSchema } from './schemas.ts';

export const ANAGRAFICHE_MSG = {
  nameInvalid: 'Nome non valido (da 1 a 100 caratteri)',
  surnameInvalid: 'Cognome non valido (da 1 a 100 caratteri)',
  phoneInvalid: 'Numero di cellulare non valido: usa un cellulare italiano, ad esempio +39 333 1234567',
  therapistNameInvalid: 'Nome operatore non valido (al massimo 100 caratteri)',
  therapistSurnameInvalid: 'Cognome operatore non valido (al massimo 100 caratteri)',
  therapistUsernameInvalid: 'Username operatore non valido (da 3 a 60 caratteri, senza spazi)',
  therapistDuplicate: 'Esiste già un operatore con questo username',
  roomNameInvalid: 'Nome stanza non valido (da 2 a 60 caratteri)',
  roomDuplicate: 'Esiste già una stanza con questo nome',
  routeInvalid: 'Tratta non valida (da 2 a 100 caratteri)',
  departureInvalid: 'Inserisci un orario di partenza in formato HH:mm',
  arrivalInvalid: 'Inserisci un orario di arrivo in formato HH:mm',
  arrivalBeforeDeparture: "L'orario di arrivo deve essere successivo alla partenza",
  minibusInvalid: 'Pulmino non valido: scegli bianco o blu',
  runNotFound: 'Uscita non trovata',
  passengerDuplicate: 'Il paziente è già su questa uscita',
  staffDuplicate: "L'operatore è già su questa uscita",
  accountDuplicate: 'Esiste già un account con questo username',
  accountNotFound: 'Account non trovato',
  capienzaInvalid: 'Capienza non valida: da 1 a 50 utenti, oppure vuota',
  roomTipiInvalid: 'Tipi di attività non validi: al massimo 50, senza ripetizioni',
  roomTipoNotFound: 'Uno dei tipi di attività della stanza non esiste',
  accountLinkedElsewhere: 'Questo account è già collegato a un altro operatore',
  selfRevoke: 'Non puoi togliere a te stesso il ruolo di amministratore',
  selfDisable: 'Non puoi disattivare il tuo stesso account',
  lastAdmin: "Non si può togliere l'ultimo amministratore: nominane prima un altro",
  archived: 'Archiviato',
  restored: 'Ripristinato',
  confirmArchive: 'Vuoi davvero archiviare questo elemento? Potrai ripristinarlo in seguito',
  confirmDeleteRun: 'Vuoi davvero eliminare questa uscita? Verrà tolta anche dal calendario',
} as const;
const M = ANAGRAFICHE_MSG;

/** An Italian mobile number, with or without +39 / 0039, spaces, dots or dashes allowed; '' when there is none. */
export function normalizeMobile(value: string): string | null {
  const compact = value.replace(/[\s.\-/()]/g, '');
  if (compact === '') return '';
  const m = /^(?:\+39|0039)?(3\d{8,9})$/.exec(compact);
  return m ? `+39${m[1]}` : null;
}

const text = (message: string, min: number, max: number) => safeText(message).trim().min(min, message).max(max, message);
const time = (message: string) => z.string({ error: message }).refine(isValidTime, message);

export const patientFormSchema = z.object({
  Nome: text(M.nameInvalid, 1, 100),
  Cognome: text(M.surnameInvalid, 1, 100),
  Cellulare: safeText(M.phoneInvalid)
    .max(40, M.phoneInvalid)
    .refine((v) => normalizeMobile(v) !== null, M.phoneInvalid)
    .transform((v) => normalizeMobile(v) ?? ''),
});
export const patientUpdateSchema = patientFormSchema.extend({ ID: idSchema });

export const therapistFormSchema = z.object({
  username: identifierText(M.therapistUsernameInvalid)
    .trim()
    .regex(/^\S{3,60}$/, M.therapistUsernameInvalid),
  /** Optional ('' or absent: none); screens show "Nome Cognome" where set, else the username. */
  Nome: text(M.therapistNameInvalid, 0, 100).optional().default(''),
  Cognome: text(M.therapistSurnameInvalid, 0, 100).optional().default(''),
  /** The sign-in account of this therapist, or -1 / null for none. */
  RifUtente: z
    .union([idSchema, z.literal(-1), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === -1 ? null : v)),
  /** Issue 29: profilo (a code of PROFILI or null), oreSettimanali (0–60, halves) and disponibilita; absent leaves them as they are. */
  ...therapistPlanFields,
});
export const therapistUpdateSchema = therapistFormSchema.extend({ ID: idSchema });

export const roomFormSchema = z.object({
  Nome: identifierText(M.roomNameInvalid).trim().min(2, M.roomNameInvalid).max(60, M.roomNameInvalid),
  /** Issue 31: utenti the room holds at once (1–50), null = not said. Not sent: unchanged on update, empty on creation. */
  capienza: z
    .number({ error: M.capienzaInvalid })
    .int(M.capienzaInvalid)
    .min(1, M.capienzaInvalid)
    .max(50, M.capienzaInvalid)
    .nullable()
    .optional(),
  /** Issue 31: the types of activity the room is for (IDs); [] = any. Not sent: unchanged on update, [] on creation. */
  tipi: z
    .array(idSchema, { error: M.roomTipiInvalid })
    .max(50, M.roomTipiInvalid)
    .refine((ids) => new Set(ids).size === ids.length, M.roomTipiInvalid)
    .optional(),
});
export const roomUpdateSchema = roomFormSchema.extend({ ID: idSchema });
export const roomMoveSchema = z.object({ ID: idSchema, direzione: z.enum(['su', 'giu'], { error: 'Direzione non valida' }) });

export const idOnlySchema = z.object({ ID: idSchema });

export const listQuerySchema = z.object({
  q: safeText(MSG.searchInvalid).max(100, MSG.searchInvalid).optional().default(''),
  pagina: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  archiviati: z.enum(['0', '1']).optional().default('0'),
});

export const runFormSchema = z
  .object({
    Tratta: text(M.routeInvalid, 2, 100),
    Ora: time(M.departureInvalid),
    OraArrivo: time(M.arrivalInvalid),
    RifPulmino: z.union([z.literal(1), z.literal(2)], { error: M.minibusInvalid }),
    Data: planDateSchema,
  })
  .refine((r) => !isValidTime(r.Ora) || !isValidTime(r.OraArrivo) || minutesOf(r.OraArrivo) > minutesOf(r.Ora), {
    path: ['OraArrivo'],
    message: M.arrivalBeforeDeparture,
  });
export const runUpdateSchema = runFormSchema.and(z.object({ ID: idSchema }));
export const runPassengerSchema = z.object({ uscita: idSchema, paziente: idSchema });
export const runStaffSchema = z.object({ uscita: idSchema, terapista: idSchema });

/** A new account: its password meets the rule of every new password (common/passwords.ts), its own username included. */
export const accountCreateSchema = z
  .object({
    username: usernameSchema,
    password: passwordText(PASSWORD_MSG.tooShort),
    Admin: z.union([z.literal(0), z.literal(1)]).default(0),
  })
  .superRefine((v, ctx) => refineNewPassword(ctx, v.password, v.username, ['password']));
/** An administrator's new password for an account; `username`, when known (the form), is checked too, as the server does. */
export const accountPasswordFor = (username?: string) => z.object({ ID: idSchema, password: newPasswordFor(username) });
export const accountPasswordSchema = accountPasswordFor();
export const accountAdminSchema = z.object({ ID: idSchema, Admin: z.union([z.literal(0), z.literal(1)]) });
export const accountDisableSchema = z.object({ ID: idSchema, disattivato: z.boolean() });

export const PAGE_SIZE = 25;

export interface Page<T> {
  items: T[];
  total: number;
  pagina: number;
  pageSize: number;
}
/** A page of a list (GET /server/anagrafiche/pazienti) as its answer schema. */
export const pageAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), pagina: z.number().int(), pageSize: z.number().int() });
export const patientRecordAnswer = z.object({
  ID: z.number().int(),
  Nome: z.string(),
  Cognome: z.string(),
  Cellulare: z.string(),
  Archiviato: z.boolean(),
});
export type PatientRecord = z.infer<typeof patientRecordAnswer>;
export const therapistRecordAnswer = z.object({
  ID: z.number().int(),
  username: z.string(),
  /** '' when not set. */
  Nome: z.string(),
  Cognome: z.string(),
  RifUtente: z.number().int().nullable(),
  Archiviato: z.boolean(),
  /** null: "profilo da indicare". */
  profilo: z.enum(PROFILO_CODES).nullable(),
  /** Contracted hours a week; null when not set. */
  oreSettimanali: z.number().nullable(),
  /** Availability windows, by weekday then time; [] when not said. */
  disponibilita: z.array(z.object({ giorno: z.number().int(), dalle: z.string(), alle: z.string() })),
});
export type TherapistRecord = z.infer<typeof therapistRecordAnswer>;
export const roomRecordAnswer = z.object({
  ID: z.number().int(),
  Nome: z.string(),
  Ordine: z.number().int(),
  Archiviato: z.boolean(),
  /** Issue 31: utenti at once, null = not said. */
  capienza: z.number().int().nullable(),
  /** Issue 31: the types of activity it is for, ascending; [] = any. */
  tipi: z.array(z.number().int()),
});
export type RoomRecord = z.infer<typeof roomRecordAnswer>;
export const accountRecordAnswer = z.object({
  ID: z.number().int(),
  username: z.string(),
  Admin: z.number().int(),
  Disattivato: z.boolean(),
});
export type AccountRecord = z.infer<typeof accountRecordAnswer>;
/** The answer of a record made: its id. */
export const insertedAnswer = z.object({ insertId: z.number().int() });
