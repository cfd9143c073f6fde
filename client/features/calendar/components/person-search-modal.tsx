import { absentNote, type AbsenceReason } from '../../../../common/absence-reasons.ts';
import { PersonSearchDialog } from '../../../components/person-search-dialog.tsx';
import { absenceReasonOf, useDayAbsences } from '../../../lib/absences.ts';
import { withToasts } from '../../../lib/toasts.ts';
import type { PersonKind, PersonMatch } from '../../../lib/people-search.ts';
import { useAddPerson } from '../api/people-writes.ts';
import { busyPlaces } from '../conflicts.ts';
import type { AbsentMark } from '../../../../common/schemas.ts';
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
 * Who is absent on the day, and why: the recorded absences of the day, and the day's own marks
 * (a patient marked absent at the roll call is flagged on the cards they are in).
 */
function useAbsentOnDay(day: string, kind: PersonKind, giornata: Giornata | undefined) {
  const absences = useDayAbsences(day);
  return (id: number): AbsenceReason | undefined => {
    const recorded = absenceReasonOf(absences.data, kind, id);
    if (recorded) return recorded;
    if (!giornata) return undefined;
    const groups = [...giornata.attivita, ...giornata.uscite];
    const marks: AbsentMark[] =
      kind === 'paziente'
        ? groups.flatMap((g) => g.Pazienti.filter((p) => p.RifPaziente === id))
        : groups.flatMap((g) => g.Terapisti.filter((t) => t.RifTerapista === id));
    return marks.find((m) => m.Assente)?.Motivo;
  };
}

/**
 * Aggiungi Paziente / Aggiungi Terapista of an activity: the shared search dialog, adding to this activity.
 * A person already busy at that time is said so ("già in Logopedia 09:00–10:00"), and one absent that day
 * ("assente: malattia"); adding them still works, with a warning.
 */
export function PersonSearchModal({ day, kind, activity, giornata, roomLabel, onClose }: Props) {
  const addPerson = useAddPerson(day);
  const busyIn = (person: PersonMatch) => (giornata ? busyPlaces(giornata, kind, person.ID, activity, roomLabel).join(', ') : '');
  const absentAs = useAbsentOnDay(day, kind, giornata);
  return (
    <PersonSearchDialog
      kind={kind}
      context={`${activity.NomeAttivita} · ${activity.OraInizio}–${activity.OraFine}`}
      busy={addPerson.isPending}
      noteFor={(person) => {
        const where = busyIn(person);
        const motivo = absentAs(person.ID);
        const notes = [motivo ? absentNote(motivo) : '', where ? `già in ${where}` : ''].filter(Boolean);
        return notes.length ? notes.join(' · ') : undefined;
      }}
      onAdd={(person) => {
        const where = busyIn(person);
        const motivo = absentAs(person.ID);
        const buts = [motivo ? `è ${absentNote(motivo)}` : '', where ? `è già in ${where}` : ''].filter(Boolean);
        return withToasts(addPerson.mutateAsync({ kind, personId: person.ID, activityId: activity.ID }), {
          success: `${person.label} inserito in ${activity.NomeAttivita}${buts.length ? `, ma ${buts.join(' e ')}` : ''}`,
          successDuration: buts.length ? 6000 : undefined,
        });
      }}
      onClose={onClose}
    />
  );
}
