import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import toast, { ToastBar, type Toast } from 'react-hot-toast';

/** How long a success toast offers its action (Annulla: docs/decisions/0012-registro-screen.md). */
export const ACTION_TOAST_MS = 15_000;

export interface ToastAction {
  /** The button's text: "Annulla". */
  label: string;
  /** Read by screen readers: "Annulla lo svuotamento della giornata". */
  description?: string;
  /** Runs the action (with its own toasts); resolves to true once it is done, which closes the toast. */
  run: () => Promise<boolean>;
  /** Stays until dismissed (its own "Chiudi"), with no timer: the Annulla of an operation over several days. */
  persistent?: boolean;
}

/**
 * A success toast whose text reads exactly as a plain one (its role="status" holds only the text)
 * with a button beside it. It stays 15 s, and longer while the pointer or the keyboard focus is on
 * it, or while its action runs (the button is then disabled); a persistent one stays until closed.
 */
function ActionToast({ t, text, action }: { t: Toast; text: string; action: ToastAction }) {
  const [running, setRunning] = useState(false);
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const paused = running || held.pointer || held.focus;

  useEffect(() => {
    if (paused || !t.visible || action.persistent) return;
    const timer = setTimeout(() => toast.dismiss(t.id), ACTION_TOAST_MS);
    return () => clearTimeout(timer);
  }, [paused, t.id, t.visible, action.persistent]);

  const run = async () => {
    setRunning(true);
    const done = await action.run();
    setRunning(false);
    if (done) toast.dismiss(t.id);
  };

  return (
    <div
      onMouseEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={() => setHeld((h) => ({ ...h, focus: false }))}
    >
      {/* ToastBar draws the plain success toast; the text is the message, the type gives the tick. */}
      <ToastBar toast={{ ...t, type: 'success', message: text }}>
        {({ icon, message }) => (
          <>
            {icon}
            {message}
            <Button
              variant="outline-primary"
              size="sm"
              className="toast-action text-nowrap ms-1 me-1"
              onClick={() => void run()}
              disabled={running}
              aria-label={action.description}
            >
              {action.label}
            </Button>
            {action.persistent && (
              <Button
                variant="link"
                size="sm"
                className="text-nowrap p-0 me-1"
                onClick={() => toast.dismiss(t.id)}
                aria-label="Chiudi il messaggio"
              >
                Chiudi
              </Button>
            )}
          </>
        )}
      </ToastBar>
    </div>
  );
}

/** Shows (or, with `id`, turns a loading toast into) a success toast carrying an action button. */
export function actionToast(text: string, action: ToastAction, id?: string): string {
  // The toast's own timer dismisses it: react-hot-toast's would not wait while it is focused or running.
  return toast.custom((t) => <ActionToast t={t} text={text} action={action} />, { id, duration: Infinity });
}
