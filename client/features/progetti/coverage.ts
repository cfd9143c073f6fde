/**
 * How the week's coverage reads (docs/product.md, Copertura): each riga's state, said in words and not by colour
 * alone, the utenti under their progetto, and the CSV of the Copertura tab.
 */
import { formatDate } from '../../../common/dates.ts';
import type { Copertura, CoperturaPaziente, CoperturaRiga } from '../../../common/progetti.ts';

/** `sotto`: fewer sessions planned than the progetto asks (red); `non_erogate`: planned, not all given, week over (amber). */
export type RigaState = 'sotto' | 'non_erogate' | 'ok';

/**
 * A riga's state in a week. Whether planned sessions were given is known only once their days are past: the answer
 * counts the whole week, so the amber state waits until the week has ended (`weekOver`).
 */
export function rigaState(r: CoperturaRiga, weekOver: boolean): RigaState {
  if (r.pianificate < r.previste) return 'sotto';
  if (weekOver && r.erogate < r.pianificate) return 'non_erogate';
  return 'ok';
}

export const STATE_LABEL: Record<RigaState, string> = {
  sotto: 'sotto il progetto',
  non_erogate: 'non tutte erogate',
  ok: 'in linea',
};

/** "2 previste, 1 pianificata, 1 erogata". */
export function rigaCounts(r: CoperturaRiga): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return [n(r.previste, 'prevista', 'previste'), n(r.pianificate, 'pianificata', 'pianificate'), n(r.erogate, 'erogata', 'erogate')].join(
    ', ',
  );
}

export const isUnderPlan = (p: CoperturaPaziente) => p.righe.some((r) => r.pianificate < r.previste);

/** "3 utenti sotto il progetto questa settimana", "1 utente …"; '' when nobody is. */
export function underLine(copertura: Copertura | undefined): string {
  const n = copertura?.pazienti.filter(isUnderPlan).length ?? 0;
  if (n === 0) return '';
  return `${n} ${n === 1 ? 'utente' : 'utenti'} sotto il progetto questa settimana`;
}

export const coverageCsvName = (monday: string) => `copertura_${monday}.csv`;

/** One line per utente and riga, with the week's Monday as dd/mm/yyyy (the other exports' dates). */
export function coverageCsvRows(copertura: Copertura, weekOver: boolean): (string | number)[][] {
  const rows: (string | number)[][] = [
    [
      'Settimana dal',
      'Utente',
      'Attività',
      'Previste',
      'Pianificate',
      'Erogate',
      'Minuti previsti',
      'Minuti pianificati',
      'Minuti erogati',
      'Stato',
    ],
  ];
  for (const p of copertura.pazienti)
    for (const r of p.righe)
      rows.push([
        formatDate(copertura.settimana),
        p.nome,
        r.nome,
        r.previste,
        r.pianificate,
        r.erogate,
        r.minutiPrevisti,
        r.minutiPianificati,
        r.minutiErogati,
        STATE_LABEL[rigaState(r, weekOver)],
      ]);
  return rows;
}
