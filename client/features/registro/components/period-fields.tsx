import Form from 'react-bootstrap/Form';
import { isRealDate } from '../../../../common/dates.ts';

interface Props {
  idPrefix: string;
  dal: string;
  al: string;
  /** The period's refusal (al before dal, over 366 days), shown under it. */
  error?: string;
  onChange: (dal: string, al: string) => void;
}

/** Dal … Al …: the period a tab reads. */
export function PeriodFields({ idPrefix, dal, al, error, onChange }: Props) {
  const errorId = `${idPrefix}-period-error`;
  return (
    <>
      <Form.Group controlId={`${idPrefix}-dal`} className="registro-field">
        <Form.Label className="mb-1">Dal</Form.Label>
        <Form.Control
          type="date"
          size="sm"
          value={dal}
          required
          onChange={(e) => isRealDate(e.target.value) && onChange(e.target.value, al)}
        />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-al`} className="registro-field">
        <Form.Label className="mb-1">Al</Form.Label>
        <Form.Control
          type="date"
          size="sm"
          value={al}
          required
          isInvalid={!!error}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => isRealDate(e.target.value) && onChange(dal, e.target.value)}
        />
      </Form.Group>
    </>
  );
}
