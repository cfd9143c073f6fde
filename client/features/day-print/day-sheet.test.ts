import { describe, expect, it } from 'vitest';
import type { DayActivity, Giornata, Room } from '../../../common/schemas.ts';
import { buildDaySheet, dayPdfName, peopleLines } from './day-sheet.ts';

const rooms: Room[] = [
  { ID: 1, Nome: 'Palestra', Archiviato: false },
  { ID: 2, Nome: 'Logopedia', Archiviato: false },
  { ID: 3, Nome: 'Musicoterapia', Archiviato: false },
];
const DAY = '2026-11-23';
const activity = (over: Partial<DayActivity>): DayActivity => ({
  ID: 1,
  NomeAttivita: 'Ginnastica dolce',
  RifStanza: 1,
  Data: DAY,
  Giorno: 1,
  OraInizio: '09:00:00',
  OraFine: '10:30:00',
  RifTrasporto: -1,
  Pazienti: [],
  Terapisti: [],
  ...over,
});

const giornata: Giornata = {
  data: DAY,
  attivita: [
    activity({
      ID: 2,
      NomeAttivita: 'Pittura',
      OraInizio: '11:00:00',
      OraFine: '12:00:00',
      Pazienti: [{ ID: 9, RifPaziente: 3, Nome: 'Giorgio', Cognome: 'Verdi' }],
    }),
    activity({
      Pazienti: [
        { ID: 5, RifPaziente: 1, Nome: 'Mario', Cognome: 'Rossi', Assente: true, Motivo: 'malattia' },
        { ID: 6, RifPaziente: 2, Nome: 'Lucia', Cognome: 'Bianchi' },
      ],
      Terapisti: [{ ID: 7, RifTerapista: 1, username: 'paola.neri' }],
    }),
    activity({ ID: 3, NomeAttivita: 'Canto', RifStanza: 8 }),
    activity({ ID: 4, NomeAttivita: 'TRASPORTO', RifStanza: 0, RifTrasporto: 40, OraInizio: '08:00:00', OraFine: '09:00:00' }),
  ],
  uscite: [
    {
      ID: 40,
      Tratta: 'Andata Nord',
      Ora: '08:00:00',
      OraArrivo: '09:00:00',
      RifPulmino: 1,
      Data: DAY,
      Pazienti: [
        { RifPaziente: 4, Nome: 'Anna', Cognome: 'Neri' },
        { RifPaziente: 1, Nome: 'Mario', Cognome: 'Rossi', Assente: true, Motivo: 'malattia' },
      ],
      Terapisti: [{ RifTerapista: 3, username: 'laura.fontana', Assente: true, Motivo: 'ferie' }],
    },
  ],
};

describe('the day on paper', () => {
  it('prints each room with activities in the centre’s order and time order, then the runs; absent people marked, no reason', () => {
    const sheet = buildDaySheet(giornata, rooms);
    expect(sheet.map((s) => s.label)).toEqual(['Palestra', 'Stanza 8', 'Uscite']);
    expect(sheet[0].entries.map((e) => [e.time, e.title, e.people, e.operatori])).toEqual([
      ['09:00–10:30', 'Ginnastica dolce', ['Mario Rossi (assente)', 'Lucia Bianchi'], ['paola.neri']],
      ['11:00–12:00', 'Pittura', ['Giorgio Verdi'], []],
    ]);
    const runs = sheet[2];
    expect(runs.entries).toHaveLength(1);
    expect(runs.entries[0]).toMatchObject({
      time: '08:00–09:00',
      title: 'Andata Nord',
      detail: 'Pulmino bianco',
      operatori: ['laura.fontana (assente)'],
    });
    expect(peopleLines(runs, runs.entries[0])).toEqual(['1. Anna Neri', '2. Mario Rossi (assente)']);
    expect(JSON.stringify(sheet)).not.toContain('malattia');
  });

  it('is empty on a day with nothing planned, and is named by the day', () => {
    expect(buildDaySheet({ data: DAY, attivita: [], uscite: [] }, rooms)).toEqual([]);
    expect(dayPdfName(DAY)).toBe('giornata_2026-11-23.pdf');
  });
});
