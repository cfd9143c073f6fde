import { useEffect, useState } from 'react';

export const LIVE_PAUSED = 'Aggiornamenti in pausa, riconnessione…';
/** A drop shorter than this (a server restart, a phone switching network) is not worth a word. */
export const LIVE_PAUSED_DELAY_MS = 2_000;

/** True once `value` has stayed true for `ms`; false as soon as it is false. */
export function useDelayedFlag(value: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!value) return;
    const timer = setTimeout(() => setShown(true), ms);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [value, ms]);
  return value && shown;
}

/**
 * The bar's note that live updates are paused. The live region stays in the page (empty while connected),
 * so screen readers announce the note when it appears.
 */
export function LiveStatus({ down }: { down: boolean }) {
  const paused = useDelayedFlag(down, LIVE_PAUSED_DELAY_MS);
  return (
    <span
      role="status"
      className={paused ? 'small lh-sm rounded-2 bg-warning-subtle text-warning-emphasis border border-warning px-2 py-1' : undefined}
    >
      {paused ? LIVE_PAUSED : null}
    </span>
  );
}
