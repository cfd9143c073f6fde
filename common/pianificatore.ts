/**
 * Contracts of the Pianificatore (issue 31, docs/api.md "Pianificatore", docs/product.md): a proposed week built by a
 * solver from the progetti, the operatori's profiles, hours and availability, the rooms and the runs; shown as a diff,
 * written only by `applica` (one registro row, undone by Annulla). Shared by the server's validation and the web app.
 * The calendar's first paint does not import this file (ADR 0036): the screen that uses it is lazy.
 */
import { z } from 'zod';
import { isRealDate, weekdayOf } from './dates.ts';
import { idSchema } from './schemas.ts';

export const PIANIFICATORE_MSG = {
  settimanaInvalid: 'Settimana non valida: indica il lunedì in formato aaaa-mm-gg',
  modoInvalid: 'Modo non valido: completa oppure rifai',
  secondiInvalid: 'Tempo non valido: da 1 a 60 secondi',
  noProgetti: 'Nessun utente ha un progetto in questa settimana: non c’è niente da pianificare',
  noWorkingDays: 'In questa settimana il centro è chiuso tutti i giorni',
  busy: 'Un’altra proposta è in preparazione',
  notFound: 'Proposta non trovata (le proposte si tengono 7 giorni)',
  notReady: 'La proposta non è ancora pronta',
  failed: 'La proposta non è riuscita: preparane una nuova',
  alreadyApplied: 'Questa proposta è già stata applicata',
  discarded: 'Questa proposta è stata scartata',
  weekChanged: 'La settimana è cambiata dopo la proposta: preparane una nuova',
  timeUp: 'Il tempo è finito prima di trovare una proposta: riprova con più secondi',
  solverFailed: 'Il pianificatore non è riuscito a preparare la proposta: riprova',
  nothingToDo: 'La settimana copre già tutto quello che i progetti chiedono',
  registro: 'Settimana proposta dal pianificatore',
} as const;
const M = PIANIFICATORE_MSG;

export const MODI = ['completa', 'rifai'] as const;
export type Modo = (typeof MODI)[number];
export const STATI = ['in_corso', 'pronta', 'errore', 'applicata', 'scartata'] as const;
export type StatoProposta = (typeof STATI)[number];
/**
 * Why a session is not covered: the first that holds, in this order (docs/product.md, Pianificatore):
 * no operatore has the profile; those of the profile are never available while the utente is at the centre;
 * their hours are used up; no room fits; the utente is absent; outside his frequenza (or the solver's choice).
 */
export const MOTIVI = ['nessun_profilo', 'disponibilita', 'ore', 'stanza', 'assente', 'frequenza'] as const;
export type Motivo = (typeof MOTIVI)[number];

export const SECONDI_DEFAULT = 10;
export const SECONDI_MAX = 60;
/** Days a proposal is kept. */
export const PROPOSTE_GIORNI = 7;

/** POST /server/pianificatore/proposte */
export const propostaBody = z.object({
  settimana: z.string({ error: M.settimanaInvalid }).refine((v) => isRealDate(v) && weekdayOf(v) === 1, M.settimanaInvalid),
  modo: z.enum(MODI, { error: M.modoInvalid }).default('completa'),
  secondi: z
    .number({ error: M.secondiInvalid })
    .int(M.secondiInvalid)
    .min(1, M.secondiInvalid)
    .max(SECONDI_MAX, M.secondiInvalid)
    .default(SECONDI_DEFAULT),
});
export type PropostaForm = z.input<typeof propostaBody>;

export const propostaIdParams = z.object({ id: idSchema });
/** 202 of POST /server/pianificatore/proposte */
export const propostaCreatedAnswer = z.object({ ID: z.number().int() });

const int = z.number().int();
export const aggiuntaAnswer = z.object({
  data: z.string(),
  /** The room's ID. */
  stanza: int,
  inizio: z.string(),
  fine: z.string(),
  /** The type of activity's ID. */
  tipo: int,
  /** The activity's name (the type's). */
  nome: z.string(),
  pazienti: z.array(int),
  terapisti: z.array(int),
});
export type Aggiunta = z.infer<typeof aggiuntaAnswer>;

export const nonCopertaAnswer = z.object({
  paziente: int,
  tipo: int,
  /** Sessions missing this week. */
  mancano: int,
  motivo: z.enum(MOTIVI),
  /** "Manca 1 seduta di Logopedia individuale a Mario Rossi: nessun logopedista è libero quando è al centro" */
  spiegazione: z.string(),
});
export type NonCoperta = z.infer<typeof nonCopertaAnswer>;

/** Covered / required minutes of the week: before, after, and the solver's proven upper bound (0–1). */
export const coperturaPropostaAnswer = z.object({ prima: z.number(), dopo: z.number(), limite: z.number() });

/** GET /server/pianificatore/proposte/:id */
export const propostaAnswer = z.object({
  ID: int,
  settimana: z.string(),
  modo: z.enum(MODI),
  stato: z.enum(STATI),
  /** 0–1 while in_corso; 1 when done. */
  avanzamento: z.number(),
  /** Seconds the solver used (so far). */
  secondi: z.number(),
  copertura: coperturaPropostaAnswer,
  aggiunte: z.array(aggiuntaAnswer),
  /** IDs of the week's activities the proposal removes (only `rifai`). */
  rimosse: z.array(int),
  nonCoperte: z.array(nonCopertaAnswer),
  /** When stato is `errore`: the Italian reason. */
  errore: z.string().optional(),
});
export type Proposta = z.infer<typeof propostaAnswer>;

/** POST /server/pianificatore/proposte/:id/applica */
export const applicaAnswer = z.object({ ok: z.boolean(), operazione: int, scritte: int });
export type ApplicaAnswer = z.infer<typeof applicaAnswer>;

/**
 * The live events of a proposal (GET /server/eventi; the schema is common/live.ts's pianificatoreEventSchema):
 * `{"tipo":"pianificatore","ID":7,"avanzamento":0.4}` while it works, `{"tipo":"pianificatore","ID":7,"stato":"pronta"}` at the end.
 */
export { pianificatoreEventSchema, type PianificatoreEvent } from './live.ts';
