/** Annulla (administrators): puts a day back as it was before Svuota Giornata, Incolla giornata or Elimina. */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ToastAction } from '../../../lib/action-toast.tsx';
import { api, ApiError, errorMessage } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** `data`: the day put back; `operazione`: the undo's own registro row. */
export const undoOperation = (operazione: number) =>
  api.post<{ ok: true; operazione: number; data: string }>('/calendario/annulla', { operazione });

export const DAY_RESTORED = 'Giornata ripristinata';
export const ACTIVITY_RESTORED = 'Attività ripristinata';

/** Undoes, then reads again the days (the one put back may no longer be the one displayed), the weeks and the registro. */
async function undoAndReload(queryClient: QueryClient, operazione: number) {
  try {
    return await undoOperation(operazione);
  } finally {
    await Promise.all(
      [QUERY_KEYS.day, QUERY_KEYS.week, QUERY_KEYS.registro].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }
}

/**
 * The Annulla button of a write's success toast: the undo with its own toasts ("Giornata ripristinata",
 * or the server's 409 when the day changed since). Built on the query client, not on a mutation hook,
 * so it still works once the dialog that made the write has closed.
 */
export function useUndoAction() {
  const queryClient = useQueryClient();
  return (operazione: number, what: 'giornata' | 'attivita'): ToastAction => ({
    label: 'Annulla',
    description: what === 'giornata' ? 'Annulla: riporta la giornata com’era' : 'Annulla: ripristina l’attività eliminata',
    run: async () => {
      const id = toast.loading('Ripristino in corso…');
      try {
        await undoAndReload(queryClient, operazione);
        toast.success(what === 'giornata' ? DAY_RESTORED : ACTIVITY_RESTORED, { id });
        return true;
      } catch (error) {
        console.error(error);
        toast.error(errorMessage(error), { id });
        // Refused (the day changed since, or already undone): the button goes. Not reached: it stays, to try again.
        return !(error instanceof ApiError && error.status === 0);
      }
    },
  });
}
