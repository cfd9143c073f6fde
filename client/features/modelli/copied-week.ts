/** The week chosen with Copia settimana (its Monday): in this tab's session storage, as Copia Giornata's day, so a reload keeps it. */
import { isRealDate, weekdayOf } from '../../../common/dates.ts';
import { tabStoredDay } from '../../lib/tab-storage.ts';

const copiedWeek = tabStoredDay('giornata:settimana-copiata', (value) => isRealDate(value) && weekdayOf(value) === 1);

export const loadCopiedWeek = copiedWeek.load;
export const saveCopiedWeek = copiedWeek.save;
