import toast from 'react-hot-toast';
import { errorMessage } from './api-client.ts';

/**
 * Runs a write with section 8's toasts: an optional progress text replaced by
 * the success text, or by the server's Italian error. Resolves to undefined on failure.
 */
export async function withToasts<T>(work: Promise<T>, texts: { loading?: string; success: string }): Promise<T | undefined> {
  const id = texts.loading ? toast.loading(texts.loading) : undefined;
  try {
    const result = await work;
    toast.success(texts.success, { id });
    return result;
  } catch (error) {
    console.error(error);
    toast.error(errorMessage(error), { id });
    return undefined;
  }
}
