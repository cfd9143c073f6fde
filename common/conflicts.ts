/**
 * Conflicts of a day: a person in two overlapping time intervals, a room holding two
 * overlapping activities, or a person absent that day still in an activity or run. Intervals are half-open, [start, end): 09:00–10:00 and
 * 10:00–11:00 do not clash. A minibus run and its own TRASPORTO activity are one thing
 * and never clash with each other. Each person or room is reported once, with every
 * activity and run involved in at least one of its clashes. Conflicts are warnings:
 * the plan is still saved (see docs/product.md, Regole).
 */
import { z } from 'zod';
import { ABSENCE_REASONS, type AbsenceReason } from './presenze.ts';
import { PROFILO_CODES } from './progetti.ts';
import type { Giornata } from './schemas.ts';
import { operatoreLabel } from './people.ts';
import { TRANSPORT_CONFLICT_KINDS } from './transport-conflicts.ts';

/**
 * The kinds issue 29 adds (common/plan-conflicts.ts), from the progetti, the types of activity and the operatori's
 * profiles and availability: `profilo` and `disponibilita` name an operatore (ID = therapist), `fuori_progetto` an
 * utente (ID = patient), `capienza` an activity (ID = the activity's).
 */
export const PLAN_CONFLICT_KINDS = ['profilo', 'disponibilita', 'fuori_progetto', 'capienza'] as const;
export type PlanConflictKind = (typeof PLAN_CONFLICT_KINDS)[number];
/** Issue 30's kinds (common/transport-conflicts.ts): `posti`, `carrozzina`, `autista` name a run (ID = the run), `mezzo` a mezzo. */
export const CONFLICT_KINDS = ['paziente', 'terapista', 'stanza', 'assente', ...PLAN_CONFLICT_KINDS, ...TRANSPORT_CONFLICT_KINDS] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];
/**
 * Why an utente is `fuori_progetto`: no progetto covers the day, the weekday is outside his frequenza, the activity lies
 * outside his hours at the centre that day (his frequenza's, or from his andata's arrival to his ritorno's departure
 * when he travels on the day's minibus runs), the type is not in his progetto.
 */
export const FUORI_PROGETTO_CAUSE = ['senza_progetto', 'frequenza', 'tipo', 'orario'] as const;
export type FuoriProgettoCausa = (typeof FUORI_PROGETTO_CAUSE)[number];

export const conflictSchema = z.object({
  /** `assente`: a person absent that day (Presenze) still in some of its activities or runs. */
  tipo: z.enum(CONFLICT_KINDS),
  /** The patient's, therapist's or room's id. */
  ID: z.number().int(),
  /** `assente` only: whether ID is a patient's or a therapist's, and the absence's reason. */
  persona: z.enum(['paziente', 'terapista']).optional(),
  motivo: z.enum(ABSENCE_REASONS).optional(),
  /** Display name: "Nome Cognome", the therapist's operatoreLabel (common/people.ts) or the room's name. */
  nome: z.string(),
  /** Ids of the activities involved, ascending. */
  attivita: z.array(z.number().int()),
  /** Ids of the minibus runs involved, ascending. */
  uscite: z.array(z.number().int()),
  /** `profilo` only: the profiles the activities' types need and the operatore does not have, in PROFILO_CODES order. */
  profili: z.array(z.enum(PROFILO_CODES)).optional(),
  /** `fuori_progetto` only: the first reason of senza_progetto, frequenza, orario, tipo that applies to any of the activities. */
  causa: z.enum(FUORI_PROGETTO_CAUSE).optional(),
  /** `capienza` only: the type's `partecipanti` and the utenti in the activity. */
  partecipanti: z.number().int().optional(),
  iscritti: z.number().int().optional(),
  /** `posti` and `carrozzina` only: the people (or wheelchairs) on board that day and the mezzo's places. */
  persone: z.number().int().optional(),
  posti: z.number().int().optional(),
  /** The new kinds only: the Italian sentence of the banner and the card ("paola.neri non è logopedista"). */
  testo: z.string().optional(),
});
export type Conflict = z.infer<typeof conflictSchema>;

/** The part of the day's answer the check reads. */
export type ConflictDay = Pick<Giornata, 'attivita' | 'uscite'>;

interface Slot {
  start: string;
  end: string;
  /** Slots with the same key are one thing (a run and its TRASPORTO activity). */
  key: string;
  activityId?: number;
  runId?: number;
}

interface Owner {
  tipo: ConflictKind;
  ID: number;
  nome: string;
  slots: Slot[];
}

const overlaps = (a: Slot, b: Slot) => a.key !== b.key && a.start < b.end && b.start < a.end;

const NO_RUN = -1;

/**
 * Every conflict of one day, ordered absent people first, then rooms, therapists and patients, each by name.
 * `roomName` gives a room's name for the report (the day's answer carries only room ids).
 */
export function findConflicts(day: ConflictDay, roomName: (id: number) => string = (id) => `Stanza ${id}`): Conflict[] {
  const owners = new Map<string, Owner>();
  const slotOf = (ownerKey: string, base: Omit<Owner, 'slots'>, slot: Slot) => {
    let owner = owners.get(ownerKey);
    if (!owner) owners.set(ownerKey, (owner = { ...base, slots: [] }));
    owner.slots.push(slot);
  };

  const absent = new Map<string, Conflict>();
  const markAbsent = (
    persona: 'paziente' | 'terapista',
    ID: number,
    nome: string,
    motivo: AbsenceReason,
    at: { activity?: number; run?: number },
  ) => {
    const key = `${persona}:${ID}`;
    let c = absent.get(key);
    if (!c) absent.set(key, (c = { tipo: 'assente', ID, nome, persona, motivo, attivita: [], uscite: [] }));
    if (at.activity !== undefined && !c.attivita.includes(at.activity)) c.attivita.push(at.activity);
    if (at.run !== undefined && !c.uscite.includes(at.run)) c.uscite.push(at.run);
  };

  for (const a of day.attivita) {
    const isTransport = a.RifTrasporto !== NO_RUN && a.RifTrasporto !== null;
    const slot: Slot = { start: a.OraInizio, end: a.OraFine, key: isTransport ? `run:${a.RifTrasporto}` : `act:${a.ID}`, activityId: a.ID };
    if (!isTransport && a.RifStanza > 0)
      slotOf(`stanza:${a.RifStanza}`, { tipo: 'stanza', ID: a.RifStanza, nome: roomName(a.RifStanza) }, slot);
    for (const p of a.Pazienti) {
      slotOf(`paziente:${p.RifPaziente}`, { tipo: 'paziente', ID: p.RifPaziente, nome: `${p.Nome} ${p.Cognome}` }, slot);
      if (p.Assente) markAbsent('paziente', p.RifPaziente, `${p.Nome} ${p.Cognome}`, p.Motivo ?? 'altro', { activity: a.ID });
    }
    for (const t of a.Terapisti) {
      slotOf(`terapista:${t.RifTerapista}`, { tipo: 'terapista', ID: t.RifTerapista, nome: operatoreLabel(t) }, slot);
      if (t.Assente) markAbsent('terapista', t.RifTerapista, operatoreLabel(t), t.Motivo ?? 'altro', { activity: a.ID });
    }
  }
  for (const r of day.uscite) {
    const slot: Slot = { start: r.Ora, end: r.OraArrivo, key: `run:${r.ID}`, runId: r.ID };
    for (const p of r.Pazienti) {
      slotOf(`paziente:${p.RifPaziente}`, { tipo: 'paziente', ID: p.RifPaziente, nome: `${p.Nome} ${p.Cognome}` }, slot);
      if (p.Assente) markAbsent('paziente', p.RifPaziente, `${p.Nome} ${p.Cognome}`, p.Motivo ?? 'altro', { run: r.ID });
    }
    for (const t of r.Terapisti) {
      slotOf(`terapista:${t.RifTerapista}`, { tipo: 'terapista', ID: t.RifTerapista, nome: operatoreLabel(t) }, slot);
      if (t.Assente) markAbsent('terapista', t.RifTerapista, operatoreLabel(t), t.Motivo ?? 'altro', { run: r.ID });
    }
  }

  const conflicts: Conflict[] = [...absent.values()].map((c) => ({
    ...c,
    attivita: c.attivita.sort((x, y) => x - y),
    uscite: c.uscite.sort((x, y) => x - y),
  }));
  for (const owner of owners.values()) {
    const clashing = new Set<Slot>();
    // Sorted by start, a slot can only clash with later slots that start before it ends.
    const slots = [...owner.slots].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
    for (let i = 0; i < slots.length; i++) {
      for (let j = i + 1; j < slots.length && slots[j].start < slots[i].end; j++) {
        if (overlaps(slots[i], slots[j])) {
          clashing.add(slots[i]);
          clashing.add(slots[j]);
        }
      }
    }
    if (clashing.size === 0) continue;
    const attivita = new Set<number>();
    const uscite = new Set<number>();
    for (const s of clashing) {
      if (s.activityId !== undefined) attivita.add(s.activityId);
      if (s.runId !== undefined) uscite.add(s.runId);
    }
    conflicts.push({
      tipo: owner.tipo,
      ID: owner.ID,
      nome: owner.nome,
      attivita: [...attivita].sort((x, y) => x - y),
      uscite: [...uscite].sort((x, y) => x - y),
    });
  }
  return sortConflicts(conflicts);
}

/** Absent people first, then rooms, therapists, patients, then the kinds of issue 29; each by name, then ID. */
export function sortConflicts(conflicts: Conflict[]): Conflict[] {
  const order: Record<ConflictKind, number> = {
    assente: 0,
    stanza: 1,
    terapista: 2,
    paziente: 3,
    profilo: 4,
    disponibilita: 5,
    fuori_progetto: 6,
    capienza: 7,
    posti: 8,
    carrozzina: 9,
    mezzo: 10,
    autista: 11,
  };
  return conflicts.sort((x, y) => order[x.tipo] - order[y.tipo] || x.nome.localeCompare(y.nome, 'it') || x.ID - y.ID);
}

/** The ids of the activities and runs that take part in any conflict, for marking their cards. */
export function conflictMarks(conflicts: Conflict[]): { attivita: Set<number>; uscite: Set<number> } {
  const attivita = new Set<number>();
  const uscite = new Set<number>();
  for (const c of conflicts) {
    c.attivita.forEach((id) => attivita.add(id));
    c.uscite.forEach((id) => uscite.add(id));
  }
  return { attivita, uscite };
}
