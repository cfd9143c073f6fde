/** The registro's calls (docs/api.md, Registro): the changes, the accesses to a utente, the accounts to filter by, Annulla. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountRecord } from '../../../../common/anagrafiche.ts';
import type { AccessPage, AuditAction, AuditPage, AuditRow } from '../../../../common/audit.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { undoOperation } from '../../../lib/undo.ts';

/** What the Modifiche tab asks the server for (the URL's filters). */
export interface AuditFilters {
  dal: string;
  al: string;
  utente?: number;
  azione?: AuditAction;
  tipo?: 'paziente' | 'terapista';
  persona?: number;
  attivita?: number;
}

export interface AccessFilters {
  dal: string;
  al: string;
  paziente: number;
}

const queryString = (params: object) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ).toString();

export const getAudit = (filters: AuditFilters, pagina: number) => api.get<AuditPage>(`/registro?${queryString({ ...filters, pagina })}`);
export const getAccesses = (filters: AccessFilters, pagina: number) =>
  api.get<AccessPage>(`/registro/accessi?${queryString({ ...filters, pagina })}`);

export const auditQueryOptions = (filters: AuditFilters, pagina: number) =>
  queryOptions({ queryKey: [...QUERY_KEYS.registro, 'modifiche', filters, pagina], queryFn: () => getAudit(filters, pagina) });
export const accessesQueryOptions = (filters: AccessFilters, pagina: number) =>
  queryOptions({ queryKey: [...QUERY_KEYS.registro, 'accessi', filters, pagina], queryFn: () => getAccesses(filters, pagina) });

// While the next page or another filter loads, the rows shown stay (dimmed): the table does not jump.
export const useAudit = (filters: AuditFilters, pagina: number, enabled: boolean) =>
  useQuery({ ...auditQueryOptions(filters, pagina), enabled, placeholderData: keepPreviousData });
export const useAccesses = (filters: AccessFilters | null, pagina: number) =>
  useQuery({
    ...accessesQueryOptions(filters ?? { dal: '', al: '', paziente: 0 }, pagina),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });

/** The accounts, for the "Utente" filter (Anagrafiche's list call; the registro keeps its own copy). */
export const accountsQueryOptions = () =>
  queryOptions({ queryKey: [...QUERY_KEYS.registro, 'account'], queryFn: () => api.get<AccountRecord[]>('/anagrafiche/utenti') });
export const useAccounts = () => useQuery(accountsQueryOptions());

/** The most rows a CSV holds: past it the export says it was cut, and a narrower filter is the way to the rest. */
export const EXPORT_MAX_ROWS = 5000;
export const TOO_MANY_ROWS = `Esportate le ${EXPORT_MAX_ROWS.toLocaleString('it-IT')} righe più recenti: per le altre restringi il periodo o i filtri.`;

/** Every page of a filter, up to `max` rows (newest first); `cut` when more were left out. */
export async function fetchAllPages<R>(
  fetchPage: (pagina: number) => Promise<{ items: R[]; altre: boolean }>,
  max = EXPORT_MAX_ROWS,
): Promise<{ rows: R[]; cut: boolean }> {
  const rows: R[] = [];
  for (let pagina = 1; ; pagina++) {
    const page = await fetchPage(pagina);
    rows.push(...page.items);
    if (rows.length >= max) return { rows: rows.slice(0, max), cut: rows.length > max || page.altre };
    if (!page.altre) return { rows, cut: false };
  }
}

export const fetchAllAudit = (filters: AuditFilters) => fetchAllPages<AuditRow>((pagina) => getAudit(filters, pagina));
export const fetchAllAccesses = (filters: AccessFilters) => fetchAllPages((pagina) => getAccesses(filters, pagina));

/** Annulla from the registro: the day put back is read again wherever it is shown, and the registro too. */
export function useUndoOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoOperation,
    onSettled: () =>
      Promise.all([QUERY_KEYS.registro, QUERY_KEYS.day, QUERY_KEYS.week].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
