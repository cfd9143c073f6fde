import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { agendaOf, schedaOf } from '../../../../common/paths.ts';
import { MSG } from '../../../../common/messages.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useRemovePerson } from '../api/people-writes.ts';
import type { PersonKind } from '../../../lib/people-search.ts';
import type { DayActivity } from '../types.ts';

const TITLES: Record<PersonKind, string> = { paziente: 'Gestione Paziente', terapista: 'Gestione Terapista' };
const CONFIRMS: Record<PersonKind, string> = { paziente: MSG.confirmRemovePatient, terapista: MSG.confirmRemoveTherapist };

interface Props {
  day: string;
  kind: PersonKind;
  linkId: number;
  name: string;
  activity: DayActivity;
  /** The person's own id: the dialog links to their agenda. */
  personId?: number;
  onClose: () => void;
}

/** Gestione Paziente / Gestione Terapista: removes one person from one activity, after the browser's confirmation. */
export function PersonRemovalModal({ day, kind, linkId, name, activity, personId, onClose }: Props) {
  const removePerson = useRemovePerson(day);

  const remove = async () => {
    if (!window.confirm(CONFIRMS[kind])) return;
    const done = await withToasts(removePerson.mutateAsync({ kind, linkId }), { success: MSG.deleted });
    if (done) onClose();
  };

  return (
    <Modal show onHide={onClose} aria-labelledby="person-removal-title">
      <Modal.Header closeButton closeLabel="Chiudi">
        <Modal.Title id="person-removal-title">{TITLES[kind]}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fs-5 mb-1">{name}</p>
        <p className="text-muted mb-0">
          {activity.NomeAttivita} · {activity.OraInizio}–{activity.OraFine}
        </p>
        {personId !== undefined && (
          <Link className="btn btn-outline-primary mt-3" to={agendaOf(kind, personId, day)}>
            Apri l&apos;agenda di {name}
          </Link>
        )}
        {personId !== undefined && kind === 'paziente' && (
          <Link className="btn btn-outline-primary mt-3 ms-2" to={`${schedaOf(personId)}&data=${day}`}>
            Scheda e progetto di {name}
          </Link>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Annulla
        </Button>
        <Button variant="danger" onClick={() => void remove()} disabled={removePerson.isPending}>
          Elimina
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
