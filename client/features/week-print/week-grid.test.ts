import { describe, expect, it } from 'vitest';
import { workWeek } from '../../../common/dates.ts';
import type { WeekActivity, WeekRun } from './api/get-week.ts';
import { buildWeekGrid, EXTERNAL_ROW_LABEL } from './week-grid.ts';

const days = workWeek('2026-11-25');
const rooms = [
  { ID: 1, Nome: 'Palestra', Archiviato: false },
  { ID: 2, Nome: 'Logopedia', Archiviato: false },
];
const therapist = (username: string) => ({ ID: 0, RifTerapista: 0, username });
const act = (Data: string, RifStanza: number, names: string[], RifTrasporto = -1): WeekActivity => ({
  ID: 0,
  NomeAttivita: 'x',
  RifStanza,
  Pazienti: [],
  Data,
  Giorno: 0,
  OraInizio: '09:00',
  OraFine: '10:00',
  RifTrasporto,
  Terapisti: names.map(therapist),
});

describe('buildWeekGrid', () => {
  it('heads Monday to Friday of the week with the Italian weekday and dd-mm-yyyy', () => {
    const grid = buildWeekGrid(days, rooms, [], []);
    expect(grid.headers).toEqual([
      'Lunedì 23-11-2026',
      'Martedì 24-11-2026',
      'Mercoledì 25-11-2026',
      'Giovedì 26-11-2026',
      'Venerdì 27-11-2026',
    ]);
  });

  it('lists per room and day the distinct therapists, sorted', () => {
    const grid = buildWeekGrid(
      days,
      rooms,
      [
        act('2026-11-23', 1, ['marta', 'anna']),
        act('2026-11-23', 1, ['anna']),
        act('2026-11-24', 2, ['luca']),
        act('2026-11-23', -1, ['gino'], 5),
      ],
      [],
    );
    expect(grid.rows[0]).toEqual({ label: 'Palestra', days: [['anna', 'marta'], [], [], [], []] });
    expect(grid.rows[1]).toEqual({ label: 'Logopedia', days: [[], ['luca'], [], [], []] });
  });

  it("ends with ATTIVITÀ ESTERNE holding the staff of each day's transport runs", () => {
    const run = (Data: string, names: string[]): WeekRun => ({
      ID: 1,
      Tratta: 'Giro',
      Pazienti: [],
      Ora: '08:00',
      OraArrivo: '09:00',
      RifPulmino: 1,
      Data,
      Terapisti: names.map((username) => ({ RifTerapista: 0, username })),
    });
    const grid = buildWeekGrid(days, rooms, [], [run('2026-11-27', ['zeno', 'bea']), run('2026-11-27', ['bea'])]);
    expect(grid.rows.at(-1)).toEqual({ label: EXTERNAL_ROW_LABEL, days: [[], [], [], [], ['bea', 'zeno']] });
  });

  it('prints an archived room only in a week with activities in it', () => {
    const withArchived = [...rooms, { ID: 9, Nome: 'Vecchia sala', Archiviato: true }];
    expect(buildWeekGrid(days, withArchived, [act('2026-11-23', 1, ['anna'])], []).rows.map((r) => r.label)).toEqual([
      'Palestra',
      'Logopedia',
      EXTERNAL_ROW_LABEL,
    ]);
    const grid = buildWeekGrid(days, withArchived, [act('2026-11-25', 9, ['marta'])], []);
    expect(grid.rows.map((r) => r.label)).toEqual(['Palestra', 'Logopedia', 'Vecchia sala', EXTERNAL_ROW_LABEL]);
    expect(grid.rows[2].days).toEqual([[], [], ['marta'], [], []]);
  });

  it('marks a therapist absent that day, in rooms and on runs, without moving her', () => {
    const absent = { ...therapist('paola.neri'), Assente: true as const, Motivo: 'malattia' as const };
    const monday = { ...act(days[0], 1, ['ugo.verdi']), Terapisti: [absent, therapist('ugo.verdi')] };
    const tuesday = act(days[1], 1, ['paola.neri']);
    const run: WeekRun = {
      ID: 9,
      Tratta: 'Andata',
      Ora: '08:00',
      OraArrivo: '08:30',
      RifPulmino: 1,
      Data: days[0],
      Pazienti: [],
      Terapisti: [absent],
    };
    const grid = buildWeekGrid(days, rooms, [monday, tuesday], [run]);
    expect(grid.rows[0].days[0]).toEqual(['paola.neri (assente)', 'ugo.verdi']);
    expect(grid.rows[0].days[1]).toEqual(['paola.neri']);
    expect(grid.rows.at(-1)!.days[0]).toEqual(['paola.neri (assente)']);
  });
});
