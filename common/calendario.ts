/**
 * The calendar's answers, with the wire's field names (docs/api.md, docs/product.md Dati): zod schemas
 * every route declares as its response (docs/decisions/0034-answers-checked-one-vocabulary.md), and the
 * types both sides read from them. The requests' schemas are still in common/schemas.ts.
 */
import { z } from 'zod';
import { conflictSchema } from './conflicts.ts';
import { weekConflictAnswer } from './progetti.ts';
import { ABSENCE_REASONS } from './presenze.ts';
import { okField } from './schemas.ts';
import { runPassengerTransportFields, runTransportFields } from './trasporti.ts';

export { ok, okAnswer } from './schemas.ts';

const id = z.number().int();
const absenceReason = z.enum(ABSENCE_REASONS);

export const userAnswer = z.object({ ID: id, username: z.string(), Admin: z.number().int() });
export const patientAnswer = z.object({ ID: id, Nome: z.string(), Cognome: z.string(), Cellulare: z.string() });
/** `Nome` and `Cognome` are '' when not set; screens show operatoreLabel (common/people.ts). Always in the server's answers. */
export const therapistAnswer = z.object({ ID: id, username: z.string(), Nome: z.string().optional(), Cognome: z.string().optional() });
/** Archived rooms take no new activities; their past ones still show. */
export const roomAnswer = z.object({ ID: id, Nome: z.string(), Archiviato: z.boolean() });
export const activityAnswer = z.object({
  ID: id,
  NomeAttivita: z.string(),
  RifStanza: z.number().int(),
  Data: z.string(),
  Giorno: z.number().int(),
  OraInizio: z.string(),
  OraFine: z.string(),
  RifTrasporto: z.number().int(),
  /** The activity's type of activity (GET /server/anagrafiche/tipi), -1 when none. Always in the server's answers. */
  RifTipo: z.number().int().optional(),
});
export const transportRunAnswer = z.object({
  ID: id,
  Tratta: z.string(),
  Ora: z.string(),
  OraArrivo: z.string(),
  RifPulmino: z.number().int(),
  Data: z.string(),
});
export const activityPatientLinkAnswer = z.object({ ID: id, RifAttivita: id, RifPaziente: id });
export const activityTherapistLinkAnswer = z.object({ ID: id, RifAttivita: id, RifTerapista: id });
export const transportTherapistLinkAnswer = z.object({ RifUscita: id, RifTerapista: id });
export const transportPatientLinkAnswer = z.object({ RifUscita: id, RifPaziente: id });

/** Present on a person of the day's answer only on a day they are absent (docs/api.md, Presenze). */
const absentMark = { Assente: z.literal(true).optional(), Motivo: absenceReason.optional() };
export const dayPatientAnswer = z.object({
  /** ID of the activity-patient link: what removepaziente takes. */
  ID: id,
  RifPaziente: id,
  Nome: z.string(),
  Cognome: z.string(),
  ...absentMark,
});
export const dayTherapistAnswer = z.object({
  /** ID of the activity-therapist link: what removeterapista takes. */
  ID: id,
  RifTerapista: id,
  username: z.string(),
  /** '' when not set (common/people.ts, operatoreLabel); always in the server's answer. */
  Nome: z.string().optional(),
  Cognome: z.string().optional(),
  ...absentMark,
});
export const dayActivityAnswer = activityAnswer.extend({
  /**
   * Grows with every edit: sent back by updateattivita and removeattivita, which refuse a stale one.
   * Always in the server's answer; optional for days built by hand (tests).
   */
  Versione: z.number().int().optional(),
  Pazienti: z.array(dayPatientAnswer),
  Terapisti: z.array(dayTherapistAnswer),
});
/** Issue 30: passengers in their order with Ordine, OraFermata, Indirizzo, Carrozzina; the run's Mezzo and RifAutista. */
export const dayTransportRunAnswer = transportRunAnswer.extend({
  ...runTransportFields,
  Pazienti: z.array(z.object({ RifPaziente: id, Nome: z.string(), Cognome: z.string(), ...runPassengerTransportFields, ...absentMark })),
  Terapisti: z.array(
    z.object({ RifTerapista: id, username: z.string(), Nome: z.string().optional(), Cognome: z.string().optional(), ...absentMark }),
  ),
});
/** POST /server/calendario/giornata. */
export const giornataAnswer = z.object({
  data: z.string(),
  attivita: z.array(dayActivityAnswer),
  uscite: z.array(dayTransportRunAnswer),
  /** The day's conflicts as the server reports them (docs/api.md); absent in a day built by hand. */
  conflitti: z.array(conflictSchema).optional(),
});
/** POST /server/calendario/settimana: the week in one answer, in the day's shapes (the activities' Pazienti left empty). */
export const settimanaAnswer = z.object({
  datastart: z.string(),
  datastop: z.string(),
  attivita: z.array(dayActivityAnswer),
  uscite: z.array(dayTransportRunAnswer),
});
/** POST /server/calendario/conflitti: only the days that have some. */
export const rangeConflictsAnswer = z.object({
  giorni: z.array(z.object({ data: z.string(), conflitti: z.array(conflictSchema) })),
  /** Issue 29: each week touching the range whose operatori are planned beyond their contracted hours. */
  settimane: z.array(z.object({ settimana: z.string(), conflitti: z.array(weekConflictAnswer) })),
});

// ---- The answers of the calendar's writes ----

const conflitti = z.array(conflictSchema);
/** A place made (an activity, a link): its id and the day's conflicts after it. */
export const createdAnswer = z.object({ insertId: id, conflitti });
export const updatedActivityAnswer = z.object({ ok: okField, versione: z.number().int(), conflitti });
/** A write Annulla may take back: its registro row. */
export const undoableAnswer = z.object({ ok: okField, operazione: z.number().int() });
export const emptiedDayAnswer = z.object({ deleted: z.number().int(), operazione: z.number().int().nullable() });
export const pastedDayAnswer = z.object({
  pasted: z.number().int(),
  esclusi: z.array(z.object({ tipo: z.string(), ID: id, nome: z.string(), motivo: z.string() })),
  operazione: z.number().int().nullable(),
  conflitti,
});
export const presenceCheckAnswer = z.object({ presente: z.boolean() });
export const patientLinkAnswer = activityPatientLinkAnswer.extend({ Nome: z.string(), Cognome: z.string() });
export const therapistLinkAnswer = activityTherapistLinkAnswer.extend({ username: z.string(), Nome: z.string(), Cognome: z.string() });

export type User = z.infer<typeof userAnswer>;
export type Patient = z.infer<typeof patientAnswer>;
export type Therapist = z.infer<typeof therapistAnswer>;
export type Room = z.infer<typeof roomAnswer>;
export type Activity = z.infer<typeof activityAnswer>;
export type TransportRun = z.infer<typeof transportRunAnswer>;
export type ActivityPatientLink = z.infer<typeof activityPatientLinkAnswer>;
export type ActivityTherapistLink = z.infer<typeof activityTherapistLinkAnswer>;
export type TransportTherapistLink = z.infer<typeof transportTherapistLinkAnswer>;
export type TransportPatientLink = z.infer<typeof transportPatientLinkAnswer>;
export type DayPatient = z.infer<typeof dayPatientAnswer>;
export type DayTherapist = z.infer<typeof dayTherapistAnswer>;
export type DayActivity = z.infer<typeof dayActivityAnswer>;
export type DayTransportRun = z.infer<typeof dayTransportRunAnswer>;
export type Giornata = z.infer<typeof giornataAnswer>;
export type Settimana = z.infer<typeof settimanaAnswer>;
/** A person put on a minibus run: the day's conflicts after it. */
export const conflictsAfterAnswer = z.object({ ok: okField, conflitti });
