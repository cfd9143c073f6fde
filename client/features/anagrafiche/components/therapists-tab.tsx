import { useState } from 'react';
import type { TherapistRecord } from '../../../../common/anagrafiche.ts';
import { useAccounts } from '../api/accounts.ts';
import { useSetTherapistArchived, useTherapists } from '../api/therapists.ts';
import { EditArchiveActions } from './archive-button.tsx';
import { RecordsTab } from './records-tab.tsx';
import { TherapistFormModal } from './therapist-form-modal.tsx';
import { agendaOf } from '../../../../common/paths.ts';

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
    <RecordsTab
      id="therapists"
      title="Operatori"
      count={list.data?.length}
      search={{ label: 'Cerca operatori', placeholder: 'Username', value: text, onChange: setText }}
      archived={{ checked: archived, onChange: setArchived }}
      newLabel="Nuovo operatore"
      onNew={() => setEditing('new')}
      state={{
        label: 'operatori',
        isPending: list.isPending,
        error: list.error,
        emptyText: archived
          ? 'Nessun operatore archiviato.'
          : words.length
            ? 'Nessun operatore trovato.'
            : 'Nessun operatore: aggiungine uno con «Nuovo operatore».',
      }}
      items={items}
      tableLabel={archived ? 'Operatori archiviati' : 'Operatori'}
      rowKey={(t) => t.ID}
      columns={[
        { header: 'Username', td: 'fw-semibold', cell: (t) => t.username },
        {
          header: 'Account collegato',
          cell: (t) => (t.RifUtente ? (accountName.get(t.RifUtente) ?? `#${t.RifUtente}`) : <span className="text-muted">—</span>),
        },
      ]}
      actions={(t) => (
        <EditArchiveActions
          name={t.username}
          editLabel="Modifica"
          onEdit={() => setEditing(t)}
          agenda={agendaOf('terapista', t.ID)}
          archived={t.Archiviato}
          busy={setTherapistArchived.isPending}
          onChange={(value) => setTherapistArchived.mutateAsync({ ID: t.ID, archived: value })}
        />
      )}
    >
      {editing && (
        <TherapistFormModal
          therapist={editing === 'new' ? undefined : editing}
          accounts={accounts.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </RecordsTab>
  );
}
