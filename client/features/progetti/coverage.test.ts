import { describe, expect, it } from 'vitest';
import type { Copertura, CoperturaRiga } from '../../../common/progetti.ts';
import { buildCsv } from '../../lib/csv.ts';
import { coverageCsvRows, rigaCounts, rigaState, underLine } from './coverage.ts';
import { verificaNote } from './components/scheda-view.tsx';

const riga = (previste: number, pianificate: number, erogate: number): CoperturaRiga => ({
  tipo: 3,
  nome: 'Logopedia individuale',
  previste,
  pianificate,
  erogate,
  minutiPrevisti: previste * 45,
  minutiPianificati: pianificate * 45,
  minutiErogati: erogate * 45,
});

const week: Copertura = {
  settimana: '2026-11-23',
  pazienti: [
    { paziente: 4, nome: 'Mario Rossi', righe: [riga(2, 1, 1)] },
    { paziente: 5, nome: 'Lucia Bianchi', righe: [riga(1, 1, 0)] },
    { paziente: 6, nome: '=Anna Neri', righe: [riga(1, 2, 2)] },
  ],
};

describe('the coverage of a week', () => {
  it('is short (red) when fewer sessions are planned than required, and not delivered (amber) only once the week is over', () => {
    expect(rigaState(riga(2, 1, 1), false)).toBe('sotto');
    expect(rigaState(riga(1, 1, 0), false)).toBe('ok');
    expect(rigaState(riga(1, 1, 0), true)).toBe('non_erogate');
    expect(rigaState(riga(1, 2, 2), true)).toBe('ok');
  });

  it('says the figures in words, singular and plural', () => {
    expect(rigaCounts(riga(2, 1, 0))).toBe('2 previste, 1 pianificata, 0 erogate');
  });

  it('counts the utenti under their progetto for the calendar line, and says nothing when none is', () => {
    expect(underLine(week)).toBe('1 utente sotto il progetto questa settimana');
    expect(underLine({ ...week, pazienti: [week.pazienti[1]] })).toBe('');
    expect(underLine(undefined)).toBe('');
  });

  it('exports one CSV line per utente and riga, with the Monday as dd/mm/yyyy and names neutralised against formulas', () => {
    const csv = buildCsv(coverageCsvRows(week, true));
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'Settimana dal;Utente;Attività;Previste;Pianificate;Erogate;Minuti previsti;Minuti pianificati;Minuti erogati;Stato',
    );
    expect(lines[1]).toBe('23/11/2026;Mario Rossi;Logopedia individuale;2;1;1;90;45;45;sotto il progetto');
    expect(lines[2]).toBe('23/11/2026;Lucia Bianchi;Logopedia individuale;1;1;0;45;45;0;non tutte erogate');
    expect(lines[3]).toBe("23/11/2026;'=Anna Neri;Logopedia individuale;1;2;2;45;90;90;in linea");
  });
});

describe('the review date of a progetto', () => {
  it('is highlighted within 30 days and when past, in words', () => {
    expect(verificaNote('2026-12-05', '2026-11-25')).toBe('Verifica tra 10 giorni');
    expect(verificaNote('2026-11-26', '2026-11-25')).toBe('Verifica tra 1 giorno');
    expect(verificaNote('2026-11-25', '2026-11-25')).toBe('Verifica oggi');
    expect(verificaNote('2026-11-22', '2026-11-25')).toBe('Verifica scaduta da 3 giorni');
    expect(verificaNote('2027-01-15', '2026-11-25')).toBeNull();
  });
});
