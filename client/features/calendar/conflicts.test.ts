import { describe, expect, it } from 'vitest';
import { findConflicts } from '../../../common/conflicts.ts';
import { busyPlaces, conflictsTopic, countConflicts, dayConflicts, personInConflict } from './conflicts.ts';
import type { DayActivity, Giornata } from './types.ts';

const ROOMS: Record<number, string> = { 1: 'Palestra', 2: 'Logopedia' };
const roomLabel = (id: number) => ROOMS[id] ?? `Stanza ${id}`;

const activity = (
  ID: number,
  NomeAttivita: string,
  RifStanza: number,
  OraInizio: string,
  OraFine: string,
  people: Partial<DayActivity> = {},
) =>
  ({
    ID,
    NomeAttivita,
    RifStanza,
    Data: '2026-11-23',
    Giorno: 1,
    OraInizio,
    OraFine,
    RifTrasporto: -1,
    Pazienti: [],
    Terapisti: [],
    ...people,
  }) as DayActivity;

const paola = { RifTerapista: 2, username: 'paola.neri' };
const mario = { RifPaziente: 4, Nome: 'Mario', Cognome: 'Rossi' };

const base: Giornata = {
  data: '2026-11-23',
  attivita: [
    activity(7, 'Ginnastica', 1, '09:00', '10:00', { Terapisti: [{ ID: 70, ...paola }] }),
    activity(8, 'Logopedia individuale', 2, '09:30:00', '10:30:00', {
      Terapisti: [{ ID: 80, ...paola }],
      Pazienti: [{ ID: 81, ...mario }],
    }),
    activity(9, 'TRASPORTO', -1, '08:30', '09:45', { RifTrasporto: 3 }),
    activity(10, 'Coro', 1, '10:00', '11:00'),
  ],
  uscite: [
    { ID: 3, Tratta: 'Andata Nord', Ora: '08:30', OraArrivo: '09:45', RifPulmino: 1, Data: '2026-11-23', Pazienti: [mario], Terapisti: [] },
  ],
};
const day: Giornata = { ...base, conflitti: findConflicts(base, roomLabel) };

describe('the day conflicts as the calendar shows them', () => {
  it('names each person once with every place and time, ordered by start; each card says what it clashes with', () => {
    const { entries, byCard } = dayConflicts(day, roomLabel);
    expect(entries.map((e) => `${e.nome}: ${e.places.map((p) => p.label).join(', ')}`)).toEqual([
      'paola.neri: Palestra 09:00–10:00, Logopedia 09:30–10:30',
      'Mario Rossi: Andata Nord 08:30–09:45, Logopedia 09:30–10:30',
    ]);
    expect(byCard.get('a7')?.map((c) => c.text)).toEqual(['paola.neri anche in Logopedia 09:30–10:30']);
    expect(byCard.get('a8')?.map((c) => c.text)).toEqual([
      'paola.neri anche in Palestra 09:00–10:00',
      'Mario Rossi anche in Andata Nord 08:30–09:45',
    ]);
    expect(byCard.get('r3')?.map((c) => c.text)).toEqual(['Mario Rossi anche in Logopedia 09:30–10:30']);
    // 10:00–11:00 only touches 09:00–10:00: Coro is clean.
    expect(byCard.has('a10')).toBe(false);
  });

  it('names a room by its activities', () => {
    const clash = { ...base, attivita: [...base.attivita, activity(11, 'Yoga', 1, '09:30', '10:15')] };
    const { entries, byCard } = dayConflicts({ ...clash, conflitti: findConflicts(clash, roomLabel) }, roomLabel);
    expect(entries[0]).toMatchObject({ tipo: 'stanza', nome: 'Palestra' });
    expect(entries[0].places.map((p) => p.label)).toEqual(['Ginnastica 09:00–10:00', 'Yoga 09:30–10:15', 'Coro 10:00–11:00']);
    // Each card names only what overlaps it: Ginnastica and Coro only touch.
    expect(byCard.get('a7')?.find((c) => c.tipo === 'stanza')?.text).toBe('Palestra occupata anche da Yoga 09:30–10:15');
    expect(byCard.get('a10')?.map((c) => c.text)).toEqual(['Palestra occupata anche da Yoga 09:30–10:15']);
    expect(byCard.get('a11')?.map((c) => c.text)).toEqual(['Palestra occupata anche da Ginnastica 09:00–10:00, Coro 10:00–11:00']);
  });

  it('says where a person found already is at the activity time, and nothing for a free one', () => {
    const coro = base.attivita[3];
    expect(busyPlaces(day, 'terapista', 2, coro, roomLabel)).toEqual(['Logopedia 09:30–10:30']);
    expect(busyPlaces(day, 'paziente', 4, base.attivita[0], roomLabel)).toEqual(['Andata Nord 08:30–09:45', 'Logopedia 09:30–10:30']);
    expect(busyPlaces(day, 'terapista', 99, coro, roomLabel)).toEqual([]);
    expect([1, 2].map(countConflicts)).toEqual(['1 conflitto', '2 conflitti']);
  });
});

describe('dayConflicts of absent people', () => {
  it('lists an absent therapist with one place, notes her card, and marks her there', () => {
    const day: Giornata = {
      data: '2026-11-23',
      attivita: [activity(7, 'Ginnastica', 1, '09:00', '10:00', { Terapisti: [{ ID: 70, ...paola, Assente: true, Motivo: 'malattia' }] })],
      uscite: [],
    };
    day.conflitti = findConflicts(day, roomLabel);
    const { entries, byCard } = dayConflicts(day, roomLabel);
    expect(entries).toEqual([
      {
        key: 'assente-terapista-2',
        tipo: 'assente',
        ID: 2,
        nome: 'paola.neri',
        persona: 'terapista',
        motivo: 'malattia',
        places: [{ cardKey: 'a7', label: 'Palestra 09:00–10:00', start: '09:00', end: '10:00' }],
      },
    ]);
    expect(byCard.get('a7')).toEqual([{ tipo: 'assente', ID: 2, persona: 'terapista', text: 'paola.neri è assente (malattia)' }]);
    expect(personInConflict(byCard.get('a7'), 'terapista', 2)).toBe(true);
    expect(personInConflict(byCard.get('a7'), 'paziente', 2)).toBe(false);
    expect(conflictsTopic(entries)).toBe('persone assenti ancora in attività o uscite.');
  });
});
