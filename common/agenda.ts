/**
 * Contracts of the personal agenda, the centre's settings and the therapists' calendar feed
 * (docs/api.md, Agenda, impostazioni e calendario esterno; docs/product.md, Agenda personale).
 * Shared by the server's validation and the web app. The centre's settings are common/impostazioni.ts.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { ABSENCE_REASONS, PERSON_KINDS, type PersonKind } from './presenze.ts';
import { userAnswer } from './calendario.ts';
import { daysInRange } from './dates.ts';
import { MEZZO_COLORI } from './transport-conflicts.ts';
import { MAX_RANGE_DAYS, dateSchema, idSchema } from './schemas.ts';

export const AGENDA_MSG = {
  kindInvalid: MSG.personKindInvalid,
  rangeInvalid: 'La data di fine deve essere uguale o successiva alla data di inizio',
  rangeTooLong: 'L’agenda si consulta al massimo 31 giorni alla volta',
  personNotFound: 'Persona non trovata',
  therapistNotFound: 'Terapista non trovato',
  icalNotAllowed: 'Solo un amministratore o il terapista stesso può gestire questo calendario',
  icalArchived: 'Il terapista è archiviato: ripristinalo prima di creare il link del calendario',
  // Success and confirmations of the web app
  icalCreated: 'Indirizzo del calendario creato: copialo nella tua app di calendario',
  icalRevoked: 'Indirizzo del calendario revocato: non funziona più',
  confirmRegenerate: 'Creare un nuovo indirizzo? Quello attuale smetterà di funzionare',
  confirmRevoke: 'Revocare l’indirizzo del calendario? Le app che lo usano non riceveranno più gli aggiornamenti',
} as const;
const M = AGENDA_MSG;

/** How many days back and ahead of today the calendar feed holds. */
export const ICAL_DAYS_BACK = 30;
export const ICAL_DAYS_AHEAD = 90;
/** A calendar link unused for this many days stops working (docs/decisions/0019-calendar-links.md). */
export const ICAL_UNUSED_DAYS = 180;

// ---- Requests ----

export const agendaBody = z
  .object({
    tipo: z.enum(PERSON_KINDS, { error: M.kindInvalid }),
    ID: idSchema,
    datastart: dateSchema,
    datastop: dateSchema,
  })
  .superRefine((v, ctx) => {
    if (v.datastop < v.datastart) ctx.addIssue({ code: 'custom', path: ['datastop'], message: M.rangeInvalid });
    else if (daysInRange(v.datastart, v.datastop) > MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['datastop'], message: M.rangeTooLong });
  });
export type AgendaRequest = z.input<typeof agendaBody>;

export const icalTherapistBody = z.object({ terapista: idSchema });
export const icalStateQuery = z.object({ terapista: idSchema });

// ---- Answers ----

/**
 * The signed-in account as sign-in and the session check answer it: `terapista` is the therapist it
 * is linked to in Anagrafiche; `cambiopassword`, that it must choose a new password before anything
 * else (every other call answers 403 password_change_required until then).
 */
export const sessionUserAnswer = userAnswer.extend({ terapista: z.number().int().nullable(), cambiopassword: z.boolean() });
export type SessionUser = z.infer<typeof sessionUserAnswer>;
/** POST /server/user/login. */
export const loginAnswer = z.object({ value: sessionUserAnswer });
/** GET /server/user/auth: the signed-in account, in a list of one (docs/api.md). */
export const authAnswer = z.array(sessionUserAnswer);

const absenceReason = z.enum(ABSENCE_REASONS);

export const agendaPersonAnswer = z.object({
  ID: z.number().int(),
  nome: z.string(),
  /** Empty for a therapist, who is known by a username only. */
  cognome: z.string(),
  archiviato: z.boolean(),
  /** Present only when the person is absent on the voce's day (a recorded absence, or a patient marked absent at the roll call). */
  assente: z.literal(true).optional(),
  motivo: absenceReason.optional(),
});
export type AgendaPerson = z.infer<typeof agendaPersonAnswer>;

/**
 * `assente` and `motivo` on a voce: the agenda's own person is absent that day (the voce stays, marked:
 * the plan still holds them until someone takes them out).
 */
const absentMark = { assente: z.literal(true).optional(), motivo: absenceReason.optional() };

export const agendaActivityAnswer = z.object({
  tipo: z.literal('attivita'),
  ID: z.number().int(),
  data: z.string(),
  inizio: z.string(),
  fine: z.string(),
  nome: z.string(),
  /** The room's name. */
  stanza: z.string(),
  /** The other therapists of the slot. */
  operatori: z.array(agendaPersonAnswer),
  /** The patients of the slot for a therapist's agenda; always empty in a patient's. */
  utenti: z.array(agendaPersonAnswer),
  ...absentMark,
});
export type AgendaActivity = z.infer<typeof agendaActivityAnswer>;

export const agendaRunAnswer = z.object({
  tipo: z.literal('uscita'),
  ID: z.number().int(),
  data: z.string(),
  inizio: z.string(),
  fine: z.string(),
  /** The route. */
  nome: z.string(),
  /** The mezzo's name ("Pulmino blu") and its colour (issue 30: any mezzo of the fleet). */
  mezzo: z.string(),
  pulmino: z.enum(MEZZO_COLORI),
  operatori: z.array(agendaPersonAnswer),
  utenti: z.array(agendaPersonAnswer),
  ...absentMark,
});
export type AgendaRun = z.infer<typeof agendaRunAnswer>;

export type AgendaItem = AgendaActivity | AgendaRun;

export const agendaAnswer = z.object({
  persona: agendaPersonAnswer,
  /** Ordered by data, inizio, fine, nome. */
  voci: z.array(z.discriminatedUnion('tipo', [agendaActivityAnswer, agendaRunAnswer])),
});
export type Agenda = z.infer<typeof agendaAnswer>;

export const icalUrlAnswer = z.object({ url: z.string() });
export type IcalUrl = z.infer<typeof icalUrlAnswer>;

export const icalStateAnswer = z.object({
  attivo: z.boolean(),
  creato: z.string().nullable(),
  ultimouso: z.string().nullable(),
  /** When the link stops working unless it is used before: ICAL_UNUSED_DAYS after its last use (or its making). */
  scade: z.string().nullable(),
});
export type IcalState = z.infer<typeof icalStateAnswer>;

export type { PersonKind };
