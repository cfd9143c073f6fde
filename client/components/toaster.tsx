import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** At most 20 toasts at once. */
export const MAX_TOASTS = 20;

/**
 * The toasts (docs/product.md, Aspetto): errors stay 4 s, successes 2 s; beyond 20 the oldest are dismissed. With reduced
 * motion a toast neither fades in nor out (styles.css): a half-faded toast is text too faint to read.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // react-hot-toast keeps the newest first.
    toasts
      .filter((t) => t.visible)
      .slice(MAX_TOASTS)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return (
    <Toaster position="top-center" toastOptions={{ className: 'app-toast', error: { duration: 4000 }, success: { duration: 2000 } }} />
  );
}
