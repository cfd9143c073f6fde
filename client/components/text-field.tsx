import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The schema's message for this field, shown under it. */
  error?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  disabled?: boolean;
  /** The group's class: `mb-3` unless told (a field in a row of two sets its own). */
  className?: string;
}

/** What every field of a form shares: its label, its hint and its error under it, tied to the control for screen readers. */
function FieldGroup({ id, label, hint, error, className = 'mb-3', children }: FieldProps & { children: ReactNode }) {
  return (
    <Form.Group className={className || undefined} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children}
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

/** aria-invalid and aria-describedby of a field: its hint and its error, so screen readers read them with it. */
const described = ({ id, hint, error }: FieldProps) => ({
  isInvalid: !!error,
  'aria-invalid': !!error,
  'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
});

interface TextProps extends FieldProps {
  /** No 'time': times go in TimeField (a native time input speaks the browser's language, AM/PM included). */
  type?: 'text' | 'tel' | 'password';
  autoComplete?: string;
  maxLength?: number;
}

/** A labelled input with its error under it (aria-invalid and aria-describedby, so screen readers read it). */
export function TextField(props: TextProps) {
  const { value, onChange, type = 'text', autoFocus, autoComplete = 'off', maxLength, disabled } = props;
  return (
    <FieldGroup {...props}>
      <Form.Control
        type={type}
        value={value}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        {...described(props)}
      />
    </FieldGroup>
  );
}

/** A labelled select of `options` (its `<option>`s), with its hint and its error under it, read the same way. */
export function SelectField(props: FieldProps & { options: ReactNode }) {
  const { value, onChange, autoFocus, disabled, options } = props;
  return (
    <FieldGroup {...props}>
      <Form.Select value={value} autoFocus={autoFocus} disabled={disabled} onChange={(e) => onChange(e.target.value)} {...described(props)}>
        {options}
      </Form.Select>
    </FieldGroup>
  );
}
