import toast from 'react-hot-toast';
import { actionToast, type ToastAction } from './action-toast.tsx';
import { errorMessage } from './api-client.ts';

/**
 * Runs a write with its toasts: an optional progress text replaced by
 * the success text (which may name what the write did, from its result), or by the server's
 * Italian error. Resolves to undefined on failure. A long success text may ask to stay longer;
 * `action` may give the success toast a button (Annulla), from the write's result.
 */
export async function withToasts<T>(
  work: Promise<T>,
  texts: {
    loading?: string;
    success: string | ((result: T) => string);
    successDuration?: number;
    action?: (result: T) => ToastAction | undefined;
    /** Writes of one kind made in a burst (the roll call's clicks) share one toast, each replacing the last. */
    toastId?: string;
  },
): Promise<T | undefined> {
  const id = texts.loading ? toast.loading(texts.loading, { id: texts.toastId }) : texts.toastId;
  try {
    const result = await work;
    const success = typeof texts.success === 'function' ? texts.success(result) : texts.success;
    const action = texts.action?.(result);
    if (action) actionToast(success, action, id);
    else toast.success(success, { id, duration: texts.successDuration });
    return result;
  } catch (error) {
    console.error(error);
    toast.error(errorMessage(error), { id });
    return undefined;
  }
}
