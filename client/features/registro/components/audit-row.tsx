import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { AuditRow as Row } from '../../../../common/audit.ts';
import { detailRows, formatWhen } from '../format.ts';
import { MarkedBadge } from './marked-badge.tsx';
import { TableHead } from '../../../components/table-head.tsx';

interface Props {
  row: Row;
  busy: boolean;
  /** Annulla of this row's operation (asked for confirmation by the caller). */
  onUndo: (row: Row) => void;
}

/** One change: when, who, the sentence; Dettagli opens before → after underneath; Annulla when the day can still go back. */
export function AuditRow({ row, busy, onUndo }: Props) {
  const [open, setOpen] = useState(false);
  // A sign-in or a sign-out has nothing beyond its sentence: no Dettagli then.
  const details = detailRows(row.prima, row.dopo);
  const detailsId = `registro-dettagli-${row.ID}`;
  return (
    <>
      <tr>
        <td className="text-nowrap registro-when">{formatWhen(row.quando)}</td>
        <td className="text-break registro-who">
          {row.utente}
          {row.segnalata && <MarkedBadge />}
        </td>
        <td className="registro-sentence">{row.frase}</td>
        <td className="text-end registro-actions">
          <div className="d-flex flex-wrap justify-content-end gap-1">
            {details.length > 0 && (
              <Button
                variant="outline-secondary"
                size="sm"
                aria-expanded={open}
                aria-controls={open ? detailsId : undefined}
                aria-label={`Dettagli: ${row.frase}`}
                onClick={() => setOpen((o) => !o)}
              >
                Dettagli
              </Button>
            )}
            {row.annullabile && (
              <Button variant="outline-danger" size="sm" disabled={busy} onClick={() => onUndo(row)}>
                Annulla
              </Button>
            )}
          </div>
        </td>
      </tr>
      {open && details.length > 0 && (
        <tr id={detailsId} className="registro-details">
          <td colSpan={4}>
            <Table size="sm" className="mb-0 small registro-details-table" aria-label={`Prima e dopo: ${row.frase}`}>
              <TableHead columns={['Dato', 'Prima', 'Dopo']} />
              <tbody>
                {details.map((d) => (
                  <tr key={d.label} className={d.changed ? 'registro-changed' : undefined}>
                    <th scope="row" className="fw-normal text-muted">
                      {d.label}
                    </th>
                    <td className="text-break">{d.prima}</td>
                    <td className="text-break">
                      {d.changed && <span className="visually-hidden">cambiato: </span>}
                      {d.dopo}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </td>
        </tr>
      )}
    </>
  );
}
