/** What the Registro screen shows, all of it in the URL (?scheda=…&dal=…&al=…&utente=…&azione=…&tipo=…&persona=…&attivita=…&paziente=…&pagina=…). */
import { AUDIT_ACTIONS, type AuditAction } from '../../../common/audit.ts';
import { addDays, isRealDate } from '../../../common/dates.ts';
import type { PersonKind } from '../../lib/people-search.ts';

export const REGISTRO_TABS = [
  { key: 'modifiche', title: 'Modifiche' },
  { key: 'accessi', title: 'Accessi a un utente' },
] as const;
export type RegistroTab = (typeof REGISTRO_TABS)[number]['key'];
export const isRegistroTab = (value: string | null): value is RegistroTab => REGISTRO_TABS.some((t) => t.key === value);

export interface RegistroState {
  tab: RegistroTab;
  dal: string;
  al: string;
  /** An account's id (who made the change). */
  utente: number | null;
  azione: AuditAction | null;
  /** Every change that touched this utente or operatore. */
  persona: { tipo: PersonKind; id: number } | null;
  /** One activity's history (the Storico of its card). */
  attivita: number | null;
  /** The utente of "Accessi a un utente". */
  paziente: number | null;
  pagina: number;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The last 30 days up to `today`, as the server's default. */
export const defaultPeriod = (today: string) => ({ dal: addDays(today, -29), al: today });

/** The state in the URL; anything malformed reads as not given (a hand-edited URL never breaks the screen). */
export function readRegistroState(params: URLSearchParams, today: string): RegistroState {
  const date = (key: string) => {
    const value = params.get(key);
    return value && isRealDate(value) ? value : null;
  };
  const period = defaultPeriod(today);
  const tab = params.get('scheda');
  const azione = params.get('azione');
  const tipo = params.get('tipo');
  const persona = positive(params.get('persona'));
  return {
    tab: isRegistroTab(tab) ? tab : 'modifiche',
    dal: date('dal') ?? period.dal,
    al: date('al') ?? period.al,
    utente: positive(params.get('utente')),
    azione: azione && azione in AUDIT_ACTIONS ? (azione as AuditAction) : null,
    persona: (tipo === 'paziente' || tipo === 'terapista') && persona ? { tipo, id: persona } : null,
    attivita: positive(params.get('attivita')),
    paziente: positive(params.get('paziente')),
    pagina: positive(params.get('pagina')) ?? 1,
  };
}

/** The URL after `changes`: a changed filter goes back to the first page; a removed one leaves the URL. */
export function writeRegistroState(current: URLSearchParams, changes: Partial<RegistroState>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | null) => (value === null ? next.delete(key) : next.set(key, String(value)));
  for (const [key, value] of Object.entries(changes) as [keyof RegistroState, RegistroState[keyof RegistroState]][]) {
    if (key === 'tab') set('scheda', value as RegistroTab);
    else if (key === 'persona') {
      const persona = value as RegistroState['persona'];
      set('tipo', persona?.tipo ?? null);
      set('persona', persona?.id ?? null);
    } else set(key, value as string | number | null);
  }
  if (changes.pagina === undefined) next.delete('pagina');
  if (next.get('pagina') === '1') next.delete('pagina');
  return next;
}
