/**
 * How the week's coverage reads (docs/product.md, Copertura): each riga's state, said in words and not by colour
 * alone, the utenti under their progetto, and the CSV of the Copertura tab.
 */
import { formatDate } from '../../../common/dates.ts';
import type { Copertura, CoperturaPaziente, CoperturaRiga } from '../../../common/progetti.ts';

/**
 * `sotto`: fewer sessions planned than the progetto asks (red); `non_erogate`: of the sessions planned on the days
 * already gone (before today in Rome, as the server counts them), some not given (amber); `ok` otherwise.
 */
export type RigaState = 'sotto' | 'non_erogate' | 'ok';

/** Sessions planned on the days already gone that the roll call did not mark as given. */
export const missedSessions = (r: CoperturaRiga) => Math.max(0, r.pianificatePassate - r.erogatePassate);

/**
 * A riga's state in a week: whether planned sessions were given is known only for the days already gone, which the
 * answer counts apart (`pianificatePassate`, `erogatePassate`), so a cell turns amber mid-week, not only once the
 * week has ended.
 */
export function rigaState(r: CoperturaRiga): RigaState {
  if (r.pianificate < r.previste) return 'sotto';
  if (missedSessions(r) > 0) return 'non_erogate';
  return 'ok';
}

export const STATE_LABEL: Record<RigaState, string> = {
  sotto: 'sotto il progetto',
  non_erogate: 'non tutte erogate',
  ok: 'in linea',
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "2 previste, 1 pianificata, 1 erogata", and when sessions of the days already gone were not given (red or not),
 * ", 1 non erogata nei giorni passati".
 */
export function rigaCounts(r: CoperturaRiga): string {
  const figures = [
    count(r.previste, 'prevista', 'previste'),
    count(r.pianificate, 'pianificata', 'pianificate'),
    count(r.erogate, 'erogata', 'erogate'),
  ];
  const missed = missedSessions(r);
  if (missed > 0) figures.push(`${count(missed, 'non erogata', 'non erogate')} nei giorni passati`);
  return figures.join(', ');
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
export function coverageCsvRows(copertura: Copertura): (string | number)[][] {
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
        STATE_LABEL[rigaState(r)],
      ]);
  return rows;
}
