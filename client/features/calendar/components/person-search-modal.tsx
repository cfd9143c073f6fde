import { PersonSearchDialog } from '../../../components/person-search-dialog.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import type { PersonKind, PersonMatch } from '../../../lib/people-search.ts';
import { useAddPerson } from '../api/people-writes.ts';
import { busyPlaces } from '../conflicts.ts';
import type { DayActivity, Giornata } from '../types.ts';

interface Props {
  day: string;
  kind: PersonKind;
  activity: DayActivity;
  /** The loaded day: where each person found already is at the activity's time. */
  giornata?: Giornata;
  roomLabel: (id: number) => string;
  onClose: () => void;
}

/**
 * Aggiungi Paziente / Aggiungi Terapista of an activity: the shared search dialog, adding to this activity.
 * A person already busy at that time is said so ("già in Logopedia 09:00–10:00"); adding them still works.
 */
export function PersonSearchModal({ day, kind, activity, giornata, roomLabel, onClose }: Props) {
  const addPerson = useAddPerson(day);
  const busyIn = (person: PersonMatch) => (giornata ? busyPlaces(giornata, kind, person.ID, activity, roomLabel).join(', ') : '');
  return (
    <PersonSearchDialog
      kind={kind}
      context={`${activity.NomeAttivita} · ${activity.OraInizio}–${activity.OraFine}`}
      busy={addPerson.isPending}
      noteFor={(person) => {
        const where = busyIn(person);
        return where ? `già in ${where}` : undefined;
      }}
      onAdd={(person) => {
        const where = busyIn(person);
        return withToasts(addPerson.mutateAsync({ kind, personId: person.ID, activityId: activity.ID }), {
          success: `${person.label} inserito in ${activity.NomeAttivita}${where ? `, ma è già in ${where}` : ''}`,
          successDuration: where ? 6000 : undefined,
        });
      }}
      onClose={onClose}
    />
  );
}
