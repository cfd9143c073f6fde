import { describe, expect, it } from 'vitest';
import { describeValue, detailRows, formatAccessWhen, formatPeriod, formatWhen } from './format.ts';

describe('formatWhen', () => {
  it('reads an ISO time as dd/mm/yyyy HH:mm in the browser’s zone', () => {
    const at = new Date(2026, 10, 23, 9, 5).toISOString();
    expect(formatWhen(at)).toBe('23/11/2026 09:05');
  });
});

describe('formatAccessWhen', () => {
  it('says one read as its time, and coalesced reads as their count and first–last time', () => {
    const at = (h: number, m: number, d = 23) => new Date(2026, 10, d, h, m).toISOString();
    expect(formatAccessWhen({ quando: at(9, 2), conteggio: 1, ultima: null })).toBe('23/11/2026 09:02');
    expect(formatAccessWhen({ quando: at(9, 2), conteggio: 12, ultima: at(9, 10) })).toBe('12 letture, 23/11/2026 09:02–09:10');
    expect(formatAccessWhen({ quando: at(23, 58), conteggio: 2, ultima: at(0, 3, 24) })).toBe(
      '2 letture, 23/11/2026 23:58–24/11/2026 00:03',
    );
  });
});

describe('formatPeriod', () => {
  it('says one day or a period', () => {
    expect(formatPeriod('2026-11-23', null)).toBe('23/11/2026');
    expect(formatPeriod('2026-11-23', '2026-11-27')).toBe('dal 23/11/2026 al 27/11/2026');
    expect(formatPeriod(null, null)).toBe('');
  });
});

describe('detailRows', () => {
  it('shows a utente added to an activity as names and a day, not as JSON or ids', () => {
    const dopo = {
      ID: 140,
      paziente: { ID: 4, nome: 'Mario Rossi', cellulare: '+393331112222', archiviato: false },
      attivita: { ID: 58, nome: 'Musicoterapia', data: '2026-11-23', inizio: '09:00', fine: '10:00', stanza: 'Sala 1', versione: 3 },
    };
    expect(detailRows(null, dopo)).toEqual([
      { label: 'Utente', prima: '—', dopo: 'Mario Rossi', changed: false },
      { label: 'Attività', prima: '—', dopo: 'Musicoterapia, lun 23-11-2026 09:00–10:00, Sala 1', changed: false },
    ]);
  });

  it('shows an edited activity field by field, marking what changed', () => {
    const before = {
      attivita: { ID: 58, nome: 'Coro', data: '2026-11-23', inizio: '14:00', fine: '15:30', stanza: 'Sala 1', versione: 1 },
    };
    const after = { attivita: { ...before.attivita, nome: 'Coro creativo', inizio: '14:30', versione: 2 } };
    const rows = detailRows(before, after);
    expect(rows.map((r) => r.label)).toEqual([
      'Attività · nome',
      'Attività · giorno',
      'Attività · inizio',
      'Attività · fine',
      'Attività · stanza',
    ]);
    expect(rows[0]).toEqual({ label: 'Attività · nome', prima: 'Coro', dopo: 'Coro creativo', changed: true });
    expect(rows[1]).toEqual({ label: 'Attività · giorno', prima: 'lun 23-11-2026', dopo: 'lun 23-11-2026', changed: false });
    expect(rows[2].changed).toBe(true);
  });

  it('shows a bulk row’s day as its counts, and leaves the fingerprint out', () => {
    const rows = detailRows(
      { righe: { attivita: 12, uscite: 3, utenti: 34, operatori: 9 } },
      { attivita: 12, esclusi: [{ nome: 'Lucia Bianchi', motivo: 'malattia' }], da: '2026-11-20' },
    );
    expect(rows).toEqual([
      { label: 'Contenuto della giornata', prima: '12 attività, 3 uscite, 34 utenti, 9 operatori', dopo: '—', changed: false },
      { label: 'Numero di attività', prima: '—', dopo: '12', changed: false },
      { label: 'Lasciati fuori perché assenti', prima: '—', dopo: 'Lucia Bianchi (malattia)', changed: false },
      { label: 'Copiata da', prima: '—', dopo: 'ven 20-11-2026', changed: false },
    ]);
    expect(JSON.stringify(detailRows({ impronta: 'abc' }, { impronta: 'def' }))).toBe('[]');
  });

  it('says yes and no, and names an undone operation by its number and kind', () => {
    expect(describeValue(true)).toBe('sì');
    expect(describeValue(1, 'admin')).toBe('sì');
    expect(describeValue(813, 'operazione')).toBe('n. 813');
    expect(describeValue('giornata.svuota', 'azione')).toBe('Giornata svuotata');
    expect(describeValue(null)).toBe('—');
  });
});
