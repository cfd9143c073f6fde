/**
 * From a day's activities to the calendar table (SPEC section 2, decision
 * docs/decisions/0002-calendar-grid.md): one row per time slot, one column per
 * room plus "Attività esterne"; an activity spans the rows from its start to
 * its end, and activities that overlap in one column share one cell.
 */
import { toHourMinute } from '../../../common/dates.ts';
import type { Room } from '../../../common/schemas.ts';
import { isTransport, type DayActivity, type DayTransportRun, type Giornata } from './types.ts';

export const ROW_COLOURS = 7;
export const EXTERNAL_COLUMN_LABEL = 'Attività esterne';

export interface Column {
  key: string;
  label: string;
  /** The room's id; null for the external activities column. */
  roomId: number | null;
  /** An archived room: shown only for its past activities, takes no new ones. */
  archived: boolean;
}

export interface PlacedActivity {
  activity: DayActivity;
  /** The transport run a transport activity places (undefined for ordinary ones, or a run of another day). */
  run?: DayTransportRun;
  start: string;
  end: string;
}

export type GridCell =
  | { kind: 'activities'; rowSpan: number; items: PlacedActivity[] }
  | { kind: 'empty'; start: string; end: string; roomId: number | null; followsActivity: boolean }
  /** Covered by a cell of an earlier row (rowSpan): render nothing. */
  | { kind: 'covered' };

export interface GridRow {
  start: string;
  end: string;
  colour: number;
  cells: GridCell[];
}

export interface DayGrid {
  columns: Column[];
  rows: GridRow[];
}

function place(activity: DayActivity, runs: Map<number, DayTransportRun>): PlacedActivity {
  const run = isTransport(activity) ? runs.get(activity.RifTrasporto) : undefined;
  return {
    activity,
    run,
    start: toHourMinute(run?.Ora ?? activity.OraInizio),
    end: toHourMinute(run?.OraArrivo ?? activity.OraFine),
  };
}

/** Section 2: the sorted distinct start and end times of the day's activities and transports. */
export function timeSlots(giornata: Giornata): string[] {
  const runs = new Map(giornata.uscite.map((run) => [run.ID, run]));
  const times = new Set<string>();
  for (const activity of giornata.attivita) {
    const placed = place(activity, runs);
    times.add(placed.start);
    times.add(placed.end);
  }
  return [...times].sort();
}

function columnsOf(giornata: Giornata, rooms: Room[]): Column[] {
  const used = new Set(giornata.attivita.filter((a) => !isTransport(a)).map((a) => a.RifStanza));
  // An archived room appears only on the days that still have activities in it (the server lists it last).
  const columns: Column[] = rooms
    .filter((room) => !room.Archiviato || used.has(room.ID))
    .map((room) => ({ key: `room-${room.ID}`, label: room.Nome, roomId: room.ID, archived: room.Archiviato }));
  const known = new Set(rooms.map((room) => room.ID));
  // A room the list does not hold (it failed to load, or another administrator added it since) keeps its activities visible under its number.
  for (const id of [...used].filter((id) => !known.has(id)).sort((a, b) => a - b)) {
    columns.push({ key: `room-${id}`, label: `Stanza ${id}`, roomId: id, archived: false });
  }
  columns.push({ key: 'external', label: EXTERNAL_COLUMN_LABEL, roomId: null, archived: false });
  return columns;
}

/** Activities of one column grouped into cells: overlapping activities share a cell. */
function clusters(items: PlacedActivity[]): PlacedActivity[][] {
  const sorted = [...items].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.activity.ID - b.activity.ID);
  const result: PlacedActivity[][] = [];
  let clusterEnd = '';
  for (const item of sorted) {
    const last = result[result.length - 1];
    if (last && item.start < clusterEnd) {
      last.push(item);
      if (item.end > clusterEnd) clusterEnd = item.end;
    } else {
      result.push([item]);
      clusterEnd = item.end;
    }
  }
  return result;
}

export function buildDayGrid(giornata: Giornata, rooms: Room[]): DayGrid {
  const columns = columnsOf(giornata, rooms);
  const slots = timeSlots(giornata);
  if (slots.length === 0) return { columns, rows: [] };
  // The last time only closes the last slot; a day whose only time is one instant still gets one row.
  const rowCount = Math.max(1, slots.length - 1);
  const rows: GridRow[] = Array.from({ length: rowCount }, (_, i) => ({
    start: slots[i],
    end: slots[Math.min(i + 1, slots.length - 1)],
    colour: i % ROW_COLOURS,
    cells: [],
  }));
  const rowOf = (time: string) => Math.min(slots.indexOf(time), rowCount - 1);

  const runs = new Map(giornata.uscite.map((run) => [run.ID, run]));
  const placed = giornata.attivita.map((activity) => place(activity, runs));

  columns.forEach((column, c) => {
    const inColumn = placed.filter((p) =>
      column.roomId === null ? isTransport(p.activity) : !isTransport(p.activity) && p.activity.RifStanza === column.roomId,
    );
    const cellAt = new Map<number, GridCell>();
    for (const cluster of clusters(inColumn)) {
      const first = rowOf(cluster[0].start);
      const clusterEnd = cluster.reduce((end, p) => (p.end > end ? p.end : end), cluster[0].end);
      // The end time is where the next row starts: the cell covers the rows before it.
      const last = Math.max(first, Math.min(slots.indexOf(clusterEnd) - 1, rowCount - 1));
      cellAt.set(first, { kind: 'activities', rowSpan: last - first + 1, items: cluster });
      for (let r = first + 1; r <= last; r++) cellAt.set(r, { kind: 'covered' });
    }
    rows.forEach((row, r) => {
      // Incolla da precedente creates an activity: never in an archived room.
      const followsActivity = column.roomId !== null && !column.archived && inColumn.some((p) => p.start < row.start);
      row.cells[c] = cellAt.get(r) ?? { kind: 'empty', start: row.start, end: row.end, roomId: column.roomId, followsActivity };
    });
  });
  return { columns, rows };
}
