import { useEffect, useLayoutEffect, useRef } from 'react';

/** How long after a dialog closes a lost focus is still brought back (the day is read again in well under that). */
const RETURN_WINDOW_MS = 3000;

/**
 * Gives the focus back to the control that opened a dialog once it closes. react-bootstrap does so itself, but when that
 * control is gone (its activity deleted, its empty cell now holding the new activity) the focus would fall to the page:
 * it goes to the element `fallbackId` instead. `watch` is what re-renders the screen after a save (the day's data), so a
 * control that disappears a moment after the dialog closed is noticed too.
 */
export function useFocusReturn(open: boolean, fallbackId: string, watch?: unknown) {
  const opener = useRef<HTMLElement | null>(null);
  const until = useRef(0);

  // Before the dialog takes the focus (its own effects come later): remember who had it.
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      until.current = 0;
    } else if (opener.current) {
      until.current = Date.now() + RETURN_WINDOW_MS;
    }
  }, [open]);

  useEffect(() => {
    if (open || Date.now() > until.current) return;
    const frame = requestAnimationFrame(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (!lost) return;
      const target = opener.current?.isConnected ? opener.current : document.getElementById(fallbackId);
      target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open, watch, fallbackId]);
}
