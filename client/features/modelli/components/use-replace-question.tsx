import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { MSG } from '../../../../common/messages.ts';
import { QuestionLines, useConfirm } from '../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { replaceLines } from '../../../lib/replace-summary.ts';
import { readRangeContent } from '../api/range-content.ts';

/**
 * Before Incolla settimana or Applica modello with "sostituisci": what the target days hold, and
 * Annulla / Sostituisci. Nothing planned there: no question. The read failing: nothing is written.
 */
export function useReplaceQuestion(): {
  dialog: ReactNode;
  confirmReplace: (dal: string, al: string, saturday: boolean) => Promise<boolean>;
} {
  const { dialog, ask } = useConfirm();
  const confirmReplace = async (dal: string, al: string, saturday: boolean) => {
    let lines: string[];
    try {
      lines = replaceLines(await readRangeContent(dal, al, saturday));
    } catch (error) {
      console.error(error);
      toast.error(errorMessage(error));
      return false;
    }
    if (lines.length === 0) return true;
    return ask({
      title: 'Sostituire le giornate già in programma?',
      body: <QuestionLines lines={lines} after={MSG.undoFromRegistro} />,
      confirmLabel: 'Sostituisci',
    });
  };
  return { dialog, confirmReplace };
}
