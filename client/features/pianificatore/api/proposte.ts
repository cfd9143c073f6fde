/**
 * The Pianificatore's calls (docs/api.md, Pianificatore): prepare a proposal for a week, read it while the solver works
 * (made stale by the live `pianificatore` events, and read again every few seconds in case the stream is down), apply
 * it (one operation, undone by Annulla) or discard it; and the names the diff shows.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Patient, Therapist } from '../../../../common/schemas.ts';
import type { ApplicaAnswer, Proposta, PropostaForm } from '../../../../common/pianificatore.ts';
import type { Settimana } from '../../../../common/calendario.ts';
import { api } from '../../../lib/api-client.ts';
import { proposalKey, QUERY_KEYS } from '../../../lib/query-keys.ts';

export type { Proposta } from '../../../../common/pianificatore.ts';

/**
 * While the solver works, the proposal is read again this often: the seconds used, and the progress when the live
 * stream is down (with it, the progress arrives as it happens and the end reads the proposal at once).
 */
const POLL_MS = 2_000;

/** Under `proposalKey`: the live event `{"tipo":"pianificatore","ID":7,…}` writes its progress there (features/live). */
export const propostaQueryOptions = (id: number) =>
  queryOptions({ queryKey: proposalKey(id), queryFn: () => api.get<Proposta>(`/pianificatore/proposte/${id}`) });

/** One proposal, read again while it is being prepared. */
export const useProposta = (id: number | null) =>
  useQuery({
    ...propostaQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.stato === 'in_corso' ? POLL_MS : false),
  });

export const createProposta = (body: PropostaForm) => api.post<{ ID: number }>('/pianificatore/proposte', body);
export const applicaProposta = (id: number) => api.post<ApplicaAnswer>(`/pianificatore/proposte/${id}/applica`);
export const scartaProposta = (id: number) => api.post<{ ok: boolean }>(`/pianificatore/proposte/${id}/scarta`);

export const useCreateProposta = () => useMutation({ mutationFn: createProposta });

/** Applica: the calendar's days and weeks and the progetti's coverage are read again, whatever the answer. */
export function useApplicaProposta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applicaProposta,
    onSettled: () =>
      Promise.all(
        [QUERY_KEYS.day, QUERY_KEYS.week, QUERY_KEYS.progetti, QUERY_KEYS.pianificatore].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useScartaProposta = () => useMutation({ mutationFn: scartaProposta });

/**
 * The week's activities (to show those a `rifai` proposal removes): the weekly screen's own request and cache key
 * (`settimana`), so the week already shown is not read twice.
 */
export const useWeekActivities = (start: string, stop: string, enabled: boolean) =>
  useQuery({
    queryKey: [...QUERY_KEYS.week, start, stop],
    queryFn: () => api.post<Settimana>('/calendario/settimana', { datastart: start, datastop: stop }),
    enabled,
  });

/** Names change rarely: read once in a while, for the people of the proposed activities. */
const NAMES_STALE_MS = 5 * 60_000;

/** The utenti and operatori not archived, by ID: the diff names who each proposed activity is for and with. */
export function usePeopleNames(enabled: boolean) {
  const patients = useQuery({
    queryKey: [...QUERY_KEYS.pianificatore, 'nomi', 'pazienti'],
    queryFn: () => api.get<Patient[]>('/pazienti/getpresenze'),
    staleTime: NAMES_STALE_MS,
    enabled,
  });
  const therapists = useQuery({
    queryKey: [...QUERY_KEYS.pianificatore, 'nomi', 'terapisti'],
    queryFn: () => api.get<Therapist[]>('/terapisti/getpresenze'),
    staleTime: NAMES_STALE_MS,
    enabled,
  });
  return { patients: patients.data, therapists: therapists.data };
}
