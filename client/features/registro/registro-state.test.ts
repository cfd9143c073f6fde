import { describe, expect, it } from 'vitest';
import { readRegistroState, writeRegistroState } from './registro-state.ts';

const read = (query: string) => readRegistroState(new URLSearchParams(query), '2026-11-23');

describe('readRegistroState', () => {
  it('defaults to Modifiche over the last 30 days, page 1, no filter', () => {
    expect(read('')).toEqual({
      tab: 'modifiche',
      dal: '2026-10-25',
      al: '2026-11-23',
      utente: null,
      azione: null,
      persona: null,
      attivita: null,
      paziente: null,
      pagina: 1,
    });
  });

  it('reads every filter, and ignores what is malformed', () => {
    expect(
      read(
        'scheda=accessi&dal=2026-11-01&al=2026-11-30&utente=2&azione=giornata.svuota&tipo=paziente&persona=4&attivita=58&paziente=4&pagina=3',
      ),
    ).toEqual({
      tab: 'accessi',
      dal: '2026-11-01',
      al: '2026-11-30',
      utente: 2,
      azione: 'giornata.svuota',
      persona: { tipo: 'paziente', id: 4 },
      attivita: 58,
      paziente: 4,
      pagina: 3,
    });
    const bad = read('scheda=x&dal=2026-02-30&utente=-1&azione=rm&tipo=paziente&attivita=1.5&pagina=0');
    expect(bad).toMatchObject({
      tab: 'modifiche',
      dal: '2026-10-25',
      utente: null,
      azione: null,
      persona: null,
      attivita: null,
      pagina: 1,
    });
  });
});

describe('writeRegistroState', () => {
  it('sets and removes filters, and a changed filter goes back to the first page', () => {
    const now = new URLSearchParams('attivita=58&pagina=3');
    expect(writeRegistroState(now, { persona: { tipo: 'terapista', id: 2 } }).toString()).toBe('attivita=58&tipo=terapista&persona=2');
    expect(writeRegistroState(now, { attivita: null }).toString()).toBe('');
    expect(writeRegistroState(now, { pagina: 4 }).toString()).toBe('attivita=58&pagina=4');
    expect(writeRegistroState(now, { tab: 'accessi' }).toString()).toBe('attivita=58&scheda=accessi');
  });
});
