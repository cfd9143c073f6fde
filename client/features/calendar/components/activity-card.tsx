import { memo, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { activityHistory, agendaOf } from '../../../../common/paths.ts';
import type { PersonKind } from '../../../lib/people-search.ts';
import { cardElementId, personInConflict, type CardConflict } from '../conflicts.ts';
import { AbsentName } from './absent-name.tsx';
import { ConflictIcon, ConflictNotes } from './conflict-marks.tsx';
import type { PlacedActivity } from '../day-grid.ts';
import type { DayActivity } from '../types.ts';
import { operatoreLabel } from '../../../../common/people.ts';

export interface CardActions {
  onEdit: (activity: DayActivity) => void;
  onAddPerson: (kind: PersonKind, activity: DayActivity) => void;
  /** personId: the patient's or therapist's own id (their agenda), linkId the link to this activity. */
  onManagePerson: (kind: PersonKind, linkId: number, name: string, activity: DayActivity, personId?: number) => void;
  /** Storico: opens the registro on this activity's history, in the app (a plain link otherwise). */
  onHistory?: (activity: DayActivity) => void;
  /** Chi può sostituire, beside a note about an operatore absent, of another profile or outside her availability. */
  onSubstitute?: (conflict: CardConflict) => void;
}

/** A plain click stays in the app; a click meant for a new tab or window is the browser's. */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

interface Props {
  placed: PlacedActivity;
  roomLabel: string;
  /** Present for administrators only: without it the card has no controls at all. */
  actions?: CardActions;
  /** The card's conflicts (docs/product.md, Regole, Conflitti): red edge, a note each, the people marked. */
  conflicts?: CardConflict[];
}

/**
 * One ordinary activity: its name, its users (patients) and its operators (therapists). A day has hundreds of cards:
 * Bootstrap's classes on plain buttons (react-bootstrap's Button costs a few hooks each) and no new render unless its
 * own props change (docs/decisions/0036-first-visit-budget.md, the paint).
 */
export const ActivityCard = memo(function ActivityCard({ placed, roomLabel, actions, conflicts }: Props) {
  const { activity, start, end } = placed;
  const people = [
    {
      kind: 'paziente' as const,
      title: 'Utenti',
      addLabel: `Aggiungi utente a ${activity.NomeAttivita}`,
      list: activity.Pazienti.map((p) => ({
        linkId: p.ID,
        personId: p.RifPaziente,
        name: `${p.Nome} ${p.Cognome}`,
        clash: personInConflict(conflicts, 'paziente', p.RifPaziente),
        motivo: p.Assente ? p.Motivo : undefined,
      })),
    },
    {
      kind: 'terapista' as const,
      title: 'Operatori',
      addLabel: `Aggiungi operatore a ${activity.NomeAttivita}`,
      list: activity.Terapisti.map((t) => ({
        linkId: t.ID,
        personId: t.RifTerapista,
        name: operatoreLabel(t),
        clash: personInConflict(conflicts, 'terapista', t.RifTerapista),
        motivo: t.Assente ? t.Motivo : undefined,
      })),
    },
  ];
  return (
    <div
      id={cardElementId(placed.key)}
      tabIndex={-1}
      className={conflicts?.length ? 'activity-card has-conflict' : 'activity-card'}
      role="group"
      aria-label={`${activity.NomeAttivita}, ${roomLabel}, ${start}–${end}`}
    >
      <div className="activity-head">
        {conflicts?.length ? <ConflictIcon /> : null}
        {actions ? (
          <button
            type="button"
            className="activity-name p-0 btn btn-link"
            title="Modifica attività"
            onClick={() => actions.onEdit(activity)}
          >
            {activity.NomeAttivita}
          </button>
        ) : (
          <span className="activity-name">{activity.NomeAttivita}</span>
        )}
        <span className="activity-time">
          {start}–{end}
          {actions?.onHistory && (
            <a
              className="activity-history link-secondary ms-2"
              href={activityHistory(activity.ID)}
              aria-label={`Storico di ${activity.NomeAttivita}`}
              title="Chi ha cambiato questa attività e quando (Registro)"
              onClick={(e) => {
                if (!isPlainClick(e)) return;
                e.preventDefault();
                actions.onHistory?.(activity);
              }}
            >
              Storico
            </a>
          )}
        </span>
      </div>
      <ConflictNotes conflicts={conflicts} onSubstitute={actions?.onSubstitute} />
      {people.map((group) => (
        <div key={group.kind} className="people">
          <div className="people-title">
            <span>{group.title}</span>
            {actions && (
              <button
                type="button"
                className="add-person btn btn-outline-primary btn-sm"
                aria-label={group.addLabel}
                title={group.addLabel}
                onClick={() => actions.onAddPerson(group.kind, activity)}
              >
                [+]
              </button>
            )}
          </div>
          {group.list.length > 0 && (
            <ul className="people-list">
              {group.list.map((person) => (
                <li key={person.linkId} className={person.clash ? 'person-conflict' : undefined}>
                  <AbsentName
                    name={person.name}
                    motivo={person.motivo}
                    render={
                      actions
                        ? (label) => (
                            <button
                              type="button"
                              className="person-link"
                              title={person.motivo ? undefined : group.kind === 'paziente' ? 'Gestione paziente' : 'Gestione terapista'}
                              onClick={() => actions.onManagePerson(group.kind, person.linkId, person.name, activity, person.personId)}
                            >
                              {label}
                            </button>
                          )
                        : (label) => (
                            // Without the card's actions, the name opens the person's agenda (docs/product.md, Schermate, Agenda).
                            <Link
                              className="person-link"
                              to={agendaOf(group.kind, person.personId, activity.Data)}
                              title={`Agenda di ${person.name}`}
                            >
                              {label}
                            </Link>
                          )
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
});
