import { describe, expect, it } from 'vitest';
import { buildDayGrid } from './day-grid.ts';
import { chunkEnd, chunkTargetPx, PROGRESSIVE_MIN_CELLS, rowHeights } from './progressive-rows.ts';
import type { DayActivity, Giornata } from './types.ts';

const DAY = '2026-11-10';

/** `rooms` rooms, one activity of `people` patients and one operator per room and half hour from 08:00, `slots` of them. */
function wideDay(rooms: number, slots: number, people: number): Giornata {
  const attivita: DayActivity[] = [];
  for (let s = 0; s < slots; s++) {
    for (let r = 1; r <= rooms; r++) {
      const minutes = 8 * 60 + 30 * s;
      const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const id = s * rooms + r;
      attivita.push({
        ID: id,
        NomeAttivita: `Attività ${r}-${s}`,
        RifStanza: r,
        Data: DAY,
        Giorno: 2,
        OraInizio: time(minutes),
        OraFine: time(minutes + 30),
        RifTrasporto: -1,
        Pazienti: Array.from({ length: people }, (_, k) => ({ ID: id * 10 + k, RifPaziente: k + 1, Nome: 'Anna', Cognome: `Rossi${k}` })),
        Terapisti: [{ ID: id, RifTerapista: 1, username: 'marta.caruso' }],
      });
    }
  }
  return { data: DAY, attivita, uscite: [] };
}
const roomsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ ID: i + 1, Nome: `Stanza ${i + 1}`, Archiviato: false }));

describe('the rows of a big day, a box at a time', () => {
  const grid = buildDayGrid(wideDay(20, 14, 3), roomsOf(20));

  it('is only for a big day: the bench’s 20 × 15 day is one, a small centre’s day is not', () => {
    expect(grid.rows.length * grid.columns.length).toBeGreaterThanOrEqual(PROGRESSIVE_MIN_CELLS);
    const small = buildDayGrid(wideDay(5, 10, 3), roomsOf(5));
    expect(small.rows.length * small.columns.length).toBeLessThan(PROGRESSIVE_MIN_CELLS);
  });

  it('guesses a row of cards of four people taller than a row of one, and an empty row the least', () => {
    const heights = rowHeights(grid);
    const light = rowHeights(buildDayGrid(wideDay(20, 14, 0), roomsOf(20)));
    expect(heights[0]).toBeGreaterThan(light[0]);
    // Nothing from 10:30 to 11:00: an empty row, shorter than any row of cards.
    const day = wideDay(20, 14, 3);
    const gap = buildDayGrid({ ...day, attivita: day.attivita.filter((a) => a.OraInizio !== '10:30') }, roomsOf(20));
    const empty = gap.rows.findIndex((row) => row.start === '10:30');
    expect(gap.rows[empty].cells.every((cell) => cell.kind === 'empty')).toBe(true);
    expect(rowHeights(gap)[empty]).toBeLessThan(light[0]);
  });

  it('cuts the rows into chunks that cover them all, in order, each at least one row: the first fills the box, the others half of it', () => {
    const heights = rowHeights(grid);
    const first = chunkTargetPx(768, true);
    const later = chunkTargetPx(768, false);
    // What the table's box shows of a 768 px window, not the whole window; each later chunk half of it.
    expect(first).toBeLessThan(768);
    expect(later).toBe(first / 2);
    const ends = [chunkEnd(heights, 0, first)];
    while (ends[ends.length - 1] < heights.length) ends.push(chunkEnd(heights, ends[ends.length - 1], later));
    expect(ends[ends.length - 1]).toBe(heights.length);
    expect(ends.length).toBeGreaterThan(2);
    const px = (from: number, to: number) => heights.slice(from, to).reduce((a, b) => a + b, 0);
    expect(px(0, ends[0])).toBeGreaterThanOrEqual(first);
    expect(px(0, ends[0] - 1)).toBeLessThan(first);
    for (let i = 1; i < ends.length - 1; i++) expect(px(ends[i - 1], ends[i])).toBeGreaterThanOrEqual(later);
    // A window lower than one row still gets a row.
    expect(chunkEnd(heights, 3, 1)).toBe(4);
    expect(chunkEnd(heights, heights.length, 768)).toBe(heights.length);
  });
});
