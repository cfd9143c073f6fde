/**
 * Issue 30's words and conflicts of the fleet (docs/product.md, Regole, Trasporti), apart from any zod schema: the
 * calendar paints with them and its first visit must not bring zod (docs/decisions/0036-first-visit-budget.md).
 * Pure: the server gives the day's runs with their mezzo, the web app may reuse it.
 *
 * - `posti`: passengers present that day + staff present > the mezzo's `posti` (ID = the run);
 * - `carrozzina`: wheelchair passengers present that day > the mezzo's `postiCarrozzina` (ID = the run);
 * - `mezzo`: one mezzo on two runs whose times overlap, [Ora, OraArrivo) half-open (ID = the mezzo);
 * - `autista`: a run with staff but none marked autista, or with no staff at all (ID = the run).
 * An absent passenger (Presenze) stays on the run but takes no seat.
 */
import type { Conflict } from './conflicts.ts';

export const TRANSPORT_CONFLICT_KINDS = ['posti', 'carrozzina', 'mezzo', 'autista'] as const;
export type TransportConflictKind = (typeof TRANSPORT_CONFLICT_KINDS)[number];

/** The palette of the mezzi; each colour is drawn in an accessible shade, always with its word beside it. */
export const MEZZO_COLORI = ['bianco', 'blu', 'rosso', 'verde', 'giallo', 'arancione', 'viola', 'grigio'] as const;
export type MezzoColore = (typeof MEZZO_COLORI)[number];
export const MEZZO_COLORE_LABEL: Record<MezzoColore, string> = {
  bianco: 'Bianco',
  blu: 'Blu',
  rosso: 'Rosso',
  verde: 'Verde',
  giallo: 'Giallo',
  arancione: 'Arancione',
  viola: 'Viola',
  grigio: 'Grigio',
};

/** The part of a run the checks read (the day's answer, common/calendario.ts). */
export interface TransportConflictRun {
  ID: number;
  Tratta: string;
  Ora: string;
  OraArrivo: string;
  RifPulmino: number;
  Mezzo?: { ID: number; Nome: string; posti: number; postiCarrozzina: number };
  RifAutista?: number | null;
  Pazienti: { Carrozzina?: boolean; Assente?: true }[];
  Terapisti: { RifTerapista: number; Assente?: true }[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The Italian sentence of a conflict of these kinds, for the banner and the card. */
export function transportConflictText(c: Pick<Conflict, 'tipo' | 'nome' | 'persone' | 'posti' | 'uscite'> & { causa?: string }): string {
  switch (c.tipo) {
    case 'posti':
      return `${c.nome}: ${plural(c.persone ?? 0, 'persona', 'persone')} su ${plural(c.posti ?? 0, 'posto', 'posti')}`;
    case 'carrozzina':
      return `${c.nome}: ${plural(c.persone ?? 0, 'carrozzina', 'carrozzine')} su ${plural(c.posti ?? 0, 'posto carrozzina', 'posti carrozzina')}`;
    case 'mezzo':
      return `${c.nome} è su ${c.uscite.length} uscite nello stesso orario`;
    case 'autista':
      return c.causa === 'senza_operatori' ? `${c.nome}: nessun operatore a bordo` : `${c.nome}: nessun autista indicato`;
    default:
      return c.nome;
  }
}

/** Whether a kind is one of the fleet's (its sentence comes in `testo`). */
export const isTransportKind = (tipo: string): tipo is TransportConflictKind =>
  (TRANSPORT_CONFLICT_KINDS as readonly string[]).includes(tipo);

/** Every fleet conflict of one day's runs: posti, carrozzina, autista by the run's departure, then mezzo by name. */
export function findTransportConflicts(runs: TransportConflictRun[]): Conflict[] {
  const found: Conflict[] = [];
  const sorted = [...runs].sort((a, b) => (a.Ora < b.Ora ? -1 : a.Ora > b.Ora ? 1 : a.ID - b.ID));
  for (const r of sorted) {
    const present = r.Pazienti.filter((p) => !p.Assente);
    const staff = r.Terapisti.filter((t) => !t.Assente);
    if (r.Mezzo) {
      const persone = present.length + staff.length;
      if (persone > r.Mezzo.posti) found.push(runConflict('posti', r, { persone, posti: r.Mezzo.posti }));
      const wheelchairs = present.filter((p) => p.Carrozzina).length;
      if (wheelchairs > r.Mezzo.postiCarrozzina)
        found.push(runConflict('carrozzina', r, { persone: wheelchairs, posti: r.Mezzo.postiCarrozzina }));
    }
    if (r.Terapisti.length === 0) found.push(runConflict('autista', r, { causa: 'senza_operatori' }));
    else if (r.RifAutista === undefined || r.RifAutista === null || !r.Terapisti.some((t) => t.RifTerapista === r.RifAutista))
      found.push(runConflict('autista', r, {}));
  }
  const byMezzo = new Map<number, TransportConflictRun[]>();
  for (const r of sorted) {
    const list = byMezzo.get(r.RifPulmino) ?? [];
    list.push(r);
    byMezzo.set(r.RifPulmino, list);
  }
  const clashes: Conflict[] = [];
  for (const [mezzo, list] of byMezzo) {
    const clashing = new Set<number>();
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length && list[j].Ora < list[i].OraArrivo; j++)
        if (list[i].Ora < list[j].OraArrivo) {
          clashing.add(list[i].ID);
          clashing.add(list[j].ID);
        }
    if (clashing.size === 0) continue;
    const nome = list[0].Mezzo?.Nome ?? `Mezzo ${mezzo}`;
    const c: Conflict = { tipo: 'mezzo', ID: mezzo, nome, attivita: [], uscite: [...clashing].sort((x, y) => x - y) };
    clashes.push({ ...c, testo: transportConflictText(c) });
  }
  clashes.sort((x, y) => x.nome.localeCompare(y.nome, 'it') || x.ID - y.ID);
  return [...found, ...clashes];
}

function runConflict(
  tipo: TransportConflictKind,
  r: TransportConflictRun,
  extra: { persone?: number; posti?: number; causa?: 'senza_operatori' },
): Conflict {
  const c: Conflict = { tipo, ID: r.ID, nome: r.Tratta, attivita: [], uscite: [r.ID] };
  if (extra.persone !== undefined) c.persone = extra.persone;
  if (extra.posti !== undefined) c.posti = extra.posti;
  return { ...c, testo: transportConflictText({ ...c, causa: extra.causa }) };
}

/** A mezzo as the day's runs name it: "Pulmino blu". */
export const mezzoName = (run: { RifPulmino: number; Mezzo?: { Nome: string } }) => run.Mezzo?.Nome ?? `Mezzo ${run.RifPulmino}`;
