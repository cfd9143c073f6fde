import Form from 'react-bootstrap/Form';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The schema's message for this field, shown under it. */
  error?: string;
  hint?: string;
  type?: 'text' | 'tel' | 'time' | 'password';
  autoFocus?: boolean;
  autoComplete?: string;
  maxLength?: number;
}

/** A labelled input with its error under it (aria-invalid and aria-describedby, so screen readers read it). */
export function TextField({ id, label, value, onChange, error, hint, type = 'text', autoFocus, autoComplete = 'off', maxLength }: Props) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        value={value}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={!!error}
        aria-invalid={!!error}
        aria-describedby={describedBy}
      />
      {hint && (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
