import { describe, expect, it } from 'vitest';
import type { Room } from '../../../common/schemas.ts';
import { buildDayGrid, EXTERNAL_COLUMN_LABEL, timeSlots } from './day-grid.ts';
import type { DayActivity, DayTransportRun, Giornata } from './types.ts';
import { testActivity } from './test-activities.ts';

const rooms: Room[] = [
  { ID: 1, Nome: 'Palestra', Archiviato: false },
  { ID: 2, Nome: 'Logopedia', Archiviato: false },
];

let nextId = 1;
function activity(room: number, start: string, end: string, extra: Partial<DayActivity> = {}): DayActivity {
  return testActivity({ ID: nextId++, RifStanza: room, OraInizio: start, OraFine: end, ...extra });
}
const run: DayTransportRun = {
  ID: 7,
  Tratta: 'Giro mattina',
  Ora: '07:30',
  OraArrivo: '08:45',
  RifPulmino: 1,
  Data: '2026-11-23',
  Pazienti: [],
  Terapisti: [],
};
const day = (attivita: DayActivity[], uscite: DayTransportRun[] = []): Giornata => ({ data: '2026-11-23', attivita, uscite });

describe('timeSlots', () => {
  it('lists the distinct start and end times in order, with the transport run times', () => {
    const g = day(
      [
        activity(1, '10:00', '11:00'),
        activity(2, '09:00', '10:00'),
        activity(-1, '00:00', '00:00', { RifTrasporto: 7, NomeAttivita: 'TRASPORTO' }),
      ],
      [run],
    );
    expect(timeSlots(g)).toEqual(['07:30', '08:45', '09:00', '10:00', '11:00']);
  });

  it('is empty for a day without activities', () => {
    expect(timeSlots(day([]))).toEqual([]);
  });
});

describe('buildDayGrid', () => {
  it('has a column per room and a last one for external activities', () => {
    const grid = buildDayGrid(day([]), rooms);
    expect(grid.columns.map((c) => c.label)).toEqual(['Palestra', 'Logopedia', EXTERNAL_COLUMN_LABEL]);
    expect(grid.rows).toEqual([]);
  });

  it('makes one row per slot start, the last time only closing the last slot', () => {
    const grid = buildDayGrid(day([activity(1, '09:00', '10:00'), activity(2, '10:00', '12:00')]), rooms);
    expect(grid.rows.map((r) => [r.start, r.end])).toEqual([
      ['09:00', '10:00'],
      ['10:00', '12:00'],
    ]);
  });

  it('spans an activity over the rows from its start to its end', () => {
    const long = activity(1, '09:00', '11:00');
    const grid = buildDayGrid(day([long, activity(2, '09:00', '10:00'), activity(2, '10:00', '11:00')]), rooms);
    const [first, second] = grid.rows;
    expect(first.cells[0]).toMatchObject({ kind: 'activities', rowSpan: 2 });
    expect(second.cells[0]).toEqual({ kind: 'covered' });
    expect(first.cells[1]).toMatchObject({ kind: 'activities', rowSpan: 1 });
    expect(second.cells[1]).toMatchObject({ kind: 'activities', rowSpan: 1 });
  });

  it('puts overlapping activities of one room in one cell', () => {
    const a = activity(1, '09:00', '10:00');
    const b = activity(1, '09:30', '11:00');
    const grid = buildDayGrid(day([a, b]), rooms);
    const cell = grid.rows[0].cells[0];
    expect(cell.kind === 'activities' && cell.items.map((p) => p.kind === 'activity' && p.activity.ID)).toEqual([a.ID, b.ID]);
    expect(cell).toMatchObject({ rowSpan: 3 });
  });

  it('offers Incolla da precedente only in empty room cells after an earlier activity', () => {
    const grid = buildDayGrid(day([activity(1, '09:00', '10:00'), activity(2, '10:00', '11:00')]), rooms);
    // Palestra: 09-10 busy, 10-11 empty after an activity.
    expect(grid.rows[1].cells[0]).toMatchObject({ kind: 'empty', followsActivity: true, roomId: 1, start: '10:00', end: '11:00' });
    // Logopedia: 09-10 empty with nothing before it.
    expect(grid.rows[0].cells[1]).toMatchObject({ kind: 'empty', followsActivity: false });
    // External column never pastes.
    expect(grid.rows[0].cells[2]).toMatchObject({ kind: 'empty', followsActivity: false, roomId: null });
  });

  it('shows a transport activity in the external column at its run times', () => {
    const transport = activity(-1, '07:30', '08:45', { RifTrasporto: 7, NomeAttivita: 'TRASPORTO' });
    const grid = buildDayGrid(day([transport, activity(1, '09:00', '10:00')], [run]), rooms);
    expect(grid.rows[0].start).toBe('07:30');
    expect(grid.rows[0].cells[2]).toMatchObject({
      kind: 'activities',
      items: [{ kind: 'run', run: { Tratta: 'Giro mattina' }, transport: { ID: transport.ID }, start: '07:30', end: '08:45' }],
    });
    expect(grid.rows[0].cells[0].kind).toBe('empty');
  });

  it('shows every run of the day in the external column, with or without a TRASPORTO activity, once', () => {
    const other: DayTransportRun = { ...run, ID: 8, Tratta: 'Ritorno Sud', Ora: '16:00', OraArrivo: '17:00' };
    const transport = activity(-1, '07:30', '08:45', { RifTrasporto: 7, NomeAttivita: 'TRASPORTO' });
    const grid = buildDayGrid(day([transport, activity(1, '09:00', '10:00')], [run, other]), rooms);
    const external = grid.rows.flatMap((r) => (r.cells[2].kind === 'activities' ? r.cells[2].items : []));
    expect(external.map((p) => p.kind === 'run' && [p.run?.Tratta, p.transport?.ID ?? null, p.start, p.end])).toEqual([
      ['Giro mattina', transport.ID, '07:30', '08:45'],
      ['Ritorno Sud', null, '16:00', '17:00'],
    ]);
    expect(timeSlots(day([], [other]))).toEqual(['16:00', '17:00']);
  });

  it('names the activity Incolla da precedente would copy: the latest start before the slot', () => {
    const early = activity(1, '08:00', '09:00', { NomeAttivita: 'Risveglio' });
    const later = activity(1, '09:00', '10:00', { NomeAttivita: 'Ginnastica' });
    const grid = buildDayGrid(day([early, later, activity(2, '10:00', '11:00')]), rooms);
    expect(grid.rows[2].cells[0]).toMatchObject({ kind: 'empty', previous: { name: 'Ginnastica', start: '09:00' } });
  });

  it('cycles seven colours by row', () => {
    const list = Array.from({ length: 9 }, (_, i) =>
      activity(1, `${String(8 + i).padStart(2, '0')}:00`, `${String(9 + i).padStart(2, '0')}:00`),
    );
    const grid = buildDayGrid(day(list), rooms);
    expect(grid.rows.map((r) => r.colour)).toEqual([0, 1, 2, 3, 4, 5, 6, 0, 1]);
  });

  it('keeps an activity of a room not (yet) listed visible in its own column', () => {
    const grid = buildDayGrid(day([activity(9, '09:00', '10:00')]), rooms);
    expect(grid.columns.map((c) => c.label)).toEqual(['Palestra', 'Logopedia', 'Stanza 9', EXTERNAL_COLUMN_LABEL]);
    expect(grid.rows[0].cells[2]).toMatchObject({ kind: 'activities' });
  });

  const withArchived: Room[] = [...rooms, { ID: 9, Nome: 'Vecchia sala', Archiviato: true }];

  it('leaves out an archived room on a day without activities in it', () => {
    const grid = buildDayGrid(day([activity(1, '09:00', '10:00')]), withArchived);
    expect(grid.columns.map((c) => c.label)).toEqual(['Palestra', 'Logopedia', EXTERNAL_COLUMN_LABEL]);
  });

  it('shows an archived room under its own name on a day with activities in it', () => {
    const grid = buildDayGrid(day([activity(9, '09:00', '10:00')]), withArchived);
    expect(grid.columns.map((c) => c.label)).toEqual(['Palestra', 'Logopedia', 'Vecchia sala', EXTERNAL_COLUMN_LABEL]);
    expect(grid.columns[2]).toMatchObject({ roomId: 9, archived: true });
    expect(grid.rows[0].cells[2]).toMatchObject({ kind: 'activities' });
  });

  it('never offers Incolla da precedente in an archived room', () => {
    const grid = buildDayGrid(day([activity(9, '09:00', '10:00'), activity(1, '10:00', '11:00')]), withArchived);
    expect(grid.rows[1].cells[2]).toMatchObject({ kind: 'empty', roomId: 9, followsActivity: false });
  });
});
