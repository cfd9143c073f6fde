import { useEffect, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import {
  ABSENCE_REASONS,
  absentNote,
  PRESENZE_MSG,
  REASON_LABELS,
  type AbsenceReason,
  type RollCallInput,
  type RollCallRow,
  type RollCallState,
} from '../../../../common/presenze.ts';
import { formatTime, localDateOf } from '../month.ts';
import { formatDate } from '../../../../common/dates.ts';

interface Mark {
  stato: RollCallState;
  /** '' until chosen: an absence is saved only with its reason (no default). */
  motivo: AbsenceReason | '';
  giustificata: boolean;
}

/** What the row shows: the saved mark, else what the recorded absence says, else no reason yet and justified. */
export function markOf(row: RollCallRow): Mark {
  return {
    stato: row.stato,
    motivo: row.motivo ?? row.assenza?.motivo ?? '',
    giustificata: row.giustificata ?? row.assenza?.giustificata ?? true,
  };
}

/** The two marks, as the radios show them. */
const STATI = [
  ['presente', 'Presente'],
  ['assente', 'Assente'],
] as const;

const sameMark = (a: Mark, b: Mark) =>
  a.stato === b.stato && (a.stato !== 'assente' || (a.motivo === b.motivo && a.giustificata === b.giustificata));

/** "già segnato da anna alle 08:42" (with the date when it was marked on another day). */
export function markedText(row: RollCallRow, day: string): string | null {
  if (!row.segnatoDa || !row.segnatoIl) return null;
  const on = localDateOf(row.segnatoIl);
  return `già segnato da ${row.segnatoDa}${on === day ? '' : ` il ${formatDate(on)}`} alle ${formatTime(row.segnatoIl)}`;
}

interface Props {
  row: RollCallRow;
  day: string;
  readOnly: boolean;
  /** Saves one mark; resolves once saved (or refused, or given up). */
  onSave: (mark: RollCallInput) => Promise<unknown>;
}

/**
 * One patient of the roll call: a fieldset named by the patient, so Tab moves from one patient to the next,
 * the arrow keys between Presente and Assente, and Space chooses. Each change is saved at once; until the
 * server answers, the row shows the choice just made.
 */
export function RollCallRowItem({ row, day, readOnly, onSave }: Props) {
  const [draft, setDraft] = useState<Mark | null>(null);
  const latest = useRef(0);
  const shown = draft ?? markOf(row);
  const name = `${row.Cognome} ${row.Nome}`;
  const prefix = `appello-${row.ID}`;

  const change = async (next: Mark) => {
    const attempt = ++latest.current;
    setDraft(next);
    // Assente asks the reason first: nothing is saved until it is chosen.
    const motivo = next.motivo;
    if (next.stato === 'assente' && motivo === '') return;
    const saved = await onSave({
      data: day,
      paziente: row.ID,
      presente: next.stato === 'presente',
      ...(next.stato === 'assente' && motivo !== '' ? { motivo, giustificata: next.giustificata } : {}),
    });
    // Refused: the row shows what the server has. Saved: the choice stays until the list read again holds it (the effect
    // below), so the reason's select is not taken away and given back while the list is read. A later change keeps its own.
    if (!saved && attempt === latest.current) setDraft(null);
  };

  useEffect(() => {
    if (draft && sameMark(draft, markOf(row))) setDraft(null);
  }, [draft, row]);

  const marked = markedText(row, day);
  return (
    <li className="list-group-item roll-call-row">
      <fieldset disabled={readOnly}>
        <legend className="roll-call-name fs-6 fw-semibold mb-0">{name}</legend>
        <div className="roll-call-marks">
          <div className="d-flex gap-3">
            {STATI.map(([stato, label]) => (
              <Form.Check
                key={stato}
                type="radio"
                inline
                className="me-0"
                id={`${prefix}-${stato}`}
                name={prefix}
                label={label}
                checked={shown.stato === stato}
                onChange={() => void change({ ...shown, stato })}
              />
            ))}
          </div>
          {shown.stato === 'assente' && (
            <div className="d-flex flex-wrap align-items-center gap-3">
              <Form.Group controlId={`${prefix}-motivo`} className="d-flex align-items-center gap-2">
                <Form.Label className="mb-0">Motivo</Form.Label>
                <Form.Select
                  size="sm"
                  value={shown.motivo}
                  aria-describedby={shown.motivo === '' ? `${prefix}-scegli` : undefined}
                  onChange={(e) => e.target.value !== '' && void change({ ...shown, motivo: e.target.value as AbsenceReason })}
                >
                  {shown.motivo === '' && <option value="">Scegli…</option>}
                  {ABSENCE_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {REASON_LABELS[r]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Check
                type="checkbox"
                id={`${prefix}-giustificata`}
                label="giustificata"
                checked={shown.giustificata}
                onChange={(e) => void change({ ...shown, giustificata: e.target.checked })}
              />
              {shown.motivo === '' && (
                <small id={`${prefix}-scegli`} className="text-body-secondary">
                  {PRESENZE_MSG.reasonToChoose}
                </small>
              )}
            </div>
          )}
          {row.assenza && (
            <Badge bg="warning" text="dark" className="fw-normal">
              {absentNote(row.assenza.motivo)}
              {row.assenza.giustificata ? '' : ', non giustificata'}
            </Badge>
          )}
          {marked && <small className="text-muted">{marked}</small>}
        </div>
      </fieldset>
    </li>
  );
}
