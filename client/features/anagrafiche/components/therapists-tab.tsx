import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { TherapistRecord } from '../../../../common/anagrafiche.ts';
import { useAccounts } from '../api/accounts.ts';
import { useSetTherapistArchived, useTherapists } from '../api/therapists.ts';
import { ArchiveButton } from './archive-button.tsx';
import { ArchivedSwitch } from './archived-switch.tsx';
import { ListState } from './list-state.tsx';
import { TherapistFormModal } from './therapist-form-modal.tsx';

/** Terapisti (shown as operatori): username, optional sign-in account, archive and restore. */
export function TherapistsTab() {
  const [text, setText] = useState('');
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<TherapistRecord | 'new' | null>(null);
  const list = useTherapists(archived);
  const accounts = useAccounts();
  const setTherapistArchived = useSetTherapistArchived();
  const accountName = new Map((accounts.data ?? []).map((a) => [a.ID, a.username]));
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const items = (list.data ?? []).filter((t) => words.every((w) => t.username.toLowerCase().includes(w)));

  return (
    <section aria-labelledby="therapists-title">
      <div className="registry-toolbar">
        <h2 id="therapists-title" className="h5 mb-0 me-auto">
          Operatori {list.data && <span className="badge text-bg-secondary fw-normal">{list.data.length}</span>}
        </h2>
        <Form.Control
          type="search"
          className="registry-search"
          placeholder="Username"
          aria-label="Cerca operatori"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <ArchivedSwitch id="therapists-archived" checked={archived} onChange={setArchived} />
        <Button variant="success" onClick={() => setEditing('new')}>
          Nuovo operatore
        </Button>
      </div>
      <ListState
        label="operatori"
        isPending={list.isPending}
        error={list.error}
        empty={items.length === 0}
        emptyText={archived ? 'Nessun operatore archiviato.' : words.length ? 'Nessun operatore trovato.' : 'Nessun operatore: aggiungine uno con «Nuovo operatore».'}
      />
      {items.length > 0 && (
        <Table hover className="registry-table align-middle" aria-label={archived ? 'Operatori archiviati' : 'Operatori'}>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Utente collegato</th>
              <th scope="col" className="text-end">
                Azioni
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((t) => (
              <tr key={t.ID}>
                <td data-label="Username" className="fw-semibold">
                  {t.username}
                </td>
                <td data-label="Utente collegato">
                  {t.RifUtente ? (accountName.get(t.RifUtente) ?? `#${t.RifUtente}`) : <span className="text-muted">—</span>}
                </td>
                <td className="text-end registry-actions">
                  {!t.Archiviato && (
                    <Button size="sm" variant="outline-primary" onClick={() => setEditing(t)} aria-label={`Modifica ${t.username}`}>
                      Modifica
                    </Button>
                  )}
                  <ArchiveButton
                    name={t.username}
                    archived={t.Archiviato}
                    busy={setTherapistArchived.isPending}
                    onChange={(value) => setTherapistArchived.mutateAsync({ ID: t.ID, archived: value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {editing && (
        <TherapistFormModal therapist={editing === 'new' ? undefined : editing} accounts={accounts.data ?? []} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
