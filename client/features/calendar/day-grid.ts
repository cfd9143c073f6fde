/**
 * From a day's activities to the calendar table (docs/product.md, Schermate;
 * decisions docs/decisions/0002-calendar-grid.md and 0007-runs-on-the-calendar.md): one row per
 * time slot, one column per room plus "Attività esterne", which holds every run of the day (with
 * its TRASPORTO activity, if any, on the same card); an item spans the rows from its start to its
 * end, and items that overlap in one column share one cell.
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

/** An ordinary activity in its room's column. */
export interface PlacedActivity {
  kind: 'activity';
  key: string;
  activity: DayActivity;
  start: string;
  end: string;
}

/**
 * A minibus run in the external column, with the TRASPORTO activity that places it when there is
 * one. `run` is absent only for a TRASPORTO activity whose run the day does not hold.
 */
export interface PlacedRun {
  kind: 'run';
  key: string;
  run?: DayTransportRun;
  transport?: DayActivity;
  start: string;
  end: string;
}

export type PlacedItem = PlacedActivity | PlacedRun;

/** The activity Incolla da precedente would copy into an empty slot: the room's last one that started earlier. */
export interface PreviousActivity {
  name: string;
  start: string;
}

export type GridCell =
  | { kind: 'activities'; rowSpan: number; items: PlacedItem[] }
  | { kind: 'empty'; start: string; end: string; roomId: number | null; followsActivity: boolean; previous?: PreviousActivity }
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

/** Every item of the day: ordinary activities, then one per run (a run's TRASPORTO activities join its card, shown once). */
export function placeItems(giornata: Giornata): PlacedItem[] {
  const items: PlacedItem[] = [];
  const transportsOf = new Map<number, DayActivity[]>();
  for (const activity of giornata.attivita) {
    if (!isTransport(activity)) {
      const start = toHourMinute(activity.OraInizio);
      items.push({ kind: 'activity', key: `a${activity.ID}`, activity, start, end: toHourMinute(activity.OraFine) });
    } else transportsOf.set(activity.RifTrasporto, [...(transportsOf.get(activity.RifTrasporto) ?? []), activity]);
  }
  for (const run of giornata.uscite) {
    const transport = transportsOf.get(run.ID)?.[0];
    transportsOf.delete(run.ID);
    items.push({ kind: 'run', key: `r${run.ID}`, run, transport, start: toHourMinute(run.Ora), end: toHourMinute(run.OraArrivo) });
  }
  // A TRASPORTO activity whose run the day does not hold stays visible at its own times.
  for (const transport of [...transportsOf.values()].flat()) {
    const start = toHourMinute(transport.OraInizio);
    items.push({ kind: 'run', key: `a${transport.ID}`, transport, start, end: toHourMinute(transport.OraFine) });
  }
  return items;
}

/** The rows of the table: the sorted distinct start and end times of the day's activities and runs. */
export function timeSlots(giornata: Giornata): string[] {
  const times = new Set<string>();
  for (const item of placeItems(giornata)) {
    times.add(item.start);
    times.add(item.end);
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
function clusters(items: PlacedItem[]): PlacedItem[][] {
  const sorted = [...items].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.key.localeCompare(b.key));
  const result: PlacedItem[][] = [];
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

  const placed = placeItems(giornata);

  columns.forEach((column, c) => {
    const inColumn = placed.filter((p) =>
      column.roomId === null ? p.kind === 'run' : p.kind === 'activity' && p.activity.RifStanza === column.roomId,
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
      const previous = column.roomId !== null && !column.archived ? previousActivity(inColumn, row.start) : undefined;
      row.cells[c] = cellAt.get(r) ?? {
        kind: 'empty',
        start: row.start,
        end: row.end,
        roomId: column.roomId,
        followsActivity: !!previous,
        previous,
      };
    });
  });
  return { columns, rows };
}

/** As the server picks it for Incolla da precedente: the latest start before the slot, then the highest ID. */
function previousActivity(inColumn: PlacedItem[], before: string): PreviousActivity | undefined {
  let best: PlacedActivity | undefined;
  for (const item of inColumn) {
    if (item.kind !== 'activity' || item.start >= before) continue;
    if (!best || item.start > best.start || (item.start === best.start && item.activity.ID > best.activity.ID)) best = item;
  }
  return best && { name: best.activity.NomeAttivita, start: best.start };
}
