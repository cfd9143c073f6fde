/**
 * The weekly print (docs/product.md, Stampa settimanale): one row per room with the therapists
 * working there each day, Monday to Friday, then a row ATTIVITÀ ESTERNE with
 * the staff of that day's transport runs.
 */
import { WEEKDAYS_IT, formatDayMonthYear, weekdayOf } from '../../../common/dates.ts';
import type { Room } from '../../../common/schemas.ts';
import type { WeekActivity, WeekRun } from './api/get-week.ts';
import { operatoreLabel, type NamedOperatore } from '../../../common/people.ts';

export const EXTERNAL_ROW_LABEL = 'ATTIVITÀ ESTERNE';

export interface WeekRow {
  label: string;
  /** One list of operatori's names (operatoreLabel) per day, distinct and sorted; an absent therapist's ends in " (assente)". */
  days: string[][];
}

export interface WeekGrid {
  headers: string[];
  rows: WeekRow[];
}

const sortedDistinct = (names: string[]) => [...new Set(names)].sort((a, b) => a.localeCompare(b, 'it'));

/** Suffix of a therapist absent that day (Presenze): still printed where planned, marked. */
export const ABSENT_SUFFIX = ' (assente)';
const shownName = (t: NamedOperatore & { Assente?: true }) => (t.Assente ? `${operatoreLabel(t)}${ABSENT_SUFFIX}` : operatoreLabel(t));

export const dayHeader = (date: string) => `${WEEKDAYS_IT[weekdayOf(date)]} ${formatDayMonthYear(date)}`;

export function buildWeekGrid(days: string[], rooms: Room[], activities: WeekActivity[], runs: WeekRun[]): WeekGrid {
  const ordinary = activities.filter((a) => a.RifTrasporto === -1 && days.includes(a.Data));
  const used = new Set(ordinary.map((a) => a.RifStanza));
  // An archived room is printed only for a week that still has activities in it.
  const shown = rooms.filter((room) => !room.Archiviato || used.has(room.ID));
  const rows: WeekRow[] = shown.map((room) => ({
    label: room.Nome,
    days: days.map((day) =>
      sortedDistinct(ordinary.filter((a) => a.Data === day && a.RifStanza === room.ID).flatMap((a) => a.Terapisti.map(shownName))),
    ),
  }));
  rows.push({
    label: EXTERNAL_ROW_LABEL,
    days: days.map((day) => sortedDistinct(runs.filter((r) => r.Data === day).flatMap((r) => r.Terapisti.map(shownName)))),
  });
  return { headers: days.map(dayHeader), rows };
}
