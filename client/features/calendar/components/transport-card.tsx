import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths.ts';
import { cardElementId, personInConflict, type CardConflict } from '../conflicts.ts';
import type { PlacedRun } from '../day-grid.ts';
import { minibusLabel, type DayActivity } from '../types.ts';
import { AbsentName } from './absent-name.tsx';
import { ConflictIcon, ConflictNotes } from './conflict-marks.tsx';
import { operatoreLabel } from '../../../../common/people.ts';
import { absentNote } from '../../../../common/absence-reasons.ts';
import { mezzoClass } from '../../../lib/mezzi.ts';

interface Props {
  placed: PlacedRun;
  day: string;
  /** Administrators only: opens Modifica Attività of the run's TRASPORTO activity, where it can only be deleted. */
  onEdit?: (activity: DayActivity) => void;
  /** The run's conflicts (docs/product.md, Regole, Conflitti): red edge, a note each, the people marked. */
  conflicts?: CardConflict[];
}

const uscitePath = (day: string) => `${paths.anagrafiche}?scheda=uscite&data=${encodeURIComponent(day)}`;

/**
 * A minibus run in Attività esterne, kept short so the morning fits the first screen: route, times, the mezzo (its
 * colour and its name), the staff with the autista, and the number of passengers on board with the stops on demand:
 * in order, with the stop's time, ♿ for a wheelchair, the absent struck through with the reason.
 */
export const TransportCard = memo(function TransportCard({ placed, day, onEdit, conflicts }: Props) {
  const { run, transport, start, end } = placed;
  const title = run?.Tratta ?? transport?.NomeAttivita ?? '';
  const passengers =
    run?.Pazienti.map((p) => ({
      name: `${p.Nome} ${p.Cognome}`,
      clash: personInConflict(conflicts, 'paziente', p.RifPaziente),
      motivo: p.Assente ? p.Motivo : undefined,
      time: p.OraFermata ? p.OraFermata.slice(0, 5) : null,
      wheelchair: !!p.Carrozzina,
    })) ?? [];
  // Who does not get on today (Presenze) stays on the run, struck through, and takes no seat.
  const onBoard = passengers.filter((p) => !p.motivo).length;
  const notBoarding = passengers.length - onBoard;
  const driverId = run?.RifAutista ?? null;
  const staff =
    run?.Terapisti.map((t) => ({
      name: operatoreLabel(t),
      driver: t.RifTerapista === driverId,
      clash: personInConflict(conflicts, 'terapista', t.RifTerapista),
      motivo: t.Assente ? t.Motivo : undefined,
    })) ?? [];
  const soloDriver = staff.length === 1 && staff[0].driver;
  let name = <span className="activity-name">{title}</span>;
  if (onEdit && transport) {
    name = (
      <button type="button" className="activity-name p-0 btn btn-link" title="Modifica attività" onClick={() => onEdit(transport)}>
        {title}
      </button>
    );
  } else if (onEdit && run) {
    name = (
      <Link className="activity-name link-primary text-decoration-none" to={uscitePath(day)} title="Gestisci in Anagrafiche → Uscite">
        {title}
      </Link>
    );
  }
  return (
    <div
      id={cardElementId(placed.key)}
      tabIndex={-1}
      className={conflicts?.length ? 'activity-card transport-card has-conflict' : 'activity-card transport-card'}
      role="group"
      aria-label={`${title}, Attività esterne, ${start}–${end}`}
    >
      <div className="activity-head">
        {conflicts?.length ? <ConflictIcon /> : null}
        {name}{' '}
        <span className="activity-time d-inline">
          {start}–{end}
        </span>
      </div>
      <ConflictNotes conflicts={conflicts} />
      {run && (
        <>
          <div className="run-staff">
            <span className={mezzoClass(run.Mezzo?.colore, run.RifPulmino)}>{minibusLabel(run)}</span>{' '}
            {/* The autista alone on board is named as such, on one line: the demo's morning stays on the first screen. */}
            <span className="people-title d-inline">{soloDriver ? 'Autista' : 'Operatori'}</span>{' '}
            <span className="people-inline">
              {staff.length > 0
                ? staff.map((t, i) => (
                    <span key={i}>
                      {i > 0 && ', '}
                      <span className={t.clash ? 'person-conflict' : undefined}>
                        <AbsentName name={t.name} motivo={t.motivo} />
                      </span>
                      {t.driver && !soloDriver && <span className="text-muted"> (autista)</span>}
                    </span>
                  ))
                : 'nessuno'}
            </span>
          </div>
          {passengers.length > 0 ? (
            <details className="run-passengers">
              <summary>
                {onBoard === 1 ? '1 passeggero' : `${onBoard} passeggeri`}
                {notBoarding > 0 && `, ${notBoarding} non ${notBoarding === 1 ? 'sale' : 'salgono'}`}
              </summary>
              <ol className="people-list run-stops-list" aria-label={`Fermate di ${title}, in ordine`}>
                {passengers.map((p, i) => (
                  <li key={i} className={p.clash ? 'person-conflict' : undefined}>
                    {p.time && <span className="run-stop-time">{p.time} </span>}
                    <AbsentName name={p.name} motivo={p.motivo} />
                    {p.wheelchair && (
                      <span title="Viaggia in carrozzina">
                        {' '}
                        <span aria-hidden="true">♿</span>
                        <span className="visually-hidden">carrozzina</span>
                      </span>
                    )}
                    {/* Seen here; read once, with the name (AbsentName). */}
                    {p.motivo && (
                      <span className="text-muted" aria-hidden="true">
                        {' '}
                        ({absentNote(p.motivo)})
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </details>
          ) : (
            <div className="run-passengers text-muted">Nessun passeggero</div>
          )}
        </>
      )}
    </div>
  );
});
