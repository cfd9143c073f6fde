/**
 * A proposal as a diff of the week (docs/product.md, Pianificatore): per day and room, the activities it adds and
 * those it removes, in time order; and the coverage's figures in words. Pure: the dialog renders it, the tests read it.
 */
import { addDays, formatDayMonthYear, weekdayOf, WEEKDAYS_IT } from '../../../common/dates.ts';
import { operatoreLabel } from '../../../common/people.ts';
import type { Aggiunta } from '../../../common/pianificatore.ts';
import type { DayActivity, Patient, Room, Therapist } from '../../../common/schemas.ts';

export interface DiffEntry {
  /** Unique within the diff (React's key). */
  key: string;
  kind: 'nuova' | 'rimossa';
  inizio: string;
  fine: string;
  nome: string;
  /** Operatori, then utenti, by name; the removed activities name only their operatori (the week's answer has no utenti). */
  operatori: string[];
  utenti: string[];
}

export interface DiffRoom {
  stanza: number;
  nome: string;
  entries: DiffEntry[];
}

export interface DiffDay {
  data: string;
  /** "Martedì 01-12-2026". */
  titolo: string;
  rooms: DiffRoom[];
  nuove: number;
  rimosse: number;
}

export interface DiffInput {
  settimana: string;
  aggiunte: Aggiunta[];
  rimosse: number[];
  /** The week's activities as the calendar has them (for the removed ones' times and names). */
  attivita: DayActivity[];
  rooms: Room[];
  patients?: Patient[];
  therapists?: Therapist[];
}

const hhmm = (time: string) => time.slice(0, 5);
const byName = (a: string, b: string) => a.localeCompare(b, 'it');

/** "Martedì 01-12-2026" (the week print's day header). */
export const diffDayTitle = (date: string) => `${WEEKDAYS_IT[weekdayOf(date)]} ${formatDayMonthYear(date)}`;

/**
 * The proposal's changes grouped by day (Monday to Friday, and Saturday when it has some), each day's rooms in the
 * calendar's column order, each room's changes by start time (a removed one before a new one at the same time).
 */
export function buildProposalDiff(input: DiffInput): DiffDay[] {
  const patientName = new Map((input.patients ?? []).map((p) => [p.ID, `${p.Nome} ${p.Cognome}`]));
  const therapistName = new Map((input.therapists ?? []).map((t) => [t.ID, operatoreLabel(t)]));
  const removedIds = new Set(input.rimosse);
  const found = new Map(input.attivita.filter((a) => removedIds.has(a.ID)).map((a) => [a.ID, a]));

  const entries: (DiffEntry & { data: string; stanza: number })[] = [];
  input.aggiunte.forEach((a, i) => {
    entries.push({
      key: `n${i}`,
      kind: 'nuova',
      data: a.data,
      stanza: a.stanza,
      inizio: hhmm(a.inizio),
      fine: hhmm(a.fine),
      nome: a.nome,
      operatori: a.terapisti.map((id) => therapistName.get(id) ?? `Operatore n. ${id}`).sort(byName),
      utenti: a.pazienti.map((id) => patientName.get(id) ?? `Utente n. ${id}`).sort(byName),
    });
  });
  for (const id of input.rimosse) {
    const a = found.get(id);
    // Not in the week as read (read before the proposal, or already gone): said plainly rather than left out.
    if (!a) {
      entries.push({
        key: `r${id}`,
        kind: 'rimossa',
        data: '',
        stanza: -1,
        inizio: '',
        fine: '',
        nome: `Attività n. ${id}`,
        operatori: [],
        utenti: [],
      });
      continue;
    }
    entries.push({
      key: `r${id}`,
      kind: 'rimossa',
      data: a.Data,
      stanza: a.RifStanza,
      inizio: hhmm(a.OraInizio),
      fine: hhmm(a.OraFine),
      nome: a.NomeAttivita,
      operatori: a.Terapisti.map(operatoreLabel).sort(byName),
      utenti: a.Pazienti.map((p) => `${p.Nome} ${p.Cognome}`).sort(byName),
    });
  }

  const weekdays = [0, 1, 2, 3, 4].map((i) => addDays(input.settimana, i));
  const saturday = addDays(input.settimana, 5);
  const days = entries.some((e) => e.data === saturday) ? [...weekdays, saturday] : weekdays;
  const roomOrder = new Map(input.rooms.map((r, i) => [r.ID, i]));
  const roomName = new Map(input.rooms.map((r) => [r.ID, r.Nome]));
  const order = (kind: DiffEntry['kind']) => (kind === 'rimossa' ? 0 : 1);

  const result: DiffDay[] = days.map((data) => {
    const ofDay = entries.filter((e) => e.data === data);
    const stanze = [...new Set(ofDay.map((e) => e.stanza))].sort(
      (a, b) => (roomOrder.get(a) ?? Number.MAX_SAFE_INTEGER) - (roomOrder.get(b) ?? Number.MAX_SAFE_INTEGER) || a - b,
    );
    return {
      data,
      titolo: diffDayTitle(data),
      rooms: stanze.map((stanza) => ({
        stanza,
        nome: roomName.get(stanza) ?? `Stanza n. ${stanza}`,
        entries: ofDay
          .filter((e) => e.stanza === stanza)
          .sort((a, b) => a.inizio.localeCompare(b.inizio) || order(a.kind) - order(b.kind) || byName(a.nome, b.nome))
          .map(({ data: _data, stanza: _stanza, ...entry }) => entry),
      })),
      nuove: ofDay.filter((e) => e.kind === 'nuova').length,
      rimosse: ofDay.filter((e) => e.kind === 'rimossa').length,
    };
  });
  // Removed activities the week's answer did not hold: one last group, so nothing removed goes unsaid.
  const unknown = entries.filter((e) => e.data === '');
  if (unknown.length > 0) {
    result.push({
      data: '',
      titolo: 'Altre attività rimosse',
      rooms: [{ stanza: -1, nome: 'Stanza non indicata', entries: unknown.map(({ data: _d, stanza: _s, ...entry }) => entry) }],
      nuove: 0,
      rimosse: unknown.length,
    });
  }
  return result;
}

/** "3 nuove, 1 rimossa", "Nessuna modifica". */
export function changesSummary(nuove: number, rimosse: number): string {
  if (nuove === 0 && rimosse === 0) return 'Nessuna modifica';
  const parts: string[] = [];
  if (nuove > 0) parts.push(nuove === 1 ? '1 nuova' : `${nuove} nuove`);
  if (rimosse > 0) parts.push(rimosse === 1 ? '1 rimossa' : `${rimosse} rimosse`);
  return parts.join(', ');
}

/** A share (0–1) as a whole percentage: 0.974 → "97 %" (never 100 % unless it is whole, never 0 % unless nothing). */
export function percent(share: number): string {
  const value = Math.max(0, Math.min(1, share)) * 100;
  let shown = Math.round(value);
  if (shown === 100 && value < 100) shown = 99;
  if (shown === 0 && value > 0) shown = 1;
  return `${shown} %`;
}

/** "il 97 %", "l’80 %": the article as the number is read aloud (uno, otto, undici, ottanta… begin with a vowel). */
export function withArticle(share: number): string {
  const shown = percent(share);
  const n = Number.parseInt(shown, 10);
  return n === 1 || n === 8 || n === 11 || (n >= 80 && n <= 89) ? `l’${shown}` : `il ${shown}`;
}

/** The coverage in one sentence, before / after / bound: what a coordinator reads under the bar. */
export function coverageSentence(copertura: { prima: number; dopo: number; limite: number }): string {
  const { prima, dopo, limite } = copertura;
  const base = `Con la proposta la settimana copre ${withArticle(dopo)} dei minuti chiesti dai progetti (ora ${withArticle(prima)}).`;
  if (limite - dopo < 0.005) return `${base} Nessuna proposta può fare di più.`;
  return `${base} Nessuna proposta può superare ${withArticle(limite)}.`;
}
