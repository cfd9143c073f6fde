import Button from 'react-bootstrap/Button';
import type { DayGrid, GridCell } from '../day-grid.ts';
import { useDayPaintMeasure } from '../paint-timing.ts';
import { ActivityCard, type CardActions } from './activity-card.tsx';
import { TransportCard } from './transport-card.tsx';

interface Props {
  grid: DayGrid;
  /** Administrators only. */
  actions?: CardActions & { onPasteFromPrevious: (slot: { roomId: number; start: string; end: string }) => void; busy: boolean };
}

/** The day as a table: a sticky header row of rooms, a sticky column of times, seven row colours. */
export function DayTable({ grid, actions }: Props) {
  useDayPaintMeasure(grid);
  const renderCell = (cell: GridCell, columnIndex: number, key: string) => {
    const column = grid.columns[columnIndex];
    if (cell.kind === 'covered') return null;
    if (cell.kind === 'empty') {
      const canPaste = actions && cell.followsActivity && cell.roomId !== null;
      return (
        <td key={key} className="slot-empty">
          {canPaste && (
            <div role="group" aria-label={`${column.label}, ${cell.start}–${cell.end}`}>
              <Button
                variant="outline-secondary"
                size="sm"
                className="paste-previous"
                disabled={actions.busy}
                onClick={() => actions.onPasteFromPrevious({ roomId: cell.roomId as number, start: cell.start, end: cell.end })}
              >
                Incolla da precedente
              </Button>
            </div>
          )}
        </td>
      );
    }
    return (
      <td key={key} rowSpan={cell.rowSpan} className="slot-activities">
        {cell.items.map((placed) =>
          column.roomId === null ? (
            <TransportCard key={placed.activity.ID} placed={placed} onEdit={actions?.onEdit} />
          ) : (
            <ActivityCard key={placed.activity.ID} placed={placed} roomLabel={column.label} actions={actions} />
          ),
        )}
      </td>
    );
  };

  return (
    <div className="day-table-scroll" tabIndex={0} aria-label="Tabella della giornata, scorribile">
      <table className="day-table">
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
          {grid.rows.map((row) => (
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
