/**
 * The day on paper (docs/product.md, Stampa giornata; docs/decisions/0028-day-on-paper.md): one section per room with
 * its activities in time order, then the runs (uscite) with their passengers in boarding order. The PDF and the
 * browser's own print of /calendario are drawn from this one list, so they say the same.
 */
import { toHourMinute } from '../../../common/dates.ts';
import { operatoreLabel } from '../../../common/people.ts';
import { minibusName } from '../../../common/day-words.ts';
import type { DayActivity, Giornata, Room } from '../../../common/schemas.ts';
import { longItalianDate } from '../../lib/italian-date.ts';

/** After the name of a person absent that day (Presenze). The reason stays off paper: a sheet on the wall is read by all. */
export const ABSENT_MARK = ' (assente)';
export const RUNS_SECTION = 'Uscite';
export const NOTHING_PLANNED = 'Nessuna attività in questa giornata.';

export interface SheetEntry {
  key: string;
  /** "09:00–10:30". */
  time: string;
  title: string;
  /** The run's minibus; none for an activity. */
  detail?: string;
  /** Utenti of an activity; passengers of a run, in boarding order. */
  people: string[];
  operatori: string[];
}

export interface SheetSection {
  key: string;
  label: string;
  kind: 'room' | 'runs';
  entries: SheetEntry[];
}

const marked = (name: string, person: { Assente?: true }) => (person.Assente ? `${name}${ABSENT_MARK}` : name);
const utenteName = (p: { Nome: string; Cognome: string; Assente?: true }) => marked(`${p.Nome} ${p.Cognome}`, p);
const operatoreName = (t: { username: string; Assente?: true }) => marked(operatoreLabel(t), t);
const span = (start: string, end: string) => `${toHourMinute(start)}–${toHourMinute(end)}`;
const byTime = (a: SheetEntry, b: SheetEntry) => a.time.localeCompare(b.time) || a.title.localeCompare(b.title, 'it');

function activityEntry(a: DayActivity): SheetEntry {
  return {
    key: `a${a.ID}`,
    time: span(a.OraInizio, a.OraFine),
    title: a.NomeAttivita,
    people: a.Pazienti.map(utenteName),
    operatori: a.Terapisti.map(operatoreName),
  };
}

/** The rooms in the centre's order, each with its activities; rooms without any that day are left out. */
export function buildDaySheet(giornata: Giornata, rooms: Room[]): SheetSection[] {
  const ordinary = giornata.attivita.filter((a) => a.RifTrasporto === -1);
  const known = new Set(rooms.map((r) => r.ID));
  // A room the list does not hold (added since, or not loaded) keeps its activities under its number, as on screen.
  const unknown = [...new Set(ordinary.map((a) => a.RifStanza).filter((id) => !known.has(id)))].sort((a, b) => a - b);
  const columns = [...rooms.map((r) => ({ id: r.ID, label: r.Nome })), ...unknown.map((id) => ({ id, label: `Stanza ${id}` }))];
  const sections: SheetSection[] = columns
    .map((room) => ({
      key: `room-${room.id}`,
      label: room.label,
      kind: 'room' as const,
      entries: ordinary
        .filter((a) => a.RifStanza === room.id)
        .map(activityEntry)
        .sort(byTime),
    }))
    .filter((section) => section.entries.length > 0);

  const runIds = new Set(giornata.uscite.map((r) => r.ID));
  const runs: SheetEntry[] = giornata.uscite.map((run) => ({
    key: `r${run.ID}`,
    time: span(run.Ora, run.OraArrivo),
    title: run.Tratta,
    detail: minibusName(run),
    people: run.Pazienti.map(utenteName),
    operatori: run.Terapisti.map(operatoreName),
  }));
  // A TRASPORTO activity whose run the day does not hold is still printed, at its own times.
  const orphans = giornata.attivita.filter((a) => a.RifTrasporto !== -1 && !runIds.has(a.RifTrasporto)).map(activityEntry);
  const external = [...runs, ...orphans].sort(byTime);
  if (external.length > 0) sections.push({ key: 'runs', label: RUNS_SECTION, kind: 'runs', entries: external });
  return sections;
}

/** A run's passengers as printed: numbered in boarding order ("1. Anna Neri"). */
export const peopleLines = (section: SheetSection, entry: SheetEntry): string[] =>
  section.kind === 'runs' && entry.detail !== undefined ? entry.people.map((name, i) => `${i + 1}. ${name}`) : entry.people;

export const dayPdfName = (day: string) => `giornata_${day}.pdf`;

/** The sheet's and the PDF's headline: "Giornata di lunedì 9 novembre 2026". */
export const dayTitle = (day: string) => `Giornata di ${longItalianDate(day)}`;
