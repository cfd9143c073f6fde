/**
 * What the target days of Incolla settimana or Applica modello hold, for the question asked before a
 * "sostituisci" (client/lib/replace-summary.ts): the range's activities and runs, read in pieces of
 * at most 31 days (the calls' bound), both pieces' calls at once.
 */
import { addDays, weekdayOf } from '../../../../common/dates.ts';
import { holidayName } from '../../../../common/holidays.ts';
import type { CentreSettingsWire } from '../../../../common/impostazioni.ts';
import type { Activity, DayTransportRun } from '../../../../common/schemas.ts';
import { api } from '../../../lib/api-client.ts';
import type { DayContent } from '../../../lib/replace-summary.ts';

const PIECE_DAYS = 31;

/**
 * The days a week write replaces: Monday to Friday, Saturday with the centre's setting, never a public holiday, the
 * patron saint's day or one of the centre's closing days (the server skips them as `festivo` and `chiuso`).
 */
const isWrittenDay = (day: string, saturday: boolean, patron: string | null, closed: Set<string>) => {
  const weekday = weekdayOf(day);
  return weekday !== 0 && (weekday !== 6 || saturday) && holidayName(day, patron) === null && !closed.has(day);
};

/** The centre's patron saint's day and its closing days over the years of the range: what the server skips too. */
async function skippedDays(dal: string, al: string): Promise<{ patron: string | null; closed: Set<string> }> {
  const years: number[] = [];
  for (let year = Number(dal.slice(0, 4)); year <= Number(al.slice(0, 4)); year++) years.push(year);
  const [settings, ...closings] = await Promise.all([
    api.get<CentreSettingsWire>('/impostazioni'),
    ...years.map((anno) => api.get<{ data: string }[]>(`/presenze/chiusure?anno=${anno}`)),
  ]);
  return { patron: settings.patrono, closed: new Set(closings.flat().map((c) => c.data)) };
}

export async function readRangeContent(dal: string, al: string, saturday: boolean): Promise<DayContent[]> {
  const pieces: { datastart: string; datastop: string }[] = [];
  for (let start = dal; start <= al; start = addDays(start, PIECE_DAYS)) {
    const stop = addDays(start, PIECE_DAYS - 1);
    pieces.push({ datastart: start, datastop: stop < al ? stop : al });
  }
  const [skipped, read] = await Promise.all([
    skippedDays(dal, al),
    Promise.all(
      pieces.map((range) =>
        Promise.all([
          api.post<Activity[]>('/calendario/getattivitaweek', range),
          api.post<DayTransportRun[]>('/calendario/getweektrasporto', range),
        ]),
      ),
    ),
  ]);
  const days = new Map<string, DayContent>();
  const of = (data: string) => {
    const day = days.get(data) ?? { data, attivita: 0, uscite: 0, passeggeri: 0 };
    days.set(data, day);
    return day;
  };
  for (const [activities, runs] of read) {
    for (const a of activities) if (a.RifTrasporto === -1) of(a.Data.slice(0, 10)).attivita += 1;
    for (const r of runs) {
      const day = of(r.Data.slice(0, 10));
      day.uscite += 1;
      day.passeggeri += r.Pazienti.length;
    }
  }
  return [...days.values()].filter((d) => isWrittenDay(d.data, saturday, skipped.patron, skipped.closed));
}
