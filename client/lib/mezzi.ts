/**
 * The fleet's colours as every screen draws them (Anagrafiche → Mezzi, the calendar's runs, Uscite): each colour an
 * accessible shade (client/app/styles.css, `.mezzo-<colore>`) with the mezzo's name or the colour's word written in it,
 * never the colour alone. No zod here: the calendar's first paint reads it (docs/decisions/0036-first-visit-budget.md).
 */
import { MEZZO_COLORE_LABEL, MEZZO_COLORI, type MezzoColore } from '../../common/transport-conflicts.ts';

export { MEZZO_COLORI };
const isColore = (colore: string | undefined): colore is MezzoColore => MEZZO_COLORI.includes(colore as MezzoColore);

/** "Bianco", "Blu": the colour as a word, beside the swatch. */
export const coloreLabel = (colore: string) => (isColore(colore) ? MEZZO_COLORE_LABEL[colore] : colore);

/** The class of a mezzo's badge; the two minibuses of before (no `Mezzo` in the answer) keep white and blue. */
export const mezzoClass = (colore: string | undefined, rifPulmino?: number) =>
  `mezzo mezzo-${isColore(colore) ? colore : rifPulmino === 1 ? 'bianco' : rifPulmino === 2 ? 'blu' : 'grigio'}`;
