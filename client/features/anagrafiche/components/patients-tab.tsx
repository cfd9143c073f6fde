import { useState } from 'react';
import type { PatientRecord } from '../../../../common/anagrafiche.ts';
import { formatMobile } from '../../../lib/phone.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePatients, useSetPatientArchived } from '../api/patients.ts';
import { AnagrafichePagination } from './anagrafiche-pagination.tsx';
import { EditArchiveActions } from './archive-button.tsx';
import { PatientFormModal } from './patient-form-modal.tsx';
import { emptyPeopleText, RecordsTab } from './records-tab.tsx';
import { agendaOf, schedaOf } from '../../../../common/paths.ts';

/** Pazienti: search, pages of 25, create, edit, archive and restore. */
export function PatientsTab() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<PatientRecord | 'new' | null>(null);
  const q = useDebouncedValue(text.trim(), 250);
  const list = usePatients(q, page, archived);
  const setPatientArchived = useSetPatientArchived();
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <RecordsTab
      id="patients"
      title="Pazienti"
      count={list.data?.total}
      search={{
        label: 'Cerca pazienti',
        placeholder: 'Nome o cognome',
        value: text,
        onChange: (value) => {
          setText(value);
          setPage(1);
        },
      }}
      archived={{
        checked: archived,
        onChange: (value) => {
          setArchived(value);
          setPage(1);
        },
      }}
      newLabel="Nuovo paziente"
      onNew={() => setEditing('new')}
      state={{
        label: 'pazienti',
        query: list,
        emptyText: emptyPeopleText('paziente', archived, !!q),
      }}
      items={list.data?.items ?? []}
      tableLabel={archived ? 'Pazienti archiviati' : 'Pazienti'}
      rowKey={(p) => p.ID}
      columns={[
        { header: 'Cognome', td: 'fw-semibold', cell: (p) => p.Cognome },
        { header: 'Nome', cell: (p) => p.Nome },
        {
          header: 'Cellulare',
          td: 'text-nowrap',
          cell: (p) =>
            p.Cellulare ? <a href={`tel:${p.Cellulare}`}>{formatMobile(p.Cellulare)}</a> : <span className="text-muted">—</span>,
        },
      ]}
      actions={(p) => (
        <EditArchiveActions
          name={`${p.Nome} ${p.Cognome}`}
          editLabel="Modifica"
          onEdit={() => setEditing(p)}
          agenda={agendaOf('paziente', p.ID)}
          scheda={schedaOf(p.ID)}
          archived={p.Archiviato}
          busy={setPatientArchived.isPending}
          onChange={(value) => setPatientArchived.mutateAsync({ ID: p.ID, archived: value })}
        />
      )}
    >
      <AnagrafichePagination page={page} pageCount={pageCount} onPage={setPage} />
      {editing && <PatientFormModal patient={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </RecordsTab>
  );
}
