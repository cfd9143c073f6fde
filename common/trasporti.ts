/**
 * Contracts of issue 30, Trasporti (docs/api.md, Trasporti; docs/product.md, Regole): the fleet (mezzi), the utenti's
 * pickup fields, the order and stop time of each passenger, the autista of a run, the fogli di marcia and the
 * Trasporti del mese. Shared by the server's validation and the web app's forms; the calendar's first paint takes its
 * words from common/transport-conflicts.ts instead (no zod there).
 */
import { z } from 'zod';
import { ABSENCE_REASONS } from './presenze.ts';
import { MEZZO_COLORI } from './transport-conflicts.ts';
import { identifierText, idSchema, isValidTime, planDateSchema, safeText } from './schemas.ts';

export { MEZZO_COLORI, MEZZO_COLORE_LABEL, type MezzoColore } from './transport-conflicts.ts';

export const TRASPORTI_MSG = {
  mezzoNameInvalid: 'Nome del mezzo non valido (da 2 a 60 caratteri)',
  mezzoDuplicate: 'Esiste già un mezzo con questo nome',
  plateInvalid: 'Targa non valida: usa il formato italiano, ad esempio AB123CD',
  seatsInvalid: 'Posti non validi: da 1 a 60',
  wheelchairInvalid: 'Posti carrozzina non validi: da 0 a 10',
  wheelchairOverSeats: 'I posti carrozzina non possono essere più dei posti',
  colourInvalid: 'Colore non valido: scegli uno dei colori proposti',
  mezzoInvalid: 'Mezzo non valido',
  mezzoNotFound: 'Mezzo non trovato',
  addressInvalid: 'Indirizzo non valido (al massimo 200 caratteri)',
  transportNotesInvalid: 'Note sul trasporto non valide (al massimo 200 caratteri)',
  wheelchairFlagInvalid: 'Indica se l’utente viaggia in carrozzina',
  orderInvalid: 'L’ordine deve elencare ogni utente dell’uscita una volta sola',
  stopTimeInvalid: 'Orario di fermata non valido: tra due ore prima della partenza e l’arrivo dell’uscita',
  stopTimeFormat: 'Inserisci l’orario di fermata in formato HH:mm',
  passengerNotOnRun: 'L’utente non è su questa uscita',
  staffNotOnRun: 'L’operatore non è su questa uscita',
  monthInvalid: 'Mese non valido: usa il formato aaaa-mm',
} as const;
const M = TRASPORTI_MSG;

/** An Italian plate of today's format: two letters, three digits, two letters (I, O, Q, U never used; we accept them). */
export const PLATE_RE = /^[A-Z]{2}\d{3}[A-Z]{2}$/;

// ---- Mezzi (GET/PUT /server/anagrafiche/mezzi, POST …/update, …/archivia, …/ripristina) ----

const plate = safeText(M.plateInvalid)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine((v) => v === '' || PLATE_RE.test(v), M.plateInvalid);

const mezzoFields = z.object({
  Nome: identifierText(M.mezzoNameInvalid).trim().min(2, M.mezzoNameInvalid).max(60, M.mezzoNameInvalid),
  /** '' or absent: none. */
  Targa: plate.optional().default(''),
  posti: z.number({ error: M.seatsInvalid }).int(M.seatsInvalid).min(1, M.seatsInvalid).max(60, M.seatsInvalid),
  postiCarrozzina: z
    .number({ error: M.wheelchairInvalid })
    .int(M.wheelchairInvalid)
    .min(0, M.wheelchairInvalid)
    .max(10, M.wheelchairInvalid),
  colore: z.enum(MEZZO_COLORI, { error: M.colourInvalid }),
});
const seatsRule = {
  path: ['postiCarrozzina'],
  message: M.wheelchairOverSeats,
};
export const mezzoFormSchema = mezzoFields.refine((m) => m.postiCarrozzina <= m.posti, seatsRule);
export const mezzoUpdateSchema = mezzoFields.extend({ ID: idSchema }).refine((m) => m.postiCarrozzina <= m.posti, seatsRule);
export type MezzoForm = z.input<typeof mezzoFormSchema>;

export const mezzoRecordAnswer = z.object({
  ID: z.number().int(),
  Nome: z.string(),
  /** '' when none. */
  Targa: z.string(),
  posti: z.number().int(),
  postiCarrozzina: z.number().int(),
  colore: z.enum(MEZZO_COLORI),
  Archiviato: z.boolean(),
});
export type MezzoRecord = z.infer<typeof mezzoRecordAnswer>;
/** GET /server/anagrafiche/mezzi?archiviati=0|1: every mezzo (a fleet is small), by name. */
export const mezziListAnswer = z.array(mezzoRecordAnswer);

/** The mezzo of a run in the day's answers (`giornata`, `settimana`, `getweektrasporto`, `uscite/giorno`). */
export const runMezzoAnswer = z.object({
  ID: z.number().int(),
  Nome: z.string(),
  posti: z.number().int(),
  postiCarrozzina: z.number().int(),
  colore: z.enum(MEZZO_COLORI),
  Targa: z.string(),
});
export type RunMezzo = z.infer<typeof runMezzoAnswer>;

// ---- The utente's pickup fields (PUT /server/anagrafiche/pazienti, POST …/pazienti/update) ----

/** On create absent means ''/false; on update absent leaves the field as it is. */
export const patientTransportFields = {
  Indirizzo: safeText(M.addressInvalid).trim().max(200, M.addressInvalid).optional(),
  Carrozzina: z.boolean({ error: M.wheelchairFlagInvalid }).optional(),
  NoteTrasporto: safeText(M.transportNotesInvalid).trim().max(200, M.transportNotesInvalid).optional(),
};
/** What GET /server/anagrafiche/pazienti answers besides the record of before. */
export const patientTransportAnswer = { Indirizzo: z.string(), Carrozzina: z.boolean(), NoteTrasporto: z.string() };

// ---- A run's passengers and staff (POST /server/anagrafiche/uscite/ordine|fermata|autista) ----

/** Every passenger of the run exactly once, in the new order; answers `{ ok: true }`. */
export const runOrderSchema = z.object({
  uscita: idSchema,
  pazienti: z.array(idSchema, { error: M.orderInvalid }).max(200, M.orderInvalid),
});
/** `ora` null clears; a time from two hours before the run's departure to its arrival, both included. */
export const runStopSchema = z.object({
  uscita: idSchema,
  paziente: idSchema,
  ora: z.union([z.string().refine(isValidTime, M.stopTimeFormat), z.null()], { error: M.stopTimeFormat }),
});
/** `terapista` null clears; else one of the run's staff (404 staffNotOnRun). */
export const runDriverSchema = z.object({ uscita: idSchema, terapista: z.union([idSchema, z.null()]) });

/** The window of a stop time: [departure − 120 min, arrival]. */
export const STOP_WINDOW_BEFORE_MIN = 120;

/** Fields each passenger of a run carries in the day's answers (always from the server; optional for days built by hand). */
export const runPassengerTransportFields = {
  /** 1, 2, …: the stop's place in the run. */
  Ordine: z.number().int().optional(),
  /** 'HH:mm' or null when not set. */
  OraFermata: z.string().nullable().optional(),
  /** '' when not set. */
  Indirizzo: z.string().optional(),
  Carrozzina: z.boolean().optional(),
};
/** Fields each run carries in the day's answers besides RifPulmino. */
export const runTransportFields = {
  Mezzo: runMezzoAnswer.optional(),
  /** The staff member marked autista, null when none. */
  RifAutista: z.number().int().nullable().optional(),
};

// ---- Fogli di marcia (GET /server/trasporti/fogli?data=yyyy-mm-dd) ----

export const fogliQuerySchema = z.object({ data: planDateSchema });
const absentMark = { Assente: z.literal(true).optional(), Motivo: z.enum(ABSENCE_REASONS).optional() };
export const foglioStopAnswer = z.object({
  Ordine: z.number().int(),
  OraFermata: z.string().nullable(),
  RifPaziente: z.number().int(),
  Nome: z.string(),
  Cognome: z.string(),
  Indirizzo: z.string(),
  Carrozzina: z.boolean(),
  /** The family's phone (the utente's Cellulare), '' when none. */
  Cellulare: z.string(),
  NoteTrasporto: z.string(),
  ...absentMark,
});
export const foglioRunAnswer = z.object({
  ID: z.number().int(),
  Tratta: z.string(),
  Ora: z.string(),
  OraArrivo: z.string(),
  Mezzo: runMezzoAnswer,
  /** The autista's display name, null when none marked. */
  autista: z.object({ RifTerapista: z.number().int(), nome: z.string(), ...absentMark }).nullable(),
  /** The other staff, by name. */
  operatori: z.array(z.object({ RifTerapista: z.number().int(), nome: z.string(), ...absentMark })),
  /** Every passenger, in order: absent ones included (marked), the sheet lists them under "Non salgono oggi". */
  fermate: z.array(foglioStopAnswer),
});
/**
 * Administrators get every run of the day; any other operatore only the runs she is on (La mia agenda). Runs in
 * departure order. `centro`: the centre's name as the prints show it.
 */
export const fogliAnswer = z.object({ data: z.string(), centro: z.string(), uscite: z.array(foglioRunAnswer) });
export type Fogli = z.infer<typeof fogliAnswer>;
export type FoglioRun = z.infer<typeof foglioRunAnswer>;
export type FoglioStop = z.infer<typeof foglioStopAnswer>;

// ---- Trasporti del mese (GET /server/trasporti/mese?mese=yyyy-mm), administrators ----

export const meseQuerySchema = z.object({
  mese: z.string({ error: M.monthInvalid }).regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, M.monthInvalid),
});
/**
 * A trip is one utente on one run of the month, not absent that day. A run is an andata when it departs before 12:00,
 * a ritorno from 12:00 on (docs/product.md, Trasporti del mese).
 */
export const ANDATA_BEFORE = '12:00';
const trips = { andata: z.number().int(), ritorno: z.number().int(), totale: z.number().int() };
export const meseAnswer = z.object({
  mese: z.string(),
  /** Every utente with at least one trip, by Cognome, Nome, ID. */
  utenti: z.array(z.object({ RifPaziente: z.number().int(), Nome: z.string(), Cognome: z.string(), ...trips })),
  /** Every mezzo with at least one run in the month, by name: the utenti's trips on it and its runs. */
  mezzi: z.array(z.object({ ID: z.number().int(), Nome: z.string(), ...trips, uscite: z.number().int() })),
  /** Sum over the utenti. */
  totale: z.object(trips),
});
export type TrasportiMese = z.infer<typeof meseAnswer>;
