import { useLayoutEffect, useRef } from 'react';
import type { CardConflict } from '../conflicts.ts';
import type { DayGrid, GridCell } from '../day-grid.ts';
import { useDayPaintMeasure } from '../paint-timing.ts';
import { useProgressiveRows } from '../progressive-rows.ts';
import { ActivityCard, type CardActions } from './activity-card.tsx';
import { TransportCard } from './transport-card.tsx';

/** An empty room slot of the calendar: where Crea Attività starts when opened from it. */
export interface Slot {
  roomId: number;
  start: string;
  end: string;
}

interface Props {
  grid: DayGrid;
  /** The displayed day (the runs' links to Anagrafiche → Uscite carry it). */
  day: string;
  /** Administrators only. */
  actions?: CardActions & { onPasteFromPrevious: (slot: Slot) => void; onCreateAt: (slot: Slot) => void; busy: boolean };
  /** Each card's conflicts, by the card's key. */
  conflicts?: Map<string, CardConflict[]>;
}

/** From this many rooms on, the time column and Attività esterne stay in view while the rooms scroll sideways. */
export const MANY_ROOMS = 8;

/** The day as a table: a sticky header row of rooms, a sticky column of times, seven row colours. */
export function DayTable({ grid, day, actions, conflicts }: Props) {
  const scrollBox = useWindowHeight();
  // A big day: the rows that fill the table's box first, half as many again after each painted frame.
  const { shown, complete } = useProgressiveRows(grid, scrollBox);
  useDayPaintMeasure(grid, complete);
  const renderCell = (cell: GridCell, columnIndex: number, key: string) => {
    const column = grid.columns[columnIndex];
    if (cell.kind === 'covered') return null;
    if (cell.kind === 'empty') {
      const external = column.roomId === null;
      const canCreate = actions && cell.roomId !== null && !column.archived;
      return (
        <td key={key} className={external ? 'slot-empty external-col' : 'slot-empty'}>
          {canCreate && (
            <div role="group" aria-label={`${column.label}, ${cell.start}–${cell.end}`} className="slot-tools">
              {cell.previous && (
                <button
                  type="button"
                  className="paste-previous btn btn-outline-secondary btn-sm"
                  disabled={actions.busy}
                  aria-label={`Incolla da precedente: copia qui ${cell.previous.name} delle ${cell.previous.start}`}
                  title={`Copia qui ${cell.previous.name} delle ${cell.previous.start}`}
                  onClick={() => actions.onPasteFromPrevious({ roomId: cell.roomId as number, start: cell.start, end: cell.end })}
                >
                  Incolla da precedente
                </button>
              )}
              <button
                type="button"
                className="create-here btn btn-outline-success btn-sm"
                disabled={actions.busy}
                aria-label={`Nuova attività in ${column.label} dalle ${cell.start} alle ${cell.end}`}
                title={`Nuova attività in ${column.label} dalle ${cell.start} alle ${cell.end}`}
                onClick={() => actions.onCreateAt({ roomId: cell.roomId as number, start: cell.start, end: cell.end })}
              >
                +
              </button>
            </div>
          )}
        </td>
      );
    }
    return (
      <td key={key} rowSpan={cell.rowSpan} className={column.roomId === null ? 'slot-activities external-col' : 'slot-activities'}>
        {cell.items.map((placed) =>
          placed.kind === 'run' ? (
            <TransportCard key={placed.key} placed={placed} day={day} onEdit={actions?.onEdit} conflicts={conflicts?.get(placed.key)} />
          ) : (
            <ActivityCard
              key={placed.key}
              placed={placed}
              roomLabel={column.label}
              actions={actions}
              conflicts={conflicts?.get(placed.key)}
            />
          ),
        )}
      </td>
    );
  };

  const manyRooms = grid.columns.length - 1 >= MANY_ROOMS;
  return (
    <div ref={scrollBox} id="calendario-giornata" className="day-table-scroll" tabIndex={0} aria-label="Tabella della giornata, scorribile">
      <table className={manyRooms ? 'day-table many-rooms' : 'day-table'}>
        <thead>
          <tr>
            <th scope="col" className="time-col">
              Ora
            </th>
            {grid.columns.map((column) => (
              <th
                scope="col"
                key={column.key}
                className={column.roomId === null ? 'external-col' : column.archived ? 'archived-col' : undefined}
                title={column.archived ? 'Stanza archiviata' : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(complete ? grid.rows : grid.rows.slice(0, shown)).map((row) => (
            <tr key={row.start} className={`slot-colour-${row.colour}`}>
              <th scope="row" className="time-col">
                <span className="slot-start">{row.start}</span>
                {row.end !== row.start && <span className="slot-end">{row.end}</span>}
              </th>
              {row.cells.map((cell, c) => renderCell(cell, c, `${row.start}-${grid.columns[c].key}`))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's box reaches down to the window's bottom edge (its own scroll keeps the header and times in view). */
function useWindowHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const box = ref.current;
      if (!box) return;
      const top = box.getBoundingClientRect().top + window.scrollY;
      box.style.maxHeight = `${Math.max(192, window.innerHeight - top - 8)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return ref;
}
