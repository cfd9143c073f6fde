/**
 * The fogli di marcia of a day as text (docs/product.md, Fogli di marcia): one sheet per run in departure order, with
 * what the driver reads on the road. Pure, so tests read it without a PDF; fogli-pdf.ts lays it out.
 */
import { absentNote } from '../../../common/absence-reasons.ts';
import { formatDate, WEEKDAYS_IT, weekdayOf } from '../../../common/dates.ts';
import type { Fogli, FoglioRun, FoglioStop } from '../../../common/trasporti.ts';
import { formatMobile } from '../../lib/phone.ts';

export const fogliPdfName = (day: string) => `fogli-di-marcia_${day}.pdf`;

/** The heading of the "Non salgono oggi" section (the e2e test and pdftotext read it). */
export const NOT_BOARDING = 'Non salgono oggi';

export interface SheetStop {
  ordine: number;
  ora: string;
  utente: string;
  /** "carrozzina" when the utente travels in one, else ''. */
  carrozzina: string;
  indirizzo: string;
  telefono: string;
  note: string;
}

export interface FoglioSheet {
  title: string;
  /** "Mezzo: Pulmino blu, targa AB123CD" and the like, one line each. */
  lines: string[];
  stops: SheetStop[];
  /** "Mario Rossi (assente: malattia)". */
  notBoarding: string[];
}

const hm = (time: string | null) => (time ? time.slice(0, 5) : '');
const fullName = (s: Pick<FoglioStop, 'Nome' | 'Cognome'>) => `${s.Nome} ${s.Cognome}`;
const withAbsence = (name: string, p: { Assente?: true; Motivo?: Parameters<typeof absentNote>[0] }) =>
  p.Assente && p.Motivo ? `${name} (${absentNote(p.Motivo)})` : name;

export function foglioSheet(run: FoglioRun): FoglioSheet {
  const mezzo = `Mezzo: ${run.Mezzo.Nome}${run.Mezzo.Targa ? `, targa ${run.Mezzo.Targa}` : ''}`;
  const autista = run.autista ? withAbsence(run.autista.nome, run.autista) : 'da indicare';
  const others = run.operatori.map((o) => withAbsence(o.nome, o));
  const onBoard = run.fermate.filter((s) => !s.Assente);
  return {
    title: `${run.Tratta}, ${hm(run.Ora)}–${hm(run.OraArrivo)}`,
    lines: [
      mezzo,
      `Partenza ${hm(run.Ora)}, arrivo ${hm(run.OraArrivo)}`,
      `Autista: ${autista}`,
      `Altri operatori: ${others.length > 0 ? others.join(', ') : 'nessuno'}`,
    ],
    stops: onBoard.map((s, i) => ({
      ordine: i + 1,
      ora: hm(s.OraFermata),
      utente: fullName(s),
      carrozzina: s.Carrozzina ? 'carrozzina' : '',
      indirizzo: s.Indirizzo,
      telefono: s.Cellulare ? formatMobile(s.Cellulare) : '',
      note: s.NoteTrasporto,
    })),
    notBoarding: run.fermate.filter((s) => s.Assente).map((s) => withAbsence(fullName(s), s)),
  };
}

/** "Foglio di marcia di giovedì 26/11/2026". */
export const fogliTitle = (day: string) => `Foglio di marcia di ${WEEKDAYS_IT[weekdayOf(day)].toLowerCase()} ${formatDate(day)}`;

export const fogliSheets = (fogli: Fogli) =>
  [...fogli.uscite].sort((a, b) => (a.Ora < b.Ora ? -1 : a.Ora > b.Ora ? 1 : a.ID - b.ID)).map(foglioSheet);
