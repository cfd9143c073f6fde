import { MSG } from '../../../../common/messages.ts';
import { PersonSearchDialog } from '../../../components/person-search-dialog.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import type { PersonKind } from '../../../lib/search-people.ts';
import { useAddPerson } from '../api/people-writes.ts';
import type { DayActivity } from '../types.ts';

interface Props {
  day: string;
  kind: PersonKind;
  activity: DayActivity;
  onClose: () => void;
}

/** Aggiungi Paziente / Aggiungi Terapista of an activity: the shared search dialog, adding to this activity. */
export function PersonSearchModal({ day, kind, activity, onClose }: Props) {
  const addPerson = useAddPerson(day);
  return (
    <PersonSearchDialog
      kind={kind}
      context={`${activity.NomeAttivita} · ${activity.OraInizio}–${activity.OraFine}`}
      busy={addPerson.isPending}
      onAdd={(person) => withToasts(addPerson.mutateAsync({ kind, personId: person.ID, activityId: activity.ID }), { success: MSG.personInserted })}
      onClose={onClose}
    />
  );
}
