/**
 * The wire contract of the server's calls (docs/api.md): request schemas,
 * shared by the server's validation and the web app's forms, and response
 * types with the wire's field names (docs/product.md, Dati).
 */
import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { AbsenceReason } from './presenze.ts';
import { MSG } from './messages.ts';
import { daysInRange, isPlanDate, isRealDate } from './dates.ts';
import { minutesOf } from './day-words.ts';
import { CONTROL_CHARS, FORMAT_CHARS, hasUnsafeChars, PASSWORD_LENGTH, USERNAME_LENGTH } from './text-rules.ts';
export { minibusName, minutesOf } from './day-words.ts';
export { hasUnsafeChars } from './text-rules.ts';

const MAX_INT = 2_147_483_647;

/** A positive integer id; numeric strings are accepted because HTML selects give strings. */
export const idSchema = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, MSG.idInvalid)], { error: MSG.idInvalid })
  .transform(Number)
  .pipe(z.number({ error: MSG.idInvalid }).int(MSG.idInvalid).min(1, MSG.idInvalid).max(MAX_INT, MSG.idInvalid));

/** -1 ("none", as the API writes it) or a positive id. */
const optionalRefSchema = (message: string) =>
  z
    .union([z.number(), z.string().regex(/^-?\d{1,10}$/, message)], { error: message })
    .transform(Number)
    .pipe(
      z
        .number({ error: message })
        .int(message)
        .max(MAX_INT, message)
        .refine((n) => n === -1 || n > 0, message),
    );

export const dateSchema = z.string({ error: MSG.dateInvalid }).refine(isRealDate, MSG.dateInvalid);
/**
 * A date of the calendar's and the runs' calls: a real date or a template day (common/modelli.ts);
 * the server answers 404 for a template day whose template does not exist (server/lib/template-days.ts).
 */
export const planDateSchema = z.string({ error: MSG.dateInvalid }).refine(isPlanDate, MSG.dateInvalid);

/**
 * Every free-text field of every call (names, notes, searches): a string
 * without control characters, lone surrogates or bidi overrides, refused
 * with MSG.textInvalidChars before any other check of the field.
 * `message` is the field's own message for a value that is not a string.
 */
export const safeText = (message: string) =>
  z.string({ error: message }).refine((value) => !hasUnsafeChars(value), { message: MSG.textInvalidChars, abort: true });

/**
 * A name that tells one thing from another (a username, a room, a template, an activity's name):
 * safe text without any invisible format character, so `admin\u200B` cannot pass for `admin`, and
 * compared in its NFKC form (the full-width `ａｄｍｉｎ` is `admin`), which is what is stored.
 */
export const identifierText = (message: string) =>
  safeText(message)
    .refine((value) => !FORMAT_CHARS.test(value), { message: MSG.invisibleChars, abort: true })
    .overwrite((value) => value.normalize('NFKC'));

/** A password: any character a person can type (ASVS 2.1.4), so only control characters and lone surrogates are refused. */
export const passwordText = (message: string) =>
  z.string({ error: message }).refine((value) => !CONTROL_CHARS.test(value), { message: MSG.textInvalidChars, abort: true });

/** The longest range of days (both ends included) a week or list call answers: its answer stays small whatever the history. */
export const MAX_RANGE_DAYS = 31;

const TIME_RE = /^(?:(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?|24:00(?::00)?)$/;
export const isValidTime = (value: string) => TIME_RE.test(value);
const timeSchema = (message: string) => z.string({ error: message }).regex(TIME_RE, message);

export const usernameSchema = identifierText(MSG.usernameInvalid)
  .trim()
  .min(USERNAME_LENGTH.min, MSG.usernameInvalid)
  .max(USERNAME_LENGTH.max, MSG.usernameInvalid);
/** The sign-in's check of a password (SPEC's own, with its text); a new password meets common/passwords.ts. */
export const passwordSchema = passwordText(MSG.passwordInvalid)
  .min(PASSWORD_LENGTH.min, MSG.passwordInvalid)
  .max(PASSWORD_LENGTH.max, MSG.passwordInvalid);

/** The sign-in's body; the login screen checks it with checkLogin (common/text-rules.ts), which says the same without zod. */
export const loginSchema = z.object({ username: usernameSchema, pass: passwordSchema });
export type LoginInput = z.input<typeof loginSchema>;

/**
 * The activity form (Crea / Modifica attività), as the web app edits it. With a transport
 * run chosen, name, room and times are not asked for (the activity becomes
 * TRASPORTO in room -1 at the run's times).
 */
export const activityFormSchema = z
  .object({
    nome: identifierText(MSG.activityNameInvalid).max(100, MSG.activityNameInvalid),
    stanza: z
      .union([z.number(), z.string().regex(/^-?\d{1,10}$/, MSG.roomInvalid)], { error: MSG.roomInvalid })
      .transform(Number)
      .pipe(z.number().int(MSG.roomInvalid).min(-1, MSG.roomInvalid).max(MAX_INT, MSG.roomInvalid)),
    orainizio: z.string({ error: MSG.startInvalid }),
    orafine: z.string({ error: MSG.endInvalid }),
    trasporto: optionalRefSchema(MSG.transportNotFound).default(-1),
    /** The activity's type of activity (common/progetti.ts), -1 for none; absent: none on creation, unchanged on update. */
    tipo: optionalRefSchema(MSG.activityTypeNotFound).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.trasporto > 0) return;
    if (value.nome.trim().length < 3) ctx.addIssue({ code: 'custom', path: ['nome'], message: MSG.activityNameInvalid });
    if (!(value.stanza > 0)) ctx.addIssue({ code: 'custom', path: ['stanza'], message: MSG.roomInvalid });
    const startOk = timeSchema(MSG.startInvalid).safeParse(value.orainizio).success;
    const endOk = timeSchema(MSG.endInvalid).safeParse(value.orafine).success;
    if (!startOk) ctx.addIssue({ code: 'custom', path: ['orainizio'], message: MSG.startInvalid });
    if (!endOk) ctx.addIssue({ code: 'custom', path: ['orafine'], message: MSG.endInvalid });
    if (startOk && endOk && minutesOf(value.orafine) <= minutesOf(value.orainizio)) {
      ctx.addIssue({ code: 'custom', path: ['orafine'], message: MSG.endBeforeStart });
    }
  });
export type ActivityForm = z.input<typeof activityFormSchema>;

/** `giorno` is accepted as clients send it; the server stores the weekday of `data` whatever it says. */
const giornoSchema = z.union([z.number(), z.string()]).optional();

export const createActivitySchema = activityFormSchema.and(z.object({ data: planDateSchema, giorno: giornoSchema }));
/**
 * The activity's `Versione` as the editor read it (optional: a client that sends none overwrites, as before).
 * A stale one is refused with 409 MSG.activityStale.
 */
const versionSchema = z
  .number({ error: MSG.versionInvalid })
  .int(MSG.versionInvalid)
  .min(1, MSG.versionInvalid)
  .max(MAX_INT, MSG.versionInvalid);

export const updateActivitySchema = activityFormSchema.and(
  z.object({ data: planDateSchema, giorno: giornoSchema, attivitaId: idSchema, versione: versionSchema.optional() }),
);

export const dayBody = z.object({ data: planDateSchema });
export const weekBody = z
  .object({ datastart: planDateSchema, datastop: planDateSchema })
  .refine((w) => w.datastart <= w.datastop, MSG.weekRangeInvalid)
  .refine((w) => w.datastart > w.datastop || daysInRange(w.datastart, w.datastop) <= MAX_RANGE_DAYS, {
    path: ['datastop'],
    message: MSG.rangeTooLong,
  });
export const pasteDayBody = z.object({ from: planDateSchema, to: planDateSchema });
export const firstActivityBody = z.object({
  data: planDateSchema,
  ora: timeSchema(MSG.startInvalid),
  stanza: idSchema,
});
export const copyActivityBody = z
  .object({ attivitaId: idSchema, orainizio: timeSchema(MSG.startInvalid), orafine: timeSchema(MSG.endInvalid) })
  .refine((b) => minutesOf(b.orafine) > minutesOf(b.orainizio), { path: ['orafine'], message: MSG.endBeforeStart });
export const patientInActivityBody = z.object({ paziente: idSchema, attivita: idSchema });
export const therapistInActivityBody = z.object({ terapista: idSchema, attivita: idSchema });
export const activityIdBody = z.object({ attivitaId: idSchema, versione: versionSchema.optional() });
export const singleActivityBody = z.object({ attivita: idSchema });
export const linkIdBody = z.object({ id: idSchema });
export const therapistLinkBody = z.object({ terapistaId: idSchema });
export const patientLinkBody = z.object({ pazienteId: idSchema });
export const searchBody = z.object({ value: safeText(MSG.searchInvalid).max(100, MSG.searchInvalid) });
const shortText = safeText(MSG.searchInvalid).max(100, MSG.searchInvalid);
export const patientFromFindBody = z.object({ nome: shortText, cognome: shortText, cellulare: shortText });
export const therapistFromFindBody = z.object({ username: shortText });

/**
 * Optional filters of the calendar's link lists (getterapisti, getpazienti, gettrasportoter, gettrasportopaz): one day,
 * or a range of at most MAX_RANGE_DAYS; without either, the list of every day is streamed.
 */
export const linkFilterQuery = z
  .object({ data: planDateSchema.optional(), datastart: planDateSchema.optional(), datastop: planDateSchema.optional() })
  .refine((q) => (q.datastart === undefined) === (q.datastop === undefined), MSG.weekRangeInvalid)
  .refine((q) => q.datastart === undefined || q.datastop === undefined || q.datastart <= q.datastop, MSG.weekRangeInvalid)
  .refine(
    (q) =>
      q.datastart === undefined ||
      q.datastop === undefined ||
      q.datastart > q.datastop ||
      daysInRange(q.datastart, q.datastop) <= MAX_RANGE_DAYS,
    { path: ['datastop'], message: MSG.rangeTooLong },
  );

// ---- Responses, with the wire's field names (docs/product.md, Dati): their schemas are in common/calendario.ts ----

export type {
  Activity,
  ActivityPatientLink,
  ActivityTherapistLink,
  DayActivity,
  DayPatient,
  DayTherapist,
  DayTransportRun,
  Giornata,
  Patient,
  Room,
  Therapist,
  TransportPatientLink,
  TransportRun,
  TransportTherapistLink,
  User,
} from './calendario.ts';

/** `ok` of a write's answer: always true, a refusal being an error answer (common/errors.ts). */
export const okField = z.boolean();
export const okAnswer = z.object({ ok: okField });
/**
 * An answer that is not JSON (a file, the live events' stream): text, of this media type. The
 * OpenAPI document describes the answer as that type (server/lib/openapi.ts), and under the tests
 * the answer must come with it.
 */
export const textAnswer = (mediaType: string) => z.string().meta({ contentMediaType: mediaType });
/** A route's `response` of its 200 answer: `schema: { body, response: ok(answer) }` (docs/decisions/0034-answers-checked-one-vocabulary.md). */
export const ok = <T extends z.ZodType>(answer: T) => ({ 200: answer });

/** GET /server/health: 200 `ok`, or 503 when the database does not answer; which database the server uses. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'database unreachable']),
  database: z.enum(['pglite', 'postgres']),
  /** Administrators only: the access log's buffer (docs/reliability.md). */
  registroAccessi: z.object({ inAttesa: z.number().int(), persi: z.number().int(), tentativiFalliti: z.number().int() }).optional(),
});

/** Every refusal's body: the Italian message for people, the stable code (common/errors.ts) for programs. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  /** Invalid input only: each field's message. */
  issues?: { path: (string | number)[]; message: string }[];
}

/** Present on a person of the day's answer only on a day they are absent (docs/api.md, Presenze). */
export interface AbsentMark {
  Assente?: true;
  Motivo?: AbsenceReason;
}
