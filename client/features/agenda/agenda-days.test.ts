import { describe, expect, it } from 'vitest';
import type { AgendaItem } from '../../../common/agenda.ts';
import { agendaRange, entryPlace, groupByDay, stepDay } from './agenda-days.ts';
import { agendaPdfName } from './agenda-pdf.ts';

const entry = (data: string, inizio: string, extra: Partial<AgendaItem> = {}): AgendaItem =>
  ({
    tipo: 'attivita',
    ID: 1,
    data,
    inizio,
    fine: '10:00',
    nome: 'Coro',
    stanza: 'Palestra',
    operatori: [],
    utenti: [],
    ...extra,
  }) as AgendaItem;

describe('agenda days', () => {
  it('asks one day, or Monday to Sunday of the week holding it', () => {
    expect(agendaRange('2026-11-25', 'giorno')).toEqual({ start: '2026-11-25', stop: '2026-11-25' });
    expect(agendaRange('2026-11-25', 'settimana')).toEqual({ start: '2026-11-23', stop: '2026-11-29' });
    expect(agendaRange('2026-11-29', 'settimana')).toEqual({ start: '2026-11-23', stop: '2026-11-29' });
  });

  it('moves by a day or by a week', () => {
    expect(stepDay('2026-11-30', 'giorno', -1)).toBe('2026-11-29');
    expect(stepDay('2026-11-25', 'settimana', 1)).toBe('2026-12-02');
  });

  it('shows Monday to Friday always and the weekend only when it holds something', () => {
    const days = groupByDay([entry('2026-11-24', '09:00'), entry('2026-11-28', '10:00')], '2026-11-25', 'settimana');
    expect(days.map((d) => [d.label, d.entries.length])).toEqual([
      ['Lunedì 23-11-2026', 0],
      ['Martedì 24-11-2026', 1],
      ['Mercoledì 25-11-2026', 0],
      ['Giovedì 26-11-2026', 0],
      ['Venerdì 27-11-2026', 0],
      ['Sabato 28-11-2026', 1],
    ]);
    expect(groupByDay([], '2026-11-29', 'giorno').map((d) => d.label)).toEqual(['Domenica 29-11-2026']);
  });

  it('says where: the room, or the run with its minibus', () => {
    expect(entryPlace(entry('2026-11-24', '09:00'))).toBe('Palestra');
    expect(
      entryPlace({
        ...entry('2026-11-24', '08:00'),
        tipo: 'uscita',
        nome: 'Andata Nord',
        mezzo: 'Pulmino blu',
        pulmino: 'blu',
      } as AgendaItem),
    ).toBe('Uscita Andata Nord · Pulmino blu');
  });

  it('names the PDF by utente or operatore, id and Monday', () => {
    expect(agendaPdfName('paziente', 4, '2026-11-23')).toBe('agenda_utente_4_2026-11-23.pdf');
    expect(agendaPdfName('terapista', 2, '2026-11-23')).toBe('agenda_operatore_2_2026-11-23.pdf');
  });
});
