import { describe, expect, it } from 'vitest';
import { buildCsv, csvField, neutraliseFormula } from './csv.ts';

describe('csvField', () => {
  it('quotes line breaks and quotes, and leaves plain text alone', () => {
    expect(csvField('riga\nnuova')).toBe('"riga\nnuova"');
    expect(csvField('detto "Gigi"')).toBe('"detto ""Gigi"""');
    expect(csvField('Rossi')).toBe('Rossi');
    expect(csvField(12)).toBe('12');
  });

  it('puts an apostrophe before = + - @ at the start, nowhere else', () => {
    for (const text of ['=1+1', '+39 333', '-2', '@SUM(A1)']) expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(neutraliseFormula('Anna-Maria')).toBe('Anna-Maria');
    expect(neutraliseFormula('')).toBe('');
  });
});

describe('buildCsv', () => {
  it('starts with the BOM, separates with ; and ends every line with CRLF', () => {
    const csv = buildCsv([
      ['Quando', 'Frase'],
      ['23/11/2026 09:05', '=cmd; "x"'],
    ]);
    expect(csv).toBe('\uFEFFQuando;Frase\r\n23/11/2026 09:05;"\'=cmd; ""x"""\r\n');
  });
});
