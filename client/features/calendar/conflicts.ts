/**
 * The day's conflicts as the calendar shows them (docs/product.md, Regole, Conflitti): the
 * server's list turned into the banner's entries ("Paola Neri: Palestra 09:00–10:00, Logopedia
 * 09:30–10:30") and each card's notes, and, for Aggiungi Paziente / Aggiungi Terapista, where
 * a person already is at an activity's time. Times are half-open, [inizio, fine).
 */
import type { ConflictKind, PlanConflictKind } from '../../../common/conflicts.ts';
import { isTransportKind } from '../../../common/transport-conflicts.ts';
import type { AbsenceReason } from '../../../common/presenze.ts';
import { toHourMinute } from '../../../common/dates.ts';
import type { PersonKind } from '../../lib/people-search.ts';
import { isTransport, type DayActivity, type DayTransportRun, type Giornata } from './types.ts';

/** "1 conflitto", "3 conflitti". */
export const countConflicts = (n: number) => (n === 1 ? '1 conflitto' : `${n} conflitti`);

/** One card involved in a conflict, named as a person would: where (or what) and when. */
export interface ConflictPlace {
  /** The card's key on the calendar (`a<activity id>`, `r<run id>`): its element id is cardElementId(cardKey). */
  cardKey: string;
  /** "Palestra 09:00–10:00", "Andata Nord 08:00–09:00"; for a room, the activity's name and times. */
  label: string;
  start: string;
  end: string;
}

export interface ConflictEntry {
  key: string;
  tipo: ConflictKind;
  ID: number;
  nome: string;
  places: ConflictPlace[];
  /** `assente` only: the person's kind and the absence's reason (Presenze). */
  persona?: PersonKind;
  motivo?: AbsenceReason;
  /** The kinds of the progetti (profilo, disponibilita, fuori_progetto, capienza): the server's Italian sentence. */
  testo?: string;
}

/** The kinds of the progetti: one card is enough, and the sentence comes from the server (common/plan-conflicts.ts). */
export const isPlanKind = (tipo: ConflictKind): tipo is PlanConflictKind =>
  tipo === 'profilo' || tipo === 'disponibilita' || tipo === 'fuori_progetto' || tipo === 'capienza';

/**
 * The kinds whose sentence comes from the server and that one card is enough for: the progetti's, and the fleet's
 * (posti, carrozzina, mezzo, autista; common/transport-conflicts.ts), which name a run or a mezzo, no person.
 */
export const hasSentence = (tipo: ConflictKind) => isPlanKind(tipo) || isTransportKind(tipo);

/** Whom a conflict of the progetti names: the operatore (profilo, disponibilita), the utente (fuori_progetto), nobody (capienza). */
const planPersona = (tipo: PlanConflictKind): PersonKind | undefined =>
  tipo === 'profilo' || tipo === 'disponibilita' ? 'terapista' : tipo === 'fuori_progetto' ? 'paziente' : undefined;

/** What one card says about one of its conflicts. */
export interface CardConflict {
  tipo: ConflictKind;
  ID: number;
  /** `assente` only: whether ID is a patient's or a therapist's. */
  persona?: PersonKind;
  /** "paola.neri anche in Logopedia 09:30–10:30", "Palestra occupata anche da Coro 09:30–10:30". */
  text: string;
}

export interface DayConflicts {
  entries: ConflictEntry[];
  byCard: Map<string, CardConflict[]>;
}

/** The element id of a card, for the banner's links to it. */
export const cardElementId = (cardKey: string) => `scheda-${cardKey}`;

const overlaps = (aStart: string, aEnd: string, bStart: string, bEnd: string) =>
  toHourMinute(aStart) < toHourMinute(bEnd) && toHourMinute(bStart) < toHourMinute(aEnd);

const runPlace = (run: DayTransportRun): ConflictPlace => {
  const [start, end] = [toHourMinute(run.Ora), toHourMinute(run.OraArrivo)];
  return { cardKey: `r${run.ID}`, label: `${run.Tratta} ${start}–${end}`, start, end };
};

/** The calendar's card of an activity: its own, or its run's for a TRASPORTO activity whose run the day holds. */
function activityCardKey(day: Giornata, activity: DayActivity): string {
  if (isTransport(activity) && day.uscite.some((r) => r.ID === activity.RifTrasporto)) return `r${activity.RifTrasporto}`;
  return `a${activity.ID}`;
}

function activityPlace(day: Giornata, activity: DayActivity, roomLabel: (id: number) => string, byName: boolean): ConflictPlace {
  const cardKey = activityCardKey(day, activity);
  const run = cardKey.startsWith('r') ? day.uscite.find((r) => `r${r.ID}` === cardKey) : undefined;
  if (run) return runPlace(run);
  const where = byName || isTransport(activity) ? activity.NomeAttivita : roomLabel(activity.RifStanza);
  const [start, end] = [toHourMinute(activity.OraInizio), toHourMinute(activity.OraFine)];
  return { cardKey, label: `${where} ${start}–${end}`, start, end };
}

/** The banner's entries and each card's notes, from the conflicts the server reported for the day. */
export function dayConflicts(day: Giornata, roomLabel: (id: number) => string): DayConflicts {
  const activities = new Map(day.attivita.map((a) => [a.ID, a]));
  const runs = new Map(day.uscite.map((r) => [r.ID, r]));
  const entries: ConflictEntry[] = [];
  for (const conflict of day.conflitti ?? []) {
    const places = new Map<string, ConflictPlace>();
    for (const id of conflict.attivita) {
      const activity = activities.get(id);
      if (!activity) continue;
      const place = activityPlace(day, activity, roomLabel, conflict.tipo === 'stanza');
      if (!places.has(place.cardKey)) places.set(place.cardKey, place);
    }
    for (const id of conflict.uscite) {
      const run = runs.get(id);
      if (run && !places.has(`r${id}`)) places.set(`r${id}`, runPlace(run));
    }
    // A conflict whose cards are no longer all on the day (it is being read again) waits for the new answer.
    if (places.size < (conflict.tipo === 'assente' || hasSentence(conflict.tipo) ? 1 : 2)) continue;
    const sorted = [...places.values()].sort((a, b) => a.start.localeCompare(b.start) || a.label.localeCompare(b.label, 'it'));
    const key = conflict.tipo === 'assente' ? `assente-${conflict.persona}-${conflict.ID}` : `${conflict.tipo}-${conflict.ID}`;
    entries.push({
      key,
      tipo: conflict.tipo,
      ID: conflict.ID,
      nome: conflict.nome,
      places: sorted,
      persona: isPlanKind(conflict.tipo) ? planPersona(conflict.tipo) : conflict.persona,
      motivo: conflict.motivo,
      testo: conflict.testo,
    });
  }

  const byCard = new Map<string, CardConflict[]>();
  for (const entry of entries) {
    if (entry.tipo === 'assente') {
      // An absent person is a conflict wherever they are that day.
      for (const place of entry.places) {
        const text = `${entry.nome} è assente (${entry.motivo ?? 'altro'})`;
        byCard.set(place.cardKey, [...(byCard.get(place.cardKey) ?? []), { tipo: entry.tipo, ID: entry.ID, persona: entry.persona, text }]);
      }
      continue;
    }
    if (hasSentence(entry.tipo)) {
      // A conflict of the progetti or of the fleet is about the card itself: its sentence on each card it names.
      for (const place of entry.places) {
        const text = entry.testo ?? entry.nome;
        byCard.set(place.cardKey, [...(byCard.get(place.cardKey) ?? []), { tipo: entry.tipo, ID: entry.ID, persona: entry.persona, text }]);
      }
      continue;
    }
    for (const place of entry.places) {
      // The card names only what overlaps it, not every place of the person's day.
      const others = entry.places
        .filter((p) => p.cardKey !== place.cardKey && overlaps(p.start, p.end, place.start, place.end))
        .map((p) => p.label);
      if (others.length === 0) continue;
      const text =
        entry.tipo === 'stanza' ? `${entry.nome} occupata anche da ${others.join(', ')}` : `${entry.nome} anche in ${others.join(', ')}`;
      byCard.set(place.cardKey, [...(byCard.get(place.cardKey) ?? []), { tipo: entry.tipo, ID: entry.ID, text }]);
    }
  }
  return { entries, byCard };
}

/** Whether a card's conflicts include this person. */
export const personInConflict = (conflicts: CardConflict[] | undefined, tipo: PersonKind, id: number) =>
  !!conflicts?.some((c) => (c.tipo === tipo || ((c.tipo === 'assente' || isPlanKind(c.tipo)) && c.persona === tipo)) && c.ID === id);

/** What the banner says the day's conflicts are about. */
export function conflictsTopic(entries: ConflictEntry[]): string {
  const transport = entries.some((e) => isTransportKind(e.tipo));
  const others = entries.filter((e) => !isTransportKind(e.tipo));
  if (others.length === 0) return 'avvisi sui trasporti: posti, carrozzine, mezzi e autisti.';
  const topic = otherTopics(others);
  // The fleet's warnings beside the others: said at the end ("persone assenti … e avvisi sui trasporti.").
  return transport ? `${topic.slice(0, -1)}; avvisi sui trasporti.` : topic;
}

function otherTopics(entries: ConflictEntry[]): string {
  const absent = entries.some((e) => e.tipo === 'assente');
  const overlapping = entries.some((e) => e.tipo !== 'assente' && !hasSentence(e.tipo));
  const plan = entries.some((e) => isPlanKind(e.tipo));
  if (plan) {
    const others = [overlapping && 'orari sovrapposti', absent && 'persone assenti in programma'].filter(Boolean);
    return others.length > 0
      ? `${others.join(', ')} e avvisi sui progetti e sui profili.`
      : 'avvisi sui progetti, sui profili e sulle disponibilità.';
  }
  if (absent && overlapping) return 'orari sovrapposti e persone assenti ancora in programma.';
  if (absent) return 'persone assenti ancora in attività o uscite.';
  return 'orari sovrapposti per la stessa persona o stanza.';
}

/**
 * Where a person already is during `target`'s time, from the loaded day: "Logopedia 09:00–10:00",
 * "Andata Nord 08:00–09:00". Empty when adding them to `target` makes no conflict.
 */
export function busyPlaces(
  day: Giornata,
  kind: PersonKind,
  personId: number,
  target: DayActivity,
  roomLabel: (id: number) => string,
): string[] {
  const hasPerson = (people: { RifPaziente?: number; RifTerapista?: number }[]) =>
    people.some((p) => (kind === 'paziente' ? p.RifPaziente : p.RifTerapista) === personId);
  const places = new Map<string, ConflictPlace>();
  for (const activity of day.attivita) {
    if (activity.ID === target.ID || (isTransport(target) && activity.RifTrasporto === target.RifTrasporto)) continue;
    const people = kind === 'paziente' ? activity.Pazienti : activity.Terapisti;
    if (!hasPerson(people) || !overlaps(activity.OraInizio, activity.OraFine, target.OraInizio, target.OraFine)) continue;
    const place = activityPlace(day, activity, roomLabel, false);
    if (!places.has(place.cardKey)) places.set(place.cardKey, place);
  }
  for (const run of day.uscite) {
    if (isTransport(target) && run.ID === target.RifTrasporto) continue;
    const people = kind === 'paziente' ? run.Pazienti : run.Terapisti;
    if (!hasPerson(people) || !overlaps(run.Ora, run.OraArrivo, target.OraInizio, target.OraFine)) continue;
    places.set(`r${run.ID}`, runPlace(run));
  }
  return [...places.values()].sort((a, b) => a.start.localeCompare(b.start) || a.label.localeCompare(b.label, 'it')).map((p) => p.label);
}
