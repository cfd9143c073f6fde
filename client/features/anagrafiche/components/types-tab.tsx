import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PROFILI, type TipoRecord } from '../../../../common/progetti.ts';
import { activityTypesQueryOptions } from '../../../lib/activity-types.ts';
import { useSetTypeArchived } from '../api/types.ts';
import { EditArchiveActions } from './archive-button.tsx';
import { RecordsTab } from './records-tab.tsx';
import { TypeFormModal } from './type-form-modal.tsx';

/** "Individuale", "Gruppo fino a 8". */
export const partecipantiText = (n: number) => (n === 1 ? 'Individuale' : `Gruppo fino a ${n}`);

/** Tipi di attività: name, the profile that gives it, individual or group, default minutes; create, edit, archive and restore. */
export function TypesTab() {
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<TipoRecord | 'new' | null>(null);
  const list = useQuery(activityTypesQueryOptions(archived));
  const setTypeArchived = useSetTypeArchived();
  return (
    <RecordsTab
      id="types"
      title="Tipi di attività"
      count={list.data?.length}
      archived={{ checked: archived, onChange: setArchived }}
      newLabel="Nuovo tipo"
      onNew={() => setEditing('new')}
      notice={
        !archived && (
          <p className="text-muted small">
            Un tipo dice chi può svolgere un’attività e quanto dura di solito: il calendario lo propone e i progetti degli utenti lo
            contano.
          </p>
        )
      }
      state={{
        label: 'tipi di attività',
        isPending: list.isPending,
        error: list.error,
        emptyText: archived ? 'Nessun tipo archiviato.' : 'Nessun tipo di attività: aggiungine uno con «Nuovo tipo».',
      }}
      items={list.data ?? []}
      tableLabel={archived ? 'Tipi di attività archiviati' : 'Tipi di attività'}
      rowKey={(t) => t.ID}
      columns={[
        { header: 'Nome', td: 'fw-semibold', cell: (t) => t.Nome },
        { header: 'Profilo', cell: (t) => (t.profilo ? PROFILI[t.profilo] : <span className="text-muted">qualsiasi</span>) },
        { header: 'Partecipanti', cell: (t) => partecipantiText(t.partecipanti) },
        { header: 'Minuti', td: 'text-nowrap', cell: (t) => `${t.minuti} min` },
      ]}
      actions={(t) => (
        <EditArchiveActions
          name={t.Nome}
          editLabel="Modifica"
          onEdit={() => setEditing(t)}
          archived={t.Archiviato}
          busy={setTypeArchived.isPending}
          onChange={(value) => setTypeArchived.mutateAsync({ ID: t.ID, archived: value })}
        />
      )}
    >
      {editing && <TypeFormModal type={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </RecordsTab>
  );
}
