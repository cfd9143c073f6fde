import { useState, type ReactNode } from 'react';
import { lazyDialog } from './lazy-dialog.tsx';

/** The dialog itself is confirm-dialog.tsx, loaded the first time a question is asked. */
const ConfirmModal = lazyDialog(() => import('./confirm-dialog.tsx').then((m) => m.ConfirmModal));

export interface Question {
  title: string;
  body: ReactNode;
  /** The button that goes on: "Sostituisci". */
  confirmLabel: string;
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
