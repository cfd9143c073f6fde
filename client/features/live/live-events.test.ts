import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { affects, anyAffects, type LiveEvent } from './live-events.ts';
import { parseLiveEvent } from './live-parse.ts';

/** The keys the app caches, as its features spell them (a Monday-to-Sunday week holding 2026-11-23). */
const KEYS: Record<string, QueryKey> = {
  day: ['giornata', '2026-11-23'],
  otherDay: ['giornata', '2026-11-24'],
  week: ['settimana', '2026-11-23', '2026-11-29'],
  weekConflicts: ['settimana', 'conflitti', '2026-11-23', '2026-11-29'],
  previousWeek: ['settimana', '2026-11-16', '2026-11-22'],
  previousWeekConflicts: ['settimana', 'conflitti', '2026-11-16', '2026-11-22'],
  rooms: ['stanze'],
  runsOfDay: ['anagrafiche', 'uscite', '2026-11-23'],
  runsOfOtherDay: ['anagrafiche', 'uscite', '2026-11-24'],
  patients: ['anagrafiche', 'pazienti', { q: '', pagina: 1, archived: false }],
  therapists: ['anagrafiche', 'terapisti', { archived: false }],
  anagraficheRooms: ['anagrafiche', 'stanze', { archived: true }],
  accounts: ['anagrafiche', 'utenti'],
  search: ['cerca', 'paziente', 'ros'],
  auth: ['auth'],
  rollCall: ['presenze', 'appello', '2026-11-23'],
  register: ['presenze', 'mese', '2026-11'],
  dayAbsences: ['presenze', 'assenze', '2026-11-23', '2026-11-23'],
  closingDays: ['presenze', 'chiusure', 2026],
  templates: ['modelli'],
};

const affected = (event: LiveEvent) =>
  Object.entries(KEYS)
    .filter(([, key]) => affects(event, key))
    .map(([name]) => name);

describe('affects', () => {
  it('a changed day: that day, the week holding it and its conflicts, its runs in Anagrafiche', () => {
    expect(affected({ tipo: 'giornata', data: '2026-11-23' })).toEqual(['day', 'week', 'weekConflicts', 'runsOfDay']);
  });

  it('a changed template day: that day and the Modelli list, which counts its activities', () => {
    expect(affected({ tipo: 'giornata', data: '3000-01-06' })).toEqual(['templates']);
  });

  it('a week is affected by its first and last day, not by the day after', () => {
    expect(affected({ tipo: 'giornata', data: '2026-11-29' })).toEqual(['week', 'weekConflicts']);
    expect(affected({ tipo: 'giornata', data: '2026-11-22' })).toEqual(['previousWeek', 'previousWeekConflicts']);
    expect(affected({ tipo: 'giornata', data: '2026-11-30' })).toEqual([]);
  });

  it('master data: rooms, every Anagrafiche list, the searches, the days and weeks that show names, the own role', () => {
    expect(affected({ tipo: 'anagrafiche' })).toEqual([
      'day',
      'otherDay',
      'week',
      'weekConflicts',
      'previousWeek',
      'previousWeekConflicts',
      'rooms',
      'runsOfDay',
      'runsOfOtherDay',
      'patients',
      'therapists',
      'anagraficheRooms',
      'accounts',
      'search',
      'auth',
    ]);
  });

  it('Presenze: its own lists and the searches that mark absent people, not the calendar', () => {
    expect(affected({ tipo: 'presenze' })).toEqual(['search', 'rollCall', 'register', 'dayAbsences', 'closingDays']);
  });

  it('ricarica: everything', () => {
    expect(affected({ tipo: 'ricarica' })).toEqual(Object.keys(KEYS));
  });

  it('several events: the union of what each affects', () => {
    const events: LiveEvent[] = [{ tipo: 'giornata', data: '2026-11-24' }, { tipo: 'presenze' }];
    expect(anyAffects(events, KEYS.otherDay)).toBe(true);
    expect(anyAffects(events, KEYS.rollCall)).toBe(true);
    expect(anyAffects(events, KEYS.day)).toBe(false);
    expect(anyAffects([], KEYS.day)).toBe(false);
  });
});

describe('parseLiveEvent', () => {
  it('reads the wire kinds', () => {
    expect(parseLiveEvent('{"tipo":"giornata","data":"2026-11-23"}')).toEqual({ tipo: 'giornata', data: '2026-11-23' });
    expect(parseLiveEvent('{"tipo":"anagrafiche"}')).toEqual({ tipo: 'anagrafiche' });
    expect(parseLiveEvent('{"tipo":"presenze"}')).toEqual({ tipo: 'presenze' });
    expect(parseLiveEvent('{"tipo":"ricarica"}')).toEqual({ tipo: 'ricarica' });
  });

  it("reads a Pianificatore's progress and its end", () => {
    expect(parseLiveEvent('{"tipo":"pianificatore","ID":7,"avanzamento":0.4}')).toEqual({ tipo: 'pianificatore', ID: 7, avanzamento: 0.4 });
    expect(parseLiveEvent('{"tipo":"pianificatore","ID":7,"stato":"pronta"}')).toEqual({ tipo: 'pianificatore', ID: 7, stato: 'pronta' });
    expect(parseLiveEvent('{"tipo":"pianificatore","ID":7,"avanzamento":4}')).toBeNull();
  });

  it('ignores what it does not know rather than failing', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('null')).toBeNull();
    expect(parseLiveEvent('{"tipo":"giornata"}')).toBeNull();
    expect(parseLiveEvent('{"tipo":"giornata","data":"23/11/2026"}')).toBeNull();
    expect(parseLiveEvent('{"tipo":"giornata","data":"2026-02-30"}')).toBeNull();
    expect(parseLiveEvent('{"tipo":"nuovo"}')).toBeNull();
  });
});
