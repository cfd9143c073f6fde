import Button from 'react-bootstrap/Button';
import type { PlacedActivity } from '../day-grid.ts';
import { minibusLabel, type DayActivity } from '../types.ts';

interface Props {
  placed: PlacedActivity;
  /** Administrators only: opens Modifica Attività, where a transport can only be deleted. */
  onEdit?: (activity: DayActivity) => void;
}

/** A transport run placed in the calendar: route, times, minibus, passengers and staff. */
export function TransportCard({ placed, onEdit }: Props) {
  const { activity, run, start, end } = placed;
  const title = run?.Tratta ?? activity.NomeAttivita;
  return (
    <div className="activity-card transport-card" role="group" aria-label={`${title}, Attività esterne, ${start}–${end}`}>
      <div className="activity-head">
        {onEdit ? (
          <Button variant="link" className="activity-name p-0" title="Modifica attività" onClick={() => onEdit(activity)}>
            {title}
          </Button>
        ) : (
          <span className="activity-name">{title}</span>
        )}
        <span className="activity-time">
          {start}–{end}
        </span>
      </div>
      {run && (
        <>
          <div className={run.RifPulmino === 1 ? 'minibus minibus-white' : 'minibus minibus-blue'}>{minibusLabel(run)}</div>
          <div className="people">
            <div className="people-title">Passeggeri</div>
            <div className="people-inline">{run.Pazienti.map((p) => `${p.Nome} ${p.Cognome}`).join(', ')}</div>
          </div>
          <div className="people">
            <div className="people-title">Operatori</div>
            <div className="people-inline">{run.Terapisti.map((t) => t.username).join(', ')}</div>
          </div>
        </>
      )}
    </div>
  );
}
