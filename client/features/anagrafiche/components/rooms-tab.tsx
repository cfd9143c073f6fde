import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { RoomRecord } from '../../../../common/anagrafiche.ts';
import { MSG } from '../../../../common/messages.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useAnagraficheRooms, useMoveRoom, useSetRoomArchived } from '../api/rooms.ts';
import { EditArchiveActions } from './archive-button.tsx';
import { RecordsTab, type Column } from './records-tab.tsx';
import { RoomFormModal } from './room-form-modal.tsx';

/** Stanze: the calendar's columns in order (Sposta su / Sposta giù), rename, archive and restore. */
export function RoomsTab() {
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<RoomRecord | 'new' | null>(null);
  const list = useAnagraficheRooms(archived);
  const move = useMoveRoom();
  const setRoomArchived = useSetRoomArchived();
  const items = list.data ?? [];
  const busy = move.isPending || setRoomArchived.isPending;

  const moveRoom = (room: RoomRecord, direzione: 'su' | 'giu') =>
    void withToasts(move.mutateAsync({ ID: room.ID, direzione }), { success: MSG.saved });

  // Only the active rooms have an order (archived ones are not columns of the calendar).
  const order: Column<RoomRecord> = {
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
          disabled={busy || i === 0}
          onClick={() => moveRoom(room, 'su')}
          aria-label={`Sposta su ${room.Nome}`}
          title="Sposta su"
        >
          ↑
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={busy || i === items.length - 1}
          onClick={() => moveRoom(room, 'giu')}
          aria-label={`Sposta giù ${room.Nome}`}
          title="Sposta giù"
        >
          ↓
        </Button>
      </>
    ),
  };
  const name: Column<RoomRecord> = { header: 'Nome', td: 'fw-semibold', cell: (room) => room.Nome };

  return (
    <RecordsTab
      id="rooms"
      title="Stanze"
      count={list.data?.length}
      archived={{ checked: archived, onChange: setArchived }}
      newLabel="Nuova stanza"
      onNew={() => setEditing('new')}
      notice={
        !archived && (
          <p className="text-muted small">L'ordine delle stanze è l'ordine delle colonne nel calendario e nella stampa settimanale.</p>
        )
      }
      state={{
        label: 'stanze',
        isPending: list.isPending,
        error: list.error,
        emptyText: archived ? 'Nessuna stanza archiviata.' : 'Nessuna stanza: aggiungine una con «Nuova stanza».',
      }}
      items={items}
      tableLabel={archived ? 'Stanze archiviate' : 'Stanze'}
      rowKey={(room) => room.ID}
      columns={archived ? [name] : [order, name]}
      actions={(room) => (
        <EditArchiveActions
          name={room.Nome}
          editLabel="Rinomina"
          onEdit={() => setEditing(room)}
          archived={room.Archiviato}
          busy={busy}
          onChange={(value) => setRoomArchived.mutateAsync({ ID: room.ID, archived: value })}
        />
      )}
    >
      {editing && <RoomFormModal room={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </RecordsTab>
  );
}
