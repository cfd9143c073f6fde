/** Whole-day writes (administrators): empty a day, paste a copied day onto another. */
import type { AbsenceReason, PersonKind } from '../../../../common/presenze.ts';
import type { Conflict } from '../../../../common/conflicts.ts';
import { api } from '../../../lib/api-client.ts';
import { useDayMutation } from './day-mutation.ts';

/** `operazione`: the write's registro row, which Annulla takes back (see undo.ts). */
export const emptyDay = (data: string) => api.post<{ deleted: number; operazione: number }>('/calendario/emptyday', { data });

/** One transaction on the server: empties `to`, then recreates every ordinary activity of `from` with its people; answers `to`'s conflicts. */
export const pasteDay = (from: string, to: string) =>
  api.post<{ pasted: number; conflitti: Conflict[]; esclusi: PastedAbsent[]; operazione: number }>('/calendario/pasteday', { from, to });

/** Someone the paste left out because they are absent on the target day. */
export interface PastedAbsent {
  tipo: PersonKind;
  ID: number;
  nome: string;
  motivo: AbsenceReason;
}

export const useEmptyDay = (day: string) => useDayMutation(day, () => emptyDay(day));
export const usePasteDay = (day: string) => useDayMutation(day, (from: string) => pasteDay(from, day));
