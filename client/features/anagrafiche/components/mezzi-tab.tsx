import type { MezzoRecord } from '../../../../common/trasporti.ts';
import { coloreLabel, mezzoClass } from '../../../lib/mezzi.ts';
import { useMezzi, useSetMezzoArchived } from '../api/mezzi.ts';
import { ArchivableTab } from './archivable-tab.tsx';
import { MezzoFormModal } from './mezzo-form-modal.tsx';

/** "8 posti", "1 posto". */
export const postiText = (n: number) => (n === 1 ? '1 posto' : `${n} posti`);

/** Mezzi: the centre's minibuses, with seats, wheelchair places and colour; create, edit, archive and restore. */
export function MezziTab() {
  return (
    <ArchivableTab<MezzoRecord>
      id="mezzi"
      title="Mezzi"
      archivedTitle="Mezzi archiviati"
      newLabel="Nuovo mezzo"
      editLabel="Modifica"
      label="mezzi"
      emptyText="Nessun mezzo: aggiungine uno con «Nuovo mezzo»."
      emptyArchivedText="Nessun mezzo archiviato."
      notice={
        <p className="text-muted small">
          Le uscite usano questi mezzi: il calendario avvisa quando passeggeri e operatori sono più dei posti, quando le carrozzine sono più
          dei posti attrezzati e quando un mezzo è su due uscite alla stessa ora.
        </p>
      }
      useList={useMezzi}
      useSetArchived={useSetMezzoArchived}
      columns={() => [
        { header: 'Nome', td: 'fw-semibold', cell: (m) => m.Nome },
        { header: 'Targa', td: 'text-nowrap', cell: (m) => m.Targa || <span className="text-muted">non indicata</span> },
        { header: 'Posti', td: 'text-nowrap', cell: (m) => postiText(m.posti) },
        { header: 'Carrozzine', td: 'text-nowrap', cell: (m) => (m.postiCarrozzina === 0 ? 'nessuna' : String(m.postiCarrozzina)) },
        { header: 'Colore', cell: (m) => <span className={mezzoClass(m.colore)}>{coloreLabel(m.colore)}</span> },
      ]}
      Form={MezzoFormModal}
    />
  );
}
