import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import type { CardConflict } from '../conflicts.ts';
import { EXTERNAL_COLUMN_LABEL, placeItems, type DayGrid, type PlacedItem } from '../day-grid.ts';
import type { Giornata } from '../types.ts';
import { ActivityCard, type CardActions } from './activity-card.tsx';
import type { Slot } from './day-table.tsx';
import { TransportCard } from './transport-card.tsx';

type Grouping = 'ora' | 'stanza';
const GROUPING_KEY = 'giornata.elenco';

interface Props {
  giornata: Giornata;
  grid: DayGrid;
  day: string;
  roomLabel: (roomId: number) => string;
  actions?: CardActions & { onCreateAt: (slot: Slot) => void; busy: boolean };
  conflicts?: Map<string, CardConflict[]>;
}

interface Group {
  key: string;
  title: string;
  /** Per stanza: the room, where Nuova attività starts from. */
  roomId?: number;
  items: PlacedItem[];
}

const placeOf = (item: PlacedItem, roomLabel: (roomId: number) => string) =>
  item.kind === 'run' ? EXTERNAL_COLUMN_LABEL : roomLabel(item.activity.RifStanza);

/** Where Nuova attività of a room starts: its first free slot of the day's rows, or 09:00–10:00 on a day with none. */
function firstFreeSlot(grid: DayGrid, roomId: number): Slot {
  const column = grid.columns.findIndex((c) => c.roomId === roomId);
  for (const row of grid.rows) {
    const cell = row.cells[column];
    if (cell?.kind === 'empty') return { roomId, start: cell.start, end: cell.end };
  }
  return { roomId, start: '09:00', end: '10:00' };
}

/** By start, then in the calendar's column order (as the table reads left to right), then by end. */
function byTime(grid: DayGrid) {
  const column = (item: PlacedItem) =>
    grid.columns.findIndex((c) => (item.kind === 'run' ? c.roomId === null : c.roomId === item.activity.RifStanza));
  return (a: PlacedItem, b: PlacedItem) => a.start.localeCompare(b.start) || column(a) - column(b) || a.end.localeCompare(b.end);
}

function groupsOf(grouping: Grouping, items: PlacedItem[], grid: DayGrid): Group[] {
  const sorted = [...items].sort(byTime(grid));
  if (grouping === 'ora') {
    const groups = new Map<string, Group>();
    for (const item of sorted) {
      const group = groups.get(item.start) ?? { key: item.start, title: item.start, items: [] };
      group.items.push(item);
      groups.set(item.start, group);
    }
    return [...groups.values()];
  }
  // Per stanza: the calendar's columns in their order, Attività esterne included; archived rooms only when they hold something.
  return grid.columns
    .map((column) => ({
      key: column.key,
      title: column.label,
      roomId: column.roomId ?? undefined,
      archived: column.archived,
      items: sorted.filter((item) =>
        column.roomId === null ? item.kind === 'run' : item.kind === 'activity' && item.activity.RifStanza === column.roomId,
      ),
    }))
    .filter((group) => group.items.length > 0 || (!group.archived && group.roomId !== undefined));
}

/**
 * The day on a phone (docs/product.md, Aspetto): below 576 px the table becomes a list grouped
 * by time or by room, with the same cards, so every action of the table is there too.
 */
export function DayList({ giornata, grid, day, roomLabel, actions, conflicts }: Props) {
  const [grouping, setGrouping] = useState<Grouping>(() => (localStorage.getItem(GROUPING_KEY) === 'stanza' ? 'stanza' : 'ora'));
  const choose = (next: Grouping) => {
    setGrouping(next);
    try {
      localStorage.setItem(GROUPING_KEY, next);
    } catch {
      // Private mode: the choice lasts for this screen only.
    }
  };
  const groups = groupsOf(grouping, placeItems(giornata), grid);
  return (
    <div className="day-list">
      <ButtonGroup size="sm" className="mb-2" aria-label="Raggruppa le attività">
        <Button variant={grouping === 'ora' ? 'dark' : 'outline-dark'} aria-pressed={grouping === 'ora'} onClick={() => choose('ora')}>
          Per ora
        </Button>
        <Button
          variant={grouping === 'stanza' ? 'dark' : 'outline-dark'}
          aria-pressed={grouping === 'stanza'}
          onClick={() => choose('stanza')}
        >
          Per stanza
        </Button>
      </ButtonGroup>
      {groups.map((group) => (
        <section key={group.key} className="day-list-group" aria-label={group.title}>
          <h2 className="h6 day-list-title">
            <span className="me-auto">{group.title}</span>
            {actions && group.roomId !== undefined && (
              <Button
                variant="outline-success"
                size="sm"
                disabled={actions.busy}
                aria-label={`Nuova attività in ${group.title}`}
                title={`Nuova attività in ${group.title}`}
                onClick={() => actions.onCreateAt(firstFreeSlot(grid, group.roomId as number))}
              >
                +
              </Button>
            )}
          </h2>
          {group.items.map((item) => (
            <div key={item.key} className="day-list-item">
              {grouping === 'ora' && <div className="day-list-place">{placeOf(item, roomLabel)}</div>}
              {item.kind === 'run' ? (
                <TransportCard placed={item} day={day} onEdit={actions?.onEdit} conflicts={conflicts?.get(item.key)} />
              ) : (
                <ActivityCard
                  placed={item}
                  roomLabel={roomLabel(item.activity.RifStanza)}
                  actions={actions}
                  conflicts={conflicts?.get(item.key)}
                />
              )}
            </div>
          ))}
          {group.items.length === 0 && <p className="text-muted small mb-2">Nessuna attività</p>}
        </section>
      ))}
    </div>
  );
}
