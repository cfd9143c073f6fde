/**
 * The days an agenda shows (docs/product.md, Schermate, Agenda): one day, or the week holding it
 * (Monday to Sunday; Saturday and Sunday only when they hold something).
 */
import { addDays, isWeekend, mondayOf, weekdayAndDate } from '../../../common/dates.ts';
import type { AgendaEntry } from './api/get-agenda.ts';

export type AgendaSpan = 'giorno' | 'settimana';

/** The first and last day asked of the server. */
export function agendaRange(day: string, span: AgendaSpan): { start: string; stop: string } {
  if (span === 'giorno') return { start: day, stop: day };
  const start = mondayOf(day);
  return { start, stop: addDays(start, 6) };
}

/** The day shown after ‹ or ›: one day or one week away. */
export const stepDay = (day: string, span: AgendaSpan, direction: 1 | -1) => addDays(day, direction * (span === 'giorno' ? 1 : 7));

export interface AgendaDay {
  day: string;
  label: string;
  entries: AgendaEntry[];
}

/** The entries (already in order) under their days; a week always shows Monday to Friday, the weekend when it holds something. */
export function groupByDay(entries: AgendaEntry[], day: string, span: AgendaSpan): AgendaDay[] {
  const { start, stop } = agendaRange(day, span);
  const days: AgendaDay[] = [];
  for (let d = start; d <= stop; d = addDays(d, 1)) {
    const own = entries.filter((e) => e.data === d);
    if (span === 'settimana' && isWeekend(d) && own.length === 0) continue;
    days.push({ day: d, label: weekdayAndDate(d), entries: own });
  }
  return days;
}

export const fullName = (p: { nome: string; cognome: string }) => `${p.nome} ${p.cognome}`.trim();

/** Where: the room, or "Uscita <route> · Pulmino blu" (the run's mezzo). */
export const entryPlace = (entry: AgendaEntry) => (entry.tipo === 'attivita' ? entry.stanza : `Uscita ${entry.nome} · ${entry.mezzo}`);

/** What: the activity's name; a run is said by its place line already. */
export const entryTitle = (entry: AgendaEntry) => (entry.tipo === 'attivita' ? entry.nome : 'Uscita con il pulmino');
