import { useQuery } from '@tanstack/react-query';
import { PROFILI, type TipoRecord } from '../../../../common/progetti.ts';
import { activityTypesQueryOptions } from '../../../lib/activity-types.ts';
import { useSetTypeArchived } from '../api/types.ts';
import { ArchivableTab } from './archivable-tab.tsx';
import { TypeFormModal } from './type-form-modal.tsx';

/** "Individuale", "Gruppo fino a 8". */
export const partecipantiText = (n: number) => (n === 1 ? 'Individuale' : `Gruppo fino a ${n}`);

const useTypes = (archived: boolean) => useQuery(activityTypesQueryOptions(archived));
const TypeForm = ({ record, onClose }: { record?: TipoRecord; onClose: () => void }) => <TypeFormModal type={record} onClose={onClose} />;

/** Tipi di attività: name, the profile that gives it, individual or group, default minutes; create, edit, archive and restore. */
export function TypesTab() {
  return (
    <ArchivableTab<TipoRecord>
      id="types"
      title="Tipi di attività"
      archivedTitle="Tipi di attività archiviati"
      newLabel="Nuovo tipo"
      editLabel="Modifica"
      label="tipi di attività"
      emptyText="Nessun tipo di attività: aggiungine uno con «Nuovo tipo»."
      emptyArchivedText="Nessun tipo archiviato."
      notice={
        <p className="text-muted small">
          Un tipo dice chi può svolgere un’attività e quanto dura di solito: il calendario lo propone e i progetti degli utenti lo contano.
        </p>
      }
      useList={useTypes}
      useSetArchived={useSetTypeArchived}
      columns={() => [
        { header: 'Nome', td: 'fw-semibold', cell: (t) => t.Nome },
        { header: 'Profilo', cell: (t) => (t.profilo ? PROFILI[t.profilo] : <span className="text-muted">qualsiasi</span>) },
        { header: 'Partecipanti', cell: (t) => partecipantiText(t.partecipanti) },
        { header: 'Minuti', td: 'text-nowrap', cell: (t) => `${t.minuti} min` },
      ]}
      Form={TypeForm}
    />
  );
}
