/**
 * Contracts of Presenze (docs/product.md, Presenze): absences of patients and
 * therapists, the daily roll call, the monthly register, the month's closing
 * and the centre's own closing days. Shared by the server's validation and the web app.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { daysInRange } from './dates.ts';
import { dateSchema, idSchema, okField, safeText } from './schemas.ts';

/** Days a closing added at once may span: two months of summer closing. */
export const MAX_CLOSING_RANGE_DAYS = 62;

export const PRESENZE_MSG = {
  kindInvalid: MSG.personKindInvalid,
  reasonInvalid: 'Motivo non valido: scegli malattia, ferie, permesso, ricovero o altro',
  noteInvalid: 'La nota può avere al massimo 200 caratteri',
  justifiedInvalid: 'Indica se l’assenza è giustificata',
  rangeInvalid: 'La data di fine deve essere uguale o successiva alla data di inizio',
  rangeTooLong: 'Un’assenza può coprire al massimo 366 giorni',
  listRangeTooLong: 'L’elenco può coprire al massimo 366 giorni',
  overlap: 'Questa persona ha già un’assenza registrata in questi giorni',
  absenceNotFound: 'Assenza non trovata',
  personNotFound: 'Persona non trovata',
  notAbsent: 'Questa persona non risulta assente in questo giorno',
  removeInvalid: 'Indica l’assenza, oppure la persona e il giorno da cui toglierla',
  monthInvalid: 'Mese non valido: usa il formato aaaa-mm',
  yearInvalid: 'Anno non valido',
  presentInvalid: 'Indica se il paziente è presente o assente',
  reasonRequired: 'Per un’assenza indica il motivo',
  futureDay: 'L’appello si può fare solo per oggi o per i giorni passati',
  pastDayAdminOnly: 'Solo un amministratore può correggere l’appello di un giorno passato',
  staffOnly:
    'L’appello lo segnano gli amministratori e gli account collegati a un operatore: questo account può consultarlo, non modificarlo',
  monthClosed: 'Il mese è chiuso: solo un amministratore può modificarlo, indicando il motivo della correzione',
  correctionInvalid: 'Motivo della correzione non valido (da 3 a 200 caratteri)',
  monthAlreadyClosed: 'Il mese è già chiuso',
  monthNotClosed: 'Il mese non è chiuso',
  monthNotOver: 'Si può chiudere un mese solo dopo il suo ultimo giorno',
  closingDayInvalid: 'Descrizione non valida (da 2 a 100 caratteri)',
  closingDayDuplicate: 'Questo giorno è già segnato come chiusura del centro',
  closingRangeOrder: 'La data finale della chiusura non può precedere quella iniziale',
  closingRangeTooLong: `Al massimo ${MAX_CLOSING_RANGE_DAYS} giorni di chiusura per volta`,
  closingDayNotFound: 'Giorno di chiusura non trovato',
  // Success and progress
  absenceSaved: 'Assenza registrata',
  absenceDeleted: 'Assenza eliminata',
  absenceUpdated: 'Assenza modificata',
  markSaved: 'Appello salvato',
  reasonToChoose: 'Scegli il motivo: l’assenza si salva quando è indicato',
  monthClosedOk: 'Mese chiuso',
  monthReopened: 'Mese riaperto',
  closingDaySaved: 'Giorno di chiusura aggiunto',
  closingDaysSaved: (n: number) => (n === 1 ? 'Giorno di chiusura aggiunto' : `${n} giorni di chiusura aggiunti`),
  closingDayDeleted: 'Giorno di chiusura eliminato',
  confirmDeleteAbsence: 'Vuoi davvero eliminare questa assenza?',
  confirmCloseMonth: 'Chiudere il mese? Dopo la chiusura presenze e assenze si potranno cambiare solo indicando il motivo',
} as const;
const M = PRESENZE_MSG;

export { ABSENCE_REASONS, absentNote, REASON_INITIALS, REASON_LABELS, type AbsenceReason } from './absence-reasons.ts';
import { ABSENCE_REASONS, type AbsenceReason } from './absence-reasons.ts';

export const PERSON_KINDS = ['paziente', 'terapista'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/** A patient absent this many consecutive days or more is flagged in the register (many regions suspend the place). */
export const LONG_ABSENCE_DAYS = 30;
/** The longest single absence, and the longest range the list of absences answers. */
export const MAX_ABSENCE_DAYS = 366;

const reasonSchema = z.enum(ABSENCE_REASONS, { error: M.reasonInvalid });
const noteSchema = safeText(M.noteInvalid).trim().max(200, M.noteInvalid);
/** Why a closed month is changed: required then, kept with the change. */
export const correctionSchema = safeText(M.correctionInvalid).trim().min(3, M.correctionInvalid).max(200, M.correctionInvalid);
export const monthSchema = z
  .string({ error: M.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.monthInvalid)
  .refine((m) => Number(m.slice(0, 4)) >= 1900 && Number(m.slice(0, 4)) <= 2999, M.monthInvalid);

/** PUT /server/presenze/assenze */
export const absenceCreateSchema = z
  .object({
    tipo: z.enum(PERSON_KINDS, { error: M.kindInvalid }),
    persona: idSchema,
    dal: dateSchema,
    al: dateSchema,
    motivo: reasonSchema,
    giustificata: z.boolean({ error: M.justifiedInvalid }).optional().default(true),
    note: noteSchema.optional().default(''),
    correzione: correctionSchema.optional(),
  })
  .refine((b) => b.al >= b.dal, { message: M.rangeInvalid, path: ['al'] })
  .refine((b) => b.al < b.dal || daysInRange(b.dal, b.al) <= MAX_ABSENCE_DAYS, { message: M.rangeTooLong, path: ['al'] });
export type AbsenceCreateInput = z.input<typeof absenceCreateSchema>;

/**
 * POST /server/presenze/assenze/update: the absence's dates, reason, giustificata and note, with the
 * checks of a new one. The person stays (another person's absence is a new one); `giustificata` and
 * `note` left out keep their value.
 */
export const absenceUpdateSchema = z
  .object({
    ID: idSchema,
    dal: dateSchema,
    al: dateSchema,
    motivo: reasonSchema,
    giustificata: z.boolean({ error: M.justifiedInvalid }).optional(),
    note: noteSchema.optional(),
    correzione: correctionSchema.optional(),
  })
  .refine((b) => b.al >= b.dal, { message: M.rangeInvalid, path: ['al'] })
  .refine((b) => b.al < b.dal || daysInRange(b.dal, b.al) <= MAX_ABSENCE_DAYS, { message: M.rangeTooLong, path: ['al'] });
export type AbsenceUpdateInput = z.input<typeof absenceUpdateSchema>;

/** GET /server/presenze/assenze?dal=&al= */
export const absenceListQuery = z
  .object({ dal: dateSchema, al: dateSchema })
  .refine((q) => q.al >= q.dal, { message: M.rangeInvalid, path: ['al'] })
  .refine((q) => q.al < q.dal || daysInRange(q.dal, q.al) <= MAX_ABSENCE_DAYS, { message: M.listRangeTooLong, path: ['al'] });

/** POST /server/presenze/assenze/elimina */
export const absenceDeleteSchema = z.object({ ID: idSchema, correzione: correctionSchema.optional() });

/**
 * POST /server/presenze/assenze/togli: takes an absent person out of every activity
 * and minibus run of the absence's whole period (`{ID}`) or of one day (`{tipo, persona, data}`).
 */
const onlyTheseKeys = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? M.removeInvalid : undefined) };
export const absenceRemoveSchema = z.union(
  [
    z.object({ ID: idSchema }, onlyTheseKeys).strict(),
    z.object({ tipo: z.enum(PERSON_KINDS, { error: M.kindInvalid }), persona: idSchema, data: dateSchema }, onlyTheseKeys).strict(),
  ],
  {
    // The message of the form the body was meant to be (by its keys), not zod's generic "Invalid input".
    error: (issue) => {
      const input = issue.input;
      if (typeof input !== 'object' || input === null) return M.removeInvalid;
      const form = 'ID' in input ? 0 : ['tipo', 'persona', 'data'].some((k) => k in input) ? 1 : -1;
      const errors = (issue as { errors?: { message: string }[][] }).errors;
      return (form >= 0 && errors?.[form]?.[0]?.message) || M.removeInvalid;
    },
  },
);
export type AbsenceRemoveInput = z.input<typeof absenceRemoveSchema>;

/** POST /server/presenze/appello */
export const rollCallSchema = z
  .object({
    data: dateSchema,
    paziente: idSchema,
    presente: z.boolean({ error: M.presentInvalid }),
    motivo: reasonSchema.optional(),
    giustificata: z.boolean({ error: M.justifiedInvalid }).optional().default(true),
    correzione: correctionSchema.optional(),
  })
  .refine((b) => b.presente || b.motivo !== undefined, { message: M.reasonRequired, path: ['motivo'] });
export type RollCallInput = z.input<typeof rollCallSchema>;

/** POST /server/presenze/appello/tutti: marks present the day's expected utenti not yet marked. */
export const rollCallAllSchema = z.object({ data: dateSchema, correzione: correctionSchema.optional() });
export type RollCallAllInput = z.input<typeof rollCallAllSchema>;
/** Its answer: how many it marked, how many were already marked, how many it left for a recorded absence. */
export const rollCallAllAnswer = z.object({
  segnati: z.number().int(),
  giaSegnati: z.number().int(),
  conAssenza: z.number().int(),
});
export type RollCallAllAnswer = z.infer<typeof rollCallAllAnswer>;

export const rollCallQuery = z.object({ data: dateSchema });
export const monthQuery = z.object({ mese: monthSchema });
/** POST /server/presenze/mese/chiudi and /riapri (the second needs `correzione`). */
export const monthCloseSchema = z.object({ mese: monthSchema });
export const monthReopenSchema = z.object({ mese: monthSchema, correzione: correctionSchema });

export const yearQuery = z.object({
  anno: z
    .string({ error: M.yearInvalid })
    .regex(/^\d{4}$/, M.yearInvalid)
    .transform(Number)
    .pipe(z.number().min(1900, M.yearInvalid).max(2999, M.yearInvalid)),
});
/**
 * PUT /server/presenze/chiusure: one day, or with `al` every day from `data` to `al` (a summer or Christmas closing),
 * at most MAX_CLOSING_RANGE_DAYS.
 */
export const closingDaySchema = z
  .object({
    data: dateSchema,
    al: dateSchema.optional(),
    descrizione: safeText(M.closingDayInvalid).trim().min(2, M.closingDayInvalid).max(100, M.closingDayInvalid),
  })
  .superRefine((v, ctx) => {
    if (v.al === undefined) return;
    if (v.al < v.data) ctx.addIssue({ code: 'custom', path: ['al'], message: M.closingRangeOrder });
    else if (daysInRange(v.data, v.al) > MAX_CLOSING_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['al'], message: M.closingRangeTooLong });
  });
export const closingDayDeleteSchema = z.object({ data: dateSchema });

// ---- Answers ----

const reason = z.enum(ABSENCE_REASONS);

/** One row of GET /server/presenze/assenze. */
export const absenceAnswer = z.object({
  ID: z.number().int(),
  tipo: z.enum(PERSON_KINDS),
  persona: z.number().int(),
  /** "Nome Cognome" of a patient, the username of a therapist. */
  nome: z.string(),
  dal: z.string(),
  al: z.string(),
  motivo: reason,
  giustificata: z.boolean(),
  note: z.string(),
});
export type Absence = z.infer<typeof absenceAnswer>;

export type RollCallState = 'presente' | 'assente' | null;

/** One expected patient of GET /server/presenze/appello. */
export const rollCallRowAnswer = z.object({
  ID: z.number().int(),
  Nome: z.string(),
  Cognome: z.string(),
  /** null: not yet marked. */
  stato: z.enum(['presente', 'assente']).nullable(),
  motivo: reason.nullable(),
  giustificata: z.boolean().nullable(),
  /** Who marked it and when (ISO time), null when not yet marked. */
  segnatoDa: z.string().nullable(),
  segnatoIl: z.string().nullable(),
  /** The recorded absence covering the day, if any: the roll call starts from it. */
  assenza: z.object({ ID: z.number().int(), motivo: reason, giustificata: z.boolean() }).nullable(),
});
export type RollCallRow = z.infer<typeof rollCallRowAnswer>;

export const rollCallDayAnswer = z.object({
  data: z.string(),
  /** The month is closed: changes need an administrator and a reason. */
  meseChiuso: z.boolean(),
  /**
   * Whether the signed-in account may mark the roll call at all: an administrator, or an account
   * linked to an operatore not archived. False: it reads it (the marks answer 403 staff_only).
   */
  puoSegnare: z.boolean(),
  pazienti: z.array(rollCallRowAnswer),
});
export type RollCallDay = z.infer<typeof rollCallDayAnswer>;

/** A cell of the register: P, A with its reason, or nothing for a day with no mark and no absence. */
export const registerCellAnswer = z.union([
  z.object({ stato: z.literal('P') }),
  z.object({ stato: z.literal('A'), motivo: reason, giustificata: z.boolean() }),
]);
export type RegisterCell = z.infer<typeof registerCellAnswer>;

export const registerTotalsAnswer = z.object({
  presenti: z.number().int(),
  assenti: z.number().int(),
  giustificate: z.number().int(),
  ingiustificate: z.number().int(),
  perMotivo: z.record(reason, z.number().int()),
});
export type RegisterTotals = z.infer<typeof registerTotalsAnswer>;

/** A month's or an utente's totals before anything is counted. */
export const emptyTotals = (): RegisterTotals => ({
  presenti: 0,
  assenti: 0,
  giustificate: 0,
  ingiustificate: 0,
  perMotivo: Object.fromEntries(ABSENCE_REASONS.map((r) => [r, 0])) as Record<AbsenceReason, number>,
});

export const registerPatientAnswer = z.object({
  ID: z.number().int(),
  Nome: z.string(),
  Cognome: z.string(),
  /** Keyed by yyyy-mm-dd; days with no mark and no absence are left out. */
  giorni: z.record(z.string(), registerCellAnswer),
  totali: registerTotalsAnswer,
  /** Absent 30 or more consecutive days in a stretch that touches this month. */
  assenzaLunga: z.boolean(),
});
export type RegisterPatient = z.infer<typeof registerPatientAnswer>;

export const registerDayAnswer = z.object({
  data: z.string(),
  /** An Italian public holiday's name (common/holidays.ts), else null. */
  festivo: z.string().nullable(),
  /** The centre's closing day's description, else null. */
  chiusura: z.string().nullable(),
  presenti: z.number().int(),
  assenti: z.number().int(),
});
export type RegisterDay = z.infer<typeof registerDayAnswer>;

/** GET /server/presenze/mese?mese=yyyy-mm */
export const monthRegisterAnswer = z.object({
  mese: z.string(),
  chiuso: z.object({ da: z.string(), il: z.string() }).nullable(),
  giorni: z.array(registerDayAnswer),
  pazienti: z.array(registerPatientAnswer),
  totali: registerTotalsAnswer,
});
export type MonthRegister = z.infer<typeof monthRegisterAnswer>;

/** One row of GET /server/presenze/correzioni: a change made to a closed month, without names. */
export const attendanceCorrectionAnswer = z.object({
  ID: z.number().int(),
  /** What changed: "appello del 2026-11-03, paziente 12: assente (malattia)". */
  cambio: z.string(),
  /** The administrator's reason (`correzione`). */
  motivo: z.string(),
  /** Username of who made it ('' when the account is gone) and when (ISO time). */
  da: z.string(),
  il: z.string(),
});
export type AttendanceCorrection = z.infer<typeof attendanceCorrectionAnswer>;

/** POST /server/presenze/assenze/togli: how many places in activities and runs were freed. */
export const absentRemovalAnswer = z.object({ rimossi: z.number().int() });
export type AbsentRemoval = z.infer<typeof absentRemovalAnswer>;

export const closingDayAnswer = z.object({ data: z.string(), descrizione: z.string() });
export type ClosingDay = z.infer<typeof closingDayAnswer>;

/** POST /server/presenze/chiusure: the days added. */
export const closingDaysAddedAnswer = z.object({ ok: okField, aggiunti: z.number().int() });
