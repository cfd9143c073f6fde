import { describe, expect, it } from 'vitest';
import { applyRange, mondayLabel, upcomingMondays } from './components/apply-template-modal.tsx';
import { dayOutcome, leftOutLabel, resultTotals } from './components/week-result-modal.tsx';
import { daysInRange, isPlanDate } from '../../../common/dates.ts';
import { isTemplateDay } from '../../../common/modelli.ts';
import { templateOf } from './api/modelli.ts';

describe('template days', () => {
  it('accepts real dates and template days, and nothing impossible', () => {
    expect(isPlanDate('2026-11-23')).toBe(true);
    expect(isPlanDate('3000-01-06') && isTemplateDay('3000-01-06')).toBe(true);
    expect(isTemplateDay('2026-11-23')).toBe(false);
    expect(isPlanDate('3000-02-30')).toBe(false);
    expect(isPlanDate('4000-01-01')).toBe(false);
    expect(isPlanDate('3000-1-6')).toBe(false);
  });

  it('finds the template whose week holds a day, Saturday included', () => {
    const list = [{ ID: 2, nome: 'Estate', settimana: '3000-01-13', attivita: 0, uscite: 0 }];
    expect(templateOf(list, '3000-01-18')?.nome).toBe('Estate');
    expect(templateOf(list, '3000-01-19')).toBeUndefined();
    expect(templateOf(list, '3000-01-12')).toBeUndefined();
  });
});

describe('Applica modello', () => {
  it('offers the Mondays from this week on, written in Italian', () => {
    const mondays = upcomingMondays('2026-11-25', 3);
    expect(mondays).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(mondayLabel('2026-11-30')).toBe('lunedì 30 novembre 2026');
  });

  it('sends Monday of the first week to Saturday of the last, 26 weeks within the server’s 182 days', () => {
    expect(applyRange('2026-11-30', 1)).toEqual({ dal: '2026-11-30', al: '2026-12-05' });
    const { dal, al } = applyRange('2026-11-30', 26);
    expect(daysInRange(dal, al)).toBeLessThanOrEqual(182);
  });
});

describe('the summary', () => {
  it('says per day what was written or why it was skipped, and who was left out', () => {
    expect(dayOutcome({ data: '2026-12-07', scritto: 5, saltato: null, esclusi: [] })).toBe('scritte 5');
    expect(dayOutcome({ data: '2026-12-08', scritto: 0, saltato: 'festivo', esclusi: [] })).toBe(
      'saltato: festivo (Immacolata Concezione)',
    );
    expect(dayOutcome({ data: '2026-12-09', scritto: 0, saltato: 'esistente', esclusi: [] })).toBe('saltato: già pianificato');
    expect(dayOutcome({ data: '2026-12-10', scritto: 0, saltato: 'chiusura', esclusi: [] })).toBe('saltato: chiusura del centro');
    expect(leftOutLabel({ tipo: 'paziente', ID: 4, nome: 'Rossi Mario', motivo: 'assente' })).toBe('Rossi Mario (utente, assente)');
    expect(
      resultTotals([
        { data: '2026-12-07', scritto: 5, saltato: null, esclusi: [] },
        { data: '2026-12-08', scritto: 0, saltato: 'festivo', esclusi: [] },
        { data: '2026-12-09', scritto: 2, saltato: null, esclusi: [] },
      ]),
    ).toBe('Scritte 7 tra attività e uscite; 1 giorno saltato.');
  });
});
