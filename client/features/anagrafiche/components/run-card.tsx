import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import { MSG } from '../../../../common/messages.ts';
import { operatoreLabel } from '../../../../common/people.ts';
import { minibusName, type DayTransportRun } from '../../../../common/schemas.ts';
import { mezzoClass } from '../../../lib/mezzi.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useRunDriver, type RunPersonKind } from '../api/runs.ts';
import { RunStops } from './run-stops.tsx';

export { minibusName };
export const runTitle = (run: DayTransportRun) => `${run.Tratta} ${run.Ora.slice(0, 5)}–${run.OraArrivo.slice(0, 5)}`;

interface Props {
  run: DayTransportRun;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onAdd: (kind: RunPersonKind) => void;
  onRemove: (kind: RunPersonKind, personId: number, name: string) => void;
}

/**
 * One run: times, mezzo (its colour and its name), the stops in order (Su / Giù, the stop's time) and the staff with the
 * autista marked; people are added through the search dialog.
 */
export function RunCard({ run, busy, onEdit, onDelete, onAdd, onRemove }: Props) {
  const title = runTitle(run);
  const driver = useRunDriver();
  const setDriver = (terapista: number | null) =>
    void withToasts(driver.mutateAsync({ uscita: run.ID, terapista }), { success: MSG.saved });
  const mezzo = run.Mezzo;
  const seats = mezzo
    ? `${mezzo.posti} posti${mezzo.postiCarrozzina > 0 ? `, ${mezzo.postiCarrozzina} per carrozzina` : ''}${mezzo.Targa ? `, targa ${mezzo.Targa}` : ''}`
    : '';

  return (
    <Card as="article" className="run-card shadow-sm" aria-label={title}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h3 className="h6 mb-0 me-auto">
          <span className="run-time">
            {run.Ora.slice(0, 5)}–{run.OraArrivo.slice(0, 5)}
          </span>{' '}
          {run.Tratta}
        </h3>
        <span className={mezzoClass(mezzo?.colore, run.RifPulmino)}>{minibusName(run)}</span>
        {seats && <span className="small text-muted">{seats}</span>}
        <Button size="sm" variant="outline-primary" disabled={busy} onClick={onEdit} aria-label={`Modifica ${title}`}>
          Modifica
        </Button>
        <Button size="sm" variant="outline-danger" disabled={busy} onClick={onDelete} aria-label={`Elimina ${title}`}>
          Elimina
        </Button>
      </Card.Header>
      <Card.Body className="row g-3">
        <div className="col-md-7">
          <h4 className="h6 text-muted text-uppercase small mb-2">Fermate</h4>
          <RunStops run={run} busy={busy} onRemove={(id, name) => onRemove('paziente', id, name)} />
          <AddButton word="passeggero" title={title} disabled={busy} onClick={() => onAdd('paziente')} />
        </div>
        <div className="col-md-5">
          <h4 className="h6 text-muted text-uppercase small mb-2">Operatori</h4>
          {run.Terapisti.length === 0 && <p className="text-muted small mb-2">Nessuno: serve almeno l’autista</p>}
          <ul className="list-unstyled d-grid gap-2 mb-2" aria-label={`Operatori di ${title}`}>
            {run.Terapisti.map((t) => {
              const name = operatoreLabel(t);
              const isDriver = run.RifAutista === t.RifTerapista;
              return (
                <li key={t.RifTerapista} className="person-chip justify-content-between">
                  <span>
                    {t.Assente ? <s>{name}</s> : name}
                    {isDriver && <span className="badge text-bg-dark ms-2">autista</span>}
                  </span>
                  <span className="d-inline-flex align-items-center gap-1">
                    <Button
                      size="sm"
                      variant={isDriver ? 'dark' : 'outline-dark'}
                      aria-pressed={isDriver}
                      disabled={busy || driver.isPending}
                      onClick={() => setDriver(isDriver ? null : t.RifTerapista)}
                      aria-label={`Autista: ${name}`}
                    >
                      Autista
                    </Button>
                    <CloseButton aria-label={`Togli ${name}`} disabled={busy} onClick={() => onRemove('terapista', t.RifTerapista, name)} />
                  </span>
                </li>
              );
            })}
          </ul>
          <AddButton word="operatore" title={title} disabled={busy} onClick={() => onAdd('terapista')} />
        </div>
      </Card.Body>
    </Card>
  );
}

/** "+ Aggiungi passeggero" / "+ Aggiungi operatore", named with the run for a screen reader. */
function AddButton({ word, title, disabled, onClick }: { word: string; title: string; disabled: boolean; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline-success" disabled={disabled} onClick={onClick} aria-label={`Aggiungi ${word} a ${title}`}>
      + Aggiungi {word}
    </Button>
  );
}
