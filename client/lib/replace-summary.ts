/**
 * What a replacing write (Incolla giornata, Incolla settimana, Applica modello with "sostituisci")
 * takes away, in the words of the question asked before it: "Il 12/11 ha 3 uscite con 14
 * passeggeri e 9 attività: verranno sostituite". Pure: the callers count from what they read.
 */
import { WEEKDAYS_IT, weekdayOf } from '../../common/dates.ts';
import type { Giornata } from '../../common/schemas.ts';

export interface DayContent {
  data: string;
  /** Ordinary activities (a run's TRASPORTO placement is the run's). */
  attivita: number;
  uscite: number;
  /** The runs' passengers, each run's counted. */
  passeggeri: number;
}

/** Past this many days with something on them the question gives the total instead of a line per day. */
export const MAX_DAYS_LISTED = 7;

/** "12/11". */
export const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
/** "lun 12/11". */
const weekdayDayMonth = (day: string) => `${WEEKDAYS_IT[weekdayOf(day)].slice(0, 3).toLowerCase()} ${dayMonth(day)}`;

export const hasContent = (c: DayContent) => c.attivita > 0 || c.uscite > 0;

/** "3 uscite con 14 passeggeri e 9 attività", "1 uscita con 1 passeggero", "2 attività". */
export function contentPhrase(c: Pick<DayContent, 'attivita' | 'uscite' | 'passeggeri'>): string {
  const parts: string[] = [];
  if (c.uscite > 0) {
    const runs = c.uscite === 1 ? '1 uscita' : `${c.uscite} uscite`;
    const riders = c.passeggeri === 0 ? '' : c.passeggeri === 1 ? ' con 1 passeggero' : ` con ${c.passeggeri} passeggeri`;
    parts.push(runs + riders);
  }
  if (c.attivita > 0) parts.push(`${c.attivita} attività`);
  return parts.join(' e ');
}

/** What one day holds, from the day's answer. */
export const dayContent = (giornata: Giornata): DayContent => ({
  data: giornata.data,
  attivita: giornata.attivita.filter((a) => a.RifTrasporto === -1).length,
  uscite: giornata.uscite.length,
  passeggeri: giornata.uscite.reduce((n, r) => n + r.Pazienti.length, 0),
});

/**
 * The question's lines, none when nothing would be replaced: one day as "Il 12/11 ha …: verranno
 * sostituite"; up to MAX_DAYS_LISTED days a line each; more, the total.
 */
export function replaceLines(days: readonly DayContent[]): string[] {
  const full = days.filter(hasContent).sort((a, b) => a.data.localeCompare(b.data));
  if (full.length === 0) return [];
  if (full.length === 1) return [`Il ${dayMonth(full[0].data)} ha ${contentPhrase(full[0])}: verranno sostituite.`];
  if (full.length <= MAX_DAYS_LISTED)
    return [
      `${full.length} giornate hanno già un programma, che verrà sostituito:`,
      ...full.map((c) => `${weekdayDayMonth(c.data)}: ${contentPhrase(c)}`),
    ];
  const total = full.reduce(
    (sum, c) => ({ attivita: sum.attivita + c.attivita, uscite: sum.uscite + c.uscite, passeggeri: sum.passeggeri + c.passeggeri }),
    { attivita: 0, uscite: 0, passeggeri: 0 },
  );
  return [
    `${full.length} giornate, dal ${dayMonth(full[0].data)} al ${dayMonth(full[full.length - 1].data)}, hanno in tutto ${contentPhrase(total)}: verranno sostituite.`,
  ];
}
