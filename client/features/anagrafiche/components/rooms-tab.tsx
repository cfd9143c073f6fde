import Button from 'react-bootstrap/Button';
import type { RoomRecord } from '../../../../common/anagrafiche.ts';
import { MSG } from '../../../../common/messages.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useAnagraficheRooms, useMoveRoom, useSetRoomArchived } from '../api/rooms.ts';
import { ArchivableTab } from './archivable-tab.tsx';
import type { Column } from './records-tab.tsx';
import { RoomFormModal } from './room-form-modal.tsx';

const RoomForm = ({ record, onClose }: { record?: RoomRecord; onClose: () => void }) => <RoomFormModal room={record} onClose={onClose} />;
const name: Column<RoomRecord> = { header: 'Nome', td: 'fw-semibold', cell: (room) => room.Nome };

/** Stanze: the calendar's columns in order (Sposta su / Sposta giù), rename, archive and restore. */
export function RoomsTab() {
  const move = useMoveRoom();
  const moveRoom = (room: RoomRecord, direzione: 'su' | 'giu') =>
    void withToasts(move.mutateAsync({ ID: room.ID, direzione }), { success: MSG.saved });

  // Only the active rooms have an order (archived ones are not columns of the calendar).
  const order = (items: RoomRecord[]): Column<RoomRecord> => ({
    header: 'Ordine',
    th: 'order-col',
    td: 'order-col text-nowrap',
    labelled: false,
    cell: (room, i) => (
      <>
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-1"
          disabled={move.isPending || i === 0}
          onClick={() => moveRoom(room, 'su')}
          aria-label={`Sposta su ${room.Nome}`}
          title="Sposta su"
        >
          ↑
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={move.isPending || i === items.length - 1}
          onClick={() => moveRoom(room, 'giu')}
          aria-label={`Sposta giù ${room.Nome}`}
          title="Sposta giù"
        >
          ↓
        </Button>
      </>
    ),
  });

  return (
    <ArchivableTab<RoomRecord>
      id="rooms"
      title="Stanze"
      archivedTitle="Stanze archiviate"
      newLabel="Nuova stanza"
      editLabel="Modifica"
      label="stanze"
      emptyText="Nessuna stanza: aggiungine una con «Nuova stanza»."
      emptyArchivedText="Nessuna stanza archiviata."
      notice={<p className="text-muted small">L'ordine delle stanze è l'ordine delle colonne nel calendario e nella stampa settimanale.</p>}
      useList={useAnagraficheRooms}
      useSetArchived={useSetRoomArchived}
      busy={move.isPending}
      columns={(archived, items) => (archived ? [name] : [order(items), name])}
      Form={RoomForm}
    />
  );
}
