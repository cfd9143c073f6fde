import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ANAGRAFICHE_MSG } from '../../../../common/anagrafiche.ts';
import { withToasts } from '../../../lib/toasts.ts';

interface Props {
  /** The name read with the button: "Archivia Mario Rossi". */
  name: string;
  archived: boolean;
  busy: boolean;
  onChange: (archived: boolean) => Promise<unknown>;
}

/** Archivia (after a confirmation) or Ripristina one element, with the toasts. */
export function ArchiveButton({ name, archived, busy, onChange }: Props) {
  const toggle = () => {
    if (!archived && !window.confirm(ANAGRAFICHE_MSG.confirmArchive)) return;
    void withToasts(onChange(!archived), { success: archived ? ANAGRAFICHE_MSG.restored : ANAGRAFICHE_MSG.archived });
  };
  return (
    <Button
      size="sm"
      variant={archived ? 'outline-success' : 'outline-danger'}
      disabled={busy}
      onClick={toggle}
      aria-label={`${archived ? 'Ripristina' : 'Archivia'} ${name}`}
    >
      {archived ? 'Ripristina' : 'Archivia'}
    </Button>
  );
}

interface ActionsProps extends Props {
  /** The edit button's text, read with the name: "Modifica Mario Rossi", "Rinomina Palestra". */
  editLabel: string;
  onEdit: () => void;
  /** The person's agenda (patients and therapists): an Agenda link before the buttons. */
  agenda?: string;
  /** The utente's Scheda (progetto and coverage): a Scheda link first. */
  scheda?: string;
}

/** The actions of a record that can be edited while active, and archived or restored. */
export function EditArchiveActions({ editLabel, onEdit, agenda, scheda, ...archive }: ActionsProps) {
  return (
    <>
      {scheda && (
        <Link className="btn btn-sm btn-outline-secondary" to={scheda} aria-label={`Scheda di ${archive.name}`}>
          Scheda
        </Link>
      )}
      {agenda && (
        <Link className="btn btn-sm btn-outline-secondary" to={agenda} aria-label={`Agenda di ${archive.name}`}>
          Agenda
        </Link>
      )}
      {!archive.archived && (
        <Button size="sm" variant="outline-primary" onClick={onEdit} aria-label={`${editLabel} ${archive.name}`}>
          {editLabel}
        </Button>
      )}
      <ArchiveButton {...archive} />
    </>
  );
}
