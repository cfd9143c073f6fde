import { describe, expect, it } from 'vitest';
import type { Copertura, CoperturaRiga } from '../../../common/progetti.ts';
import { buildCsv } from '../../lib/csv.ts';
import { coverageCsvRows, rigaCounts, rigaState, underLine } from './coverage.ts';
import { verificaNote } from './components/scheda-view.tsx';

/** A riga; the days already gone planned `passate.pianificate` of the sessions and gave `passate.erogate` (the whole week by default). */
const riga = (
  previste: number,
  pianificate: number,
  erogate: number,
  passate: { pianificate: number; erogate: number } = { pianificate, erogate },
): CoperturaRiga => ({
  tipo: 3,
  nome: 'Logopedia individuale',
  previste,
  pianificate,
  erogate,
  minutiPrevisti: previste * 45,
  minutiPianificati: pianificate * 45,
  minutiErogati: erogate * 45,
  pianificatePassate: passate.pianificate,
  erogatePassate: passate.erogate,
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
  it('is short (red) when fewer sessions are planned than required, and not delivered (amber) when the days already gone miss some', () => {
    expect(rigaState(riga(2, 1, 1))).toBe('sotto');
    // Mid-week: one session planned on Monday (given), one on Thursday still to come: nothing to say yet.
    expect(rigaState(riga(2, 2, 1, { pianificate: 1, erogate: 1 }))).toBe('ok');
    // Mid-week: Monday's session given, Tuesday's not marked present: amber before the week ends.
    expect(rigaState(riga(3, 3, 1, { pianificate: 2, erogate: 1 }))).toBe('non_erogate');
    // Today's present mark does not hide a session of a day already gone that was not given.
    expect(rigaState(riga(2, 2, 1, { pianificate: 1, erogate: 0 }))).toBe('non_erogate');
    expect(rigaState(riga(1, 1, 0, { pianificate: 0, erogate: 0 }))).toBe('ok');
    expect(rigaState(riga(1, 1, 0))).toBe('non_erogate');
    expect(rigaState(riga(1, 2, 2))).toBe('ok');
  });

  it('says the figures in words, singular and plural', () => {
    expect(rigaCounts(riga(2, 1, 0, { pianificate: 0, erogate: 0 }))).toBe('2 previste, 1 pianificata, 0 erogate');
    expect(rigaCounts(riga(3, 3, 1, { pianificate: 2, erogate: 1 }))).toBe(
      '3 previste, 3 pianificate, 1 erogata, 1 non erogata nei giorni passati',
    );
    expect(rigaCounts(riga(2, 2, 0))).toBe('2 previste, 2 pianificate, 0 erogate, 2 non erogate nei giorni passati');
  });

  it('counts the utenti under their progetto for the calendar line, and says nothing when none is', () => {
    expect(underLine(week)).toBe('1 utente sotto il progetto questa settimana');
    expect(underLine({ ...week, pazienti: [week.pazienti[1]] })).toBe('');
    expect(underLine(undefined)).toBe('');
  });

  it('exports one CSV line per utente and riga, with the Monday as dd/mm/yyyy and names neutralised against formulas', () => {
    const csv = buildCsv(coverageCsvRows(week));
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
