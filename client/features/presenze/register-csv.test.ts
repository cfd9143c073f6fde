import { describe, expect, it } from 'vitest';
import type { MonthRegister } from '../../../common/presenze.ts';
import { buildRegisterCsv, registerCsvName } from './register-csv.ts';
import { presentThenIll, totals } from './test-register.ts';

const days = ['2026-02-01', '2026-02-02', '2026-02-03'];
const register: MonthRegister = {
  mese: '2026-02',
  chiuso: null,
  giorni: days.map((data) => ({ data, festivo: null, chiusura: null, presenti: 0, assenti: 0 })),
  pazienti: [
    {
      ID: 1,
      Nome: 'Niccolò',
      Cognome: 'D’Amico; Rè',
      ...presentThenIll('2026-02-02', '2026-02-03'),
      assenzaLunga: false,
    },
    {
      ID: 2,
      Nome: '=HYPERLINK("http://x")',
      Cognome: '@Bianchi',
      giorni: { '2026-02-03': { stato: 'A', motivo: 'ricovero', giustificata: true } },
      totali: totals({ assenti: 1, giustificate: 1, perMotivo: { malattia: 0, ferie: 0, permesso: 0, ricovero: 1, altro: 0 } }),
      assenzaLunga: true,
    },
  ],
  totali: totals(),
};

describe('buildRegisterCsv', () => {
  const csv = buildRegisterCsv(register);
  const lines = csv.slice(1).split('\r\n');

  it('starts with a UTF-8 BOM and ends every line with CRLF', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.slice(1).replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines).toHaveLength(4); // header, two patients, the empty string after the last CRLF
  });

  it('writes the header with ; and the days as dd/mm/yyyy, then the totals', () => {
    expect(lines[0]).toBe(
      'Cognome;Nome;01/02/2026;02/02/2026;03/02/2026;Presenti;Assenti;Giustificate;Non giustificate;Malattia;Ferie;Permesso;Ricovero;Altro',
    );
  });

  it('keeps the accents, quotes a field holding ; and writes each cell as the register does', () => {
    expect(lines[1]).toBe('"D’Amico; Rè";Niccolò;;P;Am*;1;1;0;1;1;0;0;0;0');
    // Saved as UTF-8 (what a Blob of a string holds), the BOM is the three bytes Excel looks for.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('neutralises formulas and doubles the quotes inside a quoted field', () => {
    expect(lines[2]).toBe(`'@Bianchi;"'=HYPERLINK(""http://x"")";;;Ar;0;1;1;0;0;0;0;1;0`);
  });

  it('names the file after the month', () => {
    expect(registerCsvName('2026-11')).toBe('presenze_2026-11.csv');
  });
});
