import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import { minibusName, type DayTransportRun } from '../../../../common/schemas.ts';
import type { RunPersonKind } from '../api/runs.ts';
import { operatoreLabel } from '../../../../common/people.ts';

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

/** One minibus run: times, minibus, passengers and staff, each removable; people are added through the search dialog. */
export function RunCard({ run, busy, onEdit, onDelete, onAdd, onRemove }: Props) {
  const title = runTitle(run);
  const people = (kind: RunPersonKind, heading: string, addLabel: string, list: { id: number; name: string }[]) => (
    <div className="col-md-6">
      <h4 className="h6 text-muted text-uppercase small mb-2">{heading}</h4>
      {list.length === 0 && <p className="text-muted small mb-2">Nessuno</p>}
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={`${heading} di ${title}`}>
        {list.map((p) => (
          <li key={p.id} className="person-chip">
            <span>{p.name}</span>
            <CloseButton aria-label={`Togli ${p.name}`} disabled={busy} onClick={() => onRemove(kind, p.id, p.name)} />
          </li>
        ))}
      </ul>
      <Button size="sm" variant="outline-success" disabled={busy} onClick={() => onAdd(kind)} aria-label={`${addLabel} a ${title}`}>
        + {addLabel}
      </Button>
    </div>
  );

  return (
    <Card as="article" className="run-card shadow-sm" aria-label={title}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h3 className="h6 mb-0 me-auto">
          <span className="run-time">
            {run.Ora.slice(0, 5)}–{run.OraArrivo.slice(0, 5)}
          </span>{' '}
          {run.Tratta}
        </h3>
        <Badge
          bg={run.RifPulmino === 1 ? 'light' : 'primary'}
          text={run.RifPulmino === 1 ? 'dark' : undefined}
          className={run.RifPulmino === 1 ? 'border' : undefined}
        >
          {minibusName(run)}
        </Badge>
        <Button size="sm" variant="outline-primary" disabled={busy} onClick={onEdit} aria-label={`Modifica ${title}`}>
          Modifica
        </Button>
        <Button size="sm" variant="outline-danger" disabled={busy} onClick={onDelete} aria-label={`Elimina ${title}`}>
          Elimina
        </Button>
      </Card.Header>
      <Card.Body className="row g-3">
        {people(
          'paziente',
          'Passeggeri',
          'Aggiungi passeggero',
          run.Pazienti.map((p) => ({ id: p.RifPaziente, name: `${p.Nome} ${p.Cognome}` })),
        )}
        {people(
          'terapista',
          'Operatori',
          'Aggiungi operatore',
          run.Terapisti.map((t) => ({ id: t.RifTerapista, name: operatoreLabel(t) })),
        )}
      </Card.Body>
    </Card>
  );
}
