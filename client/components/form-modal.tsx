import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

interface Props {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  /** The other button's text (Annulla). */
  cancelLabel?: string;
  /** False: Esc, the backdrop and the header's × do nothing; only the buttons leave (a form that must be filled). */
  dismissible?: boolean;
  /** A wide form (a table of rows): `lg`. */
  size?: 'lg';
}

/** A dialog holding one form: Enter submits, Esc and Annulla close, the submit button waits while the server works. */
export function FormModal({
  title,
  submitLabel,
  busy,
  onSubmit,
  onClose,
  children,
  cancelLabel = 'Annulla',
  dismissible = true,
  size,
}: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  const titleId = `form-modal-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Modal show size={size} onHide={onClose} aria-labelledby={titleId} backdrop={dismissible ? true : 'static'} keyboard={dismissible}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={dismissible} closeLabel="Chiudi">
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
