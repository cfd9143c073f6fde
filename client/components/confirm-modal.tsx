import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface Question {
  title: string;
  body: ReactNode;
  /** The button that goes on: "Sostituisci". */
  confirmLabel: string;
}

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

/**
 * A question asked from an async flow: `ask` resolves to the answer once the dialog closes;
 * `dialog` is the element to render.
 */
export function useConfirm(): { dialog: ReactNode; ask: (question: Question) => Promise<boolean> } {
  const [open, setOpen] = useState<(Question & { resolve: (yes: boolean) => void }) | null>(null);
  const ask = (question: Question) => new Promise<boolean>((resolve) => setOpen({ ...question, resolve }));
  const dialog = open ? (
    <ConfirmModal
      title={open.title}
      body={open.body}
      confirmLabel={open.confirmLabel}
      onAnswer={(yes) => {
        open.resolve(yes);
        setOpen(null);
      }}
    />
  ) : null;
  return { dialog, ask };
}

/** The lines of a question as paragraphs (the first) and a list (the rest). */
export function QuestionLines({ lines, after }: { lines: string[]; after?: string }) {
  const [first, ...rest] = lines;
  return (
    <>
      <p>{first}</p>
      {rest.length > 0 && (
        <ul>
          {rest.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {after && <p className="mb-0">{after}</p>}
    </>
  );
}
