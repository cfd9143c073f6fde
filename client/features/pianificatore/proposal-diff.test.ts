import { describe, expect, it } from 'vitest';
import type { DayActivity, Room } from '../../../common/schemas.ts';
import { buildProposalDiff, changesSummary, coverageSentence, percent, withArticle } from './proposal-diff.ts';

const MONDAY = '2026-11-30';
const ROOMS: Room[] = [
  { ID: 1, Nome: 'Palestra', Archiviato: false },
  { ID: 2, Nome: 'Logopedia', Archiviato: false },
];

const activity = (ID: number, Data: string, RifStanza: number, OraInizio: string, OraFine: string, NomeAttivita: string): DayActivity => ({
  ID,
  NomeAttivita,
  RifStanza,
  Data,
  Giorno: 2,
  OraInizio,
  OraFine,
  RifTrasporto: -1,
  RifTipo: 3,
  Pazienti: [],
  Terapisti: [{ ID: 90 + ID, RifTerapista: 7, username: 'paola.neri', Nome: 'Paola', Cognome: 'Neri' }],
});

describe('buildProposalDiff', () => {
  const days = buildProposalDiff({
    settimana: MONDAY,
    aggiunte: [
      {
        data: '2026-12-01',
        stanza: 2,
        inizio: '10:00',
        fine: '10:45',
        tipo: 3,
        nome: 'Logopedia individuale',
        pazienti: [4],
        terapisti: [7],
      },
      {
        data: '2026-12-01',
        stanza: 1,
        inizio: '09:00',
        fine: '10:30',
        tipo: 5,
        nome: 'Motoria di gruppo',
        pazienti: [5, 4],
        terapisti: [8],
      },
      {
        data: '2026-12-01',
        stanza: 2,
        inizio: '09:00',
        fine: '09:45',
        tipo: 3,
        nome: 'Logopedia individuale',
        pazienti: [5],
        terapisti: [7],
      },
    ],
    rimosse: [58, 99],
    attivita: [
      activity(58, '2026-12-01', 2, '10:00:00', '10:45:00', 'Musicoterapia'),
      activity(60, '2026-12-02', 1, '09:00', '10:00', 'Pranzo'),
    ],
    rooms: ROOMS,
    patients: [
      { ID: 4, Nome: 'Mario', Cognome: 'Rossi', Cellulare: '' },
      { ID: 5, Nome: 'Anna', Cognome: 'Bianchi', Cellulare: '' },
    ],
    therapists: [
      { ID: 7, username: 'paola.neri', Nome: 'Paola', Cognome: 'Neri' },
      { ID: 8, username: 'stefano.villa' },
    ],
  });

  it('lists Monday to Friday, each day with its changes counted, and the removed activities the week did not hold last', () => {
    expect(days.map((d) => [d.titolo, d.nuove, d.rimosse])).toEqual([
      ['Lunedì 30-11-2026', 0, 0],
      ['Martedì 01-12-2026', 3, 1],
      ['Mercoledì 02-12-2026', 0, 0],
      ['Giovedì 03-12-2026', 0, 0],
      ['Venerdì 04-12-2026', 0, 0],
      ['Altre attività rimosse', 0, 1],
    ]);
    expect(days[5].rooms[0].entries[0].nome).toBe('Attività n. 99');
  });

  it('puts the rooms in the calendar’s order and each room’s changes by time, a removed one before a new one at the same time', () => {
    const tuesday = days[1];
    expect(tuesday.rooms.map((r) => r.nome)).toEqual(['Palestra', 'Logopedia']);
    expect(tuesday.rooms[1].entries.map((e) => [e.kind, e.inizio, e.fine, e.nome])).toEqual([
      ['nuova', '09:00', '09:45', 'Logopedia individuale'],
      ['rimossa', '10:00', '10:45', 'Musicoterapia'],
      ['nuova', '10:00', '10:45', 'Logopedia individuale'],
    ]);
  });

  it('names the people: operatori by their name or username, utenti by name, each list in alphabetical order', () => {
    const group = days[1].rooms[0].entries[0];
    expect(group.operatori).toEqual(['stefano.villa']);
    expect(group.utenti).toEqual(['Anna Bianchi', 'Mario Rossi']);
    expect(days[1].rooms[1].entries[1].operatori).toEqual(['Paola Neri']);
  });

  it('says Saturday only when the proposal changes it', () => {
    const withSaturday = buildProposalDiff({
      settimana: MONDAY,
      aggiunte: [{ data: '2026-12-05', stanza: 1, inizio: '09:00', fine: '10:00', tipo: 5, nome: 'Motoria', pazienti: [], terapisti: [] }],
      rimosse: [],
      attivita: [],
      rooms: ROOMS,
    });
    expect(withSaturday.map((d) => d.data).at(-1)).toBe('2026-12-05');
    expect(withSaturday[5].rooms[0].entries[0].utenti).toEqual([]);
  });
});

describe('the figures in words', () => {
  it('counts the changes', () => {
    expect(changesSummary(0, 0)).toBe('Nessuna modifica');
    expect(changesSummary(1, 0)).toBe('1 nuova');
    expect(changesSummary(3, 1)).toBe('3 nuove, 1 rimossa');
    expect(changesSummary(0, 2)).toBe('2 rimosse');
  });

  it('rounds a share to a whole percentage without claiming all or nothing', () => {
    expect(percent(0.974)).toBe('97 %');
    expect(percent(0.998)).toBe('99 %');
    expect(percent(1)).toBe('100 %');
    expect(percent(0.001)).toBe('1 %');
    expect(percent(0)).toBe('0 %');
  });

  it('puts the article as the number is read', () => {
    expect(withArticle(0.97)).toBe('il 97 %');
    expect(withArticle(0.8)).toBe('l’80 %');
    expect(withArticle(0.08)).toBe('l’8 %');
    expect(withArticle(0.11)).toBe('l’11 %');
    expect(withArticle(0.18)).toBe('il 18 %');
  });

  it('says the coverage before, after and the most possible', () => {
    expect(coverageSentence({ prima: 0.62, dopo: 0.97, limite: 0.98 })).toBe(
      'Con la proposta la settimana copre il 97 % dei minuti chiesti dai progetti (ora il 62 %). Nessuna proposta può superare il 98 %.',
    );
    expect(coverageSentence({ prima: 0.5, dopo: 0.9, limite: 0.9 })).toBe(
      'Con la proposta la settimana copre il 90 % dei minuti chiesti dai progetti (ora il 50 %). Nessuna proposta può fare di più.',
    );
  });
});
