import { describe, expect, it } from 'vitest';
import type { Fogli, TrasportiMese } from '../../../common/trasporti.ts';
import { fogliPdfName, fogliSheets, fogliTitle } from './fogli-sheet.ts';
import { buildTrasportiCsv, trasportiCsvName } from './trasporti-mese.ts';
import { lastDay, shiftMonth } from '../../lib/months.ts';

const mezzo = { ID: 2, Nome: 'Pulmino blu', posti: 8, postiCarrozzina: 1, colore: 'blu' as const, Targa: 'AB123CD' };
const stop = (Ordine: number, Nome: string, extra: Partial<Fogli['uscite'][number]['fermate'][number]> = {}) => ({
  Ordine,
  OraFermata: null,
  RifPaziente: Ordine,
  Nome,
  Cognome: 'Rossi',
  Indirizzo: '',
  Carrozzina: false,
  Cellulare: '',
  NoteTrasporto: '',
  ...extra,
});

describe('fogli di marcia', () => {
  const fogli: Fogli = {
    data: '2026-11-26',
    centro: 'Centro diurno Il Faro',
    uscite: [
      { ID: 2, Tratta: 'Ritorno', Ora: '16:00', OraArrivo: '17:00', Mezzo: mezzo, autista: null, operatori: [], fermate: [] },
      {
        ID: 1,
        Tratta: 'Andata Nord',
        Ora: '08:00',
        OraArrivo: '09:00',
        Mezzo: mezzo,
        autista: { RifTerapista: 4, nome: 'Laura Fontana' },
        operatori: [{ RifTerapista: 5, nome: 'paola.neri' }],
        fermate: [
          stop(1, 'Mario', { OraFermata: '07:40', Carrozzina: true, Indirizzo: 'via Roma 12', Cellulare: '+393331112222' }),
          stop(2, 'Giorgio', { Assente: true, Motivo: 'malattia' }),
          stop(3, 'Lucia', { NoteTrasporto: '=citofono' }),
        ],
      },
    ],
  };

  it('one sheet per run in departure order, the absent under Non salgono oggi, the stops renumbered', () => {
    const [first, second] = fogliSheets(fogli);
    expect(first.title).toBe('Andata Nord, 08:00–09:00');
    expect(first.lines).toEqual([
      'Mezzo: Pulmino blu, targa AB123CD',
      'Partenza 08:00, arrivo 09:00',
      'Autista: Laura Fontana',
      'Altri operatori: paola.neri',
    ]);
    expect(first.stops.map((s) => [s.ordine, s.ora, s.utente, s.carrozzina, s.telefono])).toEqual([
      [1, '07:40', 'Mario Rossi', 'carrozzina', '+39 333 1112222'],
      [2, '', 'Lucia Rossi', '', ''],
    ]);
    expect(first.notBoarding).toEqual(['Giorgio Rossi (assente: malattia)']);
    expect(second.lines[2]).toBe('Autista: da indicare');
    expect(fogliPdfName('2026-11-26')).toBe('fogli-di-marcia_2026-11-26.pdf');
    expect(fogliTitle('2026-11-26')).toBe('Foglio di marcia di giovedì 26/11/2026');
  });
});

describe('trasporti del mese', () => {
  it('the CSV: BOM, ;, the month as dd/mm/yyyy, the totals, the mezzi, formulas neutralised', () => {
    const mese: TrasportiMese = {
      mese: '2026-02',
      utenti: [{ RifPaziente: 1, Nome: 'Mario', Cognome: '=Rossi', andata: 2, ritorno: 1, totale: 3 }],
      mezzi: [{ ID: 2, Nome: 'Pulmino blu', andata: 2, ritorno: 1, totale: 3, uscite: 3 }],
      totale: { andata: 2, ritorno: 1, totale: 3 },
    };
    expect(buildTrasportiCsv(mese)).toBe(
      '\uFEFFCognome;Nome;Dal;Al;Andata;Ritorno;Totale\r\n' +
        "'=Rossi;Mario;01/02/2026;28/02/2026;2;1;3\r\n" +
        'Totale;;01/02/2026;28/02/2026;2;1;3\r\n' +
        '\r\n' +
        'Mezzo;Uscite;Dal;Al;Andata;Ritorno;Totale\r\n' +
        'Pulmino blu;3;01/02/2026;28/02/2026;2;1;3\r\n',
    );
    expect(trasportiCsvName('2026-02')).toBe('trasporti_2026-02.csv');
    expect([lastDay('2026-12'), shiftMonth('2026-01', -1), shiftMonth('2026-12', 1)]).toEqual(['2026-12-31', '2025-12', '2027-01']);
  });
});
