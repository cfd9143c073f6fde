import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Question } from './confirm-modal.tsx';

/** A question with two answers: Annulla (the default, Esc and the ×) and the one that goes on. */
export function ConfirmModal({ title, body, confirmLabel, onAnswer }: Question & { onAnswer: (yes: boolean) => void }) {
  const titleId = `confirm-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Modal show onHide={() => onAnswer(false)} aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Chiudi">
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => onAnswer(false)} autoFocus>
          Annulla
        </Button>
        <Button variant="danger" onClick={() => onAnswer(true)}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
