import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { PatientRecord } from '../../../../common/anagrafiche.ts';
import { formatMobile } from '../../../lib/phone.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePatients, useSetPatientArchived } from '../api/patients.ts';
import { ArchiveButton } from './archive-button.tsx';
import { ArchivedSwitch } from './archived-switch.tsx';
import { ListState } from './list-state.tsx';
import { PatientFormModal } from './patient-form-modal.tsx';
import { RegistryPagination } from './registry-pagination.tsx';

/** Pazienti: search, pages of 25, create, edit, archive and restore. */
export function PatientsTab() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<PatientRecord | 'new' | null>(null);
  const q = useDebouncedValue(text.trim(), 250);
  const list = usePatients(q, page, archived);
  const setPatientArchived = useSetPatientArchived();
  const items = list.data?.items ?? [];
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <section aria-labelledby="patients-title">
      <div className="registry-toolbar">
        <h2 id="patients-title" className="h5 mb-0 me-auto">
          Pazienti {list.data && <span className="badge text-bg-secondary fw-normal">{list.data.total}</span>}
        </h2>
        <Form.Control
          type="search"
          className="registry-search"
          placeholder="Nome o cognome"
          aria-label="Cerca pazienti"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
        />
        <ArchivedSwitch
          id="patients-archived"
          checked={archived}
          onChange={(value) => {
            setArchived(value);
            setPage(1);
          }}
        />
        <Button variant="success" onClick={() => setEditing('new')}>
          Nuovo paziente
        </Button>
      </div>
      <ListState
        label="pazienti"
        isPending={list.isPending}
        error={list.error}
        empty={items.length === 0}
        emptyText={archived ? 'Nessun paziente archiviato.' : q ? 'Nessun paziente trovato.' : 'Nessun paziente: aggiungine uno con «Nuovo paziente».'}
      />
      {items.length > 0 && (
        <Table hover className="registry-table align-middle" aria-label={archived ? 'Pazienti archiviati' : 'Pazienti'}>
          <thead>
            <tr>
              <th scope="col">Cognome</th>
              <th scope="col">Nome</th>
              <th scope="col">Cellulare</th>
              <th scope="col" className="text-end">
                Azioni
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => {
              const name = `${p.Nome} ${p.Cognome}`;
              return (
                <tr key={p.ID}>
                  <td data-label="Cognome" className="fw-semibold">
                    {p.Cognome}
                  </td>
                  <td data-label="Nome">{p.Nome}</td>
                  <td data-label="Cellulare" className="text-nowrap">
                    {p.Cellulare ? <a href={`tel:${p.Cellulare}`}>{formatMobile(p.Cellulare)}</a> : <span className="text-muted">—</span>}
                  </td>
                  <td className="text-end registry-actions">
                    {!p.Archiviato && (
                      <Button size="sm" variant="outline-primary" onClick={() => setEditing(p)} aria-label={`Modifica ${name}`}>
                        Modifica
                      </Button>
                    )}
                    <ArchiveButton
                      name={name}
                      archived={p.Archiviato}
                      busy={setPatientArchived.isPending}
                      onChange={(value) => setPatientArchived.mutateAsync({ ID: p.ID, archived: value })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <RegistryPagination page={page} pageCount={pageCount} onPage={setPage} />
      {editing && <PatientFormModal patient={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
