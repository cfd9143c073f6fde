import { NO_PROFILE_LABEL, PROFILI } from '../../../../common/progetti.ts';
import { useState } from 'react';
import type { TherapistRecord } from '../../../../common/anagrafiche.ts';
import { useAccounts } from '../api/accounts.ts';
import { useSetTherapistArchived, useTherapists } from '../api/therapists.ts';
import { EditArchiveActions } from './archive-button.tsx';
import { emptyPeopleText, RecordsTab } from './records-tab.tsx';
import { TherapistFormModal } from './therapist-form-modal.tsx';
import { agendaOf } from '../../../../common/paths.ts';
import { nameKey, operatoreLabel } from '../../../../common/people.ts';

/** Terapisti (shown as operatori): username, optional sign-in account, archive and restore. */
export function TherapistsTab() {
  const [text, setText] = useState('');
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<TherapistRecord | 'new' | null>(null);
  const list = useTherapists(archived);
  const accounts = useAccounts();
  const setTherapistArchived = useSetTherapistArchived();
  const accountName = new Map((accounts.data ?? []).map((a) => [a.ID, a.username]));
  const words = text.trim().split(/\s+/).filter(Boolean).map(nameKey);
  // As the server searches (common/people.ts): name, surname or username, accents and case aside.
  const items = (list.data ?? []).filter((t) => {
    const keys = [t.Nome, t.Cognome, t.username].map(nameKey);
    return words.every((w) => keys.some((k) => k.includes(w)));
  });

  return (
    <RecordsTab
      id="therapists"
      title="Operatori"
      count={list.data?.length}
      search={{ label: 'Cerca operatori', placeholder: 'Nome, cognome o username', value: text, onChange: setText }}
      archived={{ checked: archived, onChange: setArchived }}
      newLabel="Nuovo operatore"
      onNew={() => setEditing('new')}
      state={{
        label: 'operatori',
        query: list,
        emptyText: emptyPeopleText('operatore', archived, words.length > 0),
      }}
      items={items}
      tableLabel={archived ? 'Operatori archiviati' : 'Operatori'}
      rowKey={(t) => t.ID}
      columns={[
        { header: 'Username', td: 'fw-semibold', cell: (t) => t.username },
        {
          header: 'Nome e cognome',
          cell: (t) => (operatoreLabel(t) === t.username ? <span className="text-muted">—</span> : operatoreLabel(t)),
        },
        {
          header: 'Profilo',
          cell: (t) => (t.profilo ? PROFILI[t.profilo] : <span className="text-muted fst-italic">{NO_PROFILE_LABEL}</span>),
        },
        {
          header: 'Account collegato',
          cell: (t) => (t.RifUtente ? (accountName.get(t.RifUtente) ?? `#${t.RifUtente}`) : <span className="text-muted">—</span>),
        },
      ]}
      actions={(t) => (
        <EditArchiveActions
          name={operatoreLabel(t)}
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
