import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { RoomRecord } from '../../../../common/anagrafiche.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { MSG } from '../../../../common/messages.ts';
import { useMoveRoom, useRegistryRooms, useSetRoomArchived } from '../api/rooms.ts';
import { ArchiveButton } from './archive-button.tsx';
import { ArchivedSwitch } from './archived-switch.tsx';
import { ListState } from './list-state.tsx';
import { RoomFormModal } from './room-form-modal.tsx';

/** Stanze: the calendar's columns in order (Sposta su / Sposta giù), rename, archive and restore. */
export function RoomsTab() {
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<RoomRecord | 'new' | null>(null);
  const list = useRegistryRooms(archived);
  const move = useMoveRoom();
  const setRoomArchived = useSetRoomArchived();
  const items = list.data ?? [];
  const busy = move.isPending || setRoomArchived.isPending;

  const moveRoom = (room: RoomRecord, direzione: 'su' | 'giu') => void withToasts(move.mutateAsync({ ID: room.ID, direzione }), { success: MSG.saved });

  return (
    <section aria-labelledby="rooms-title">
      <div className="registry-toolbar">
        <h2 id="rooms-title" className="h5 mb-0 me-auto">
          Stanze {list.data && <span className="badge text-bg-secondary fw-normal">{list.data.length}</span>}
        </h2>
        <ArchivedSwitch id="rooms-archived" checked={archived} onChange={setArchived} />
        <Button variant="success" onClick={() => setEditing('new')}>
          Nuova stanza
        </Button>
      </div>
      {!archived && <p className="text-muted small">L'ordine delle stanze è l'ordine delle colonne nel calendario e nella stampa settimanale.</p>}
      <ListState
        label="stanze"
        isPending={list.isPending}
        error={list.error}
        empty={items.length === 0}
        emptyText={archived ? 'Nessuna stanza archiviata.' : 'Nessuna stanza: aggiungine una con «Nuova stanza».'}
      />
      {items.length > 0 && (
        <Table hover className="registry-table align-middle" aria-label={archived ? 'Stanze archiviate' : 'Stanze'}>
          <thead>
            <tr>
              {!archived && (
                <th scope="col" className="order-col">
                  Ordine
                </th>
              )}
              <th scope="col">Nome</th>
              <th scope="col" className="text-end">
                Azioni
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((room, i) => (
              <tr key={room.ID}>
                {!archived && (
                  <td className="order-col text-nowrap">
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
                  </td>
                )}
                <td data-label="Nome" className="fw-semibold">
                  {room.Nome}
                </td>
                <td className="text-end registry-actions">
                  {!room.Archiviato && (
                    <Button size="sm" variant="outline-primary" onClick={() => setEditing(room)} aria-label={`Rinomina ${room.Nome}`}>
                      Rinomina
                    </Button>
                  )}
                  <ArchiveButton
                    name={room.Nome}
                    archived={room.Archiviato}
                    busy={busy}
                    onChange={(value) => setRoomArchived.mutateAsync({ ID: room.ID, archived: value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {editing && <RoomFormModal room={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
