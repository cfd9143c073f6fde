/**
 * Annulla (administrators): puts a day back as it was before Svuota Giornata, Incolla giornata or Elimina,
 * and every day of an operation over several days (Applica modello, Incolla settimana) at once.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ToastAction } from './action-toast.tsx';
import type { UndoAnswer } from '../../common/audit.ts';
import { api, ApiError, errorMessage } from './api-client.ts';
import { QUERY_KEYS } from './query-keys.ts';

/** `data`: the (first) day put back; `giorni`: every day put back; `operazione`: the undo's own registro row. */
export const undoOperation = (operazione: number) => api.post<UndoAnswer>('/calendario/annulla', { operazione });

export const DAY_RESTORED = 'Giornata ripristinata';
export const ACTIVITY_RESTORED = 'Attività ripristinata';
export const DAYS_RESTORED = (n: number) => (n === 1 ? DAY_RESTORED : `${n} giornate ripristinate`);

type Undone = 'giornata' | 'attivita' | 'operazione';
const DESCRIPTIONS: Record<Undone, string> = {
  giornata: 'Annulla: riporta la giornata com’era',
  attivita: 'Annulla: ripristina l’attività eliminata',
  operazione: 'Annulla: riporta com’erano tutte le giornate di questa operazione',
};

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
  return (operazione: number, what: Undone): ToastAction => ({
    label: 'Annulla',
    description: DESCRIPTIONS[what],
    // An operation over several days may be noticed late: its Annulla waits until dismissed.
    persistent: what === 'operazione',
    run: async () => {
      const id = toast.loading('Ripristino in corso…');
      try {
        const answer = await undoAndReload(queryClient, operazione);
        toast.success(what === 'attivita' ? ACTIVITY_RESTORED : DAYS_RESTORED(answer.giorni.length), { id });
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
