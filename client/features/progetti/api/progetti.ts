/** The progetti of a utente, the week's coverage, the reviews due and who can stand in (docs/api.md, Progetti). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Copertura,
  Progetto,
  progettoChiudiSchema,
  progettoFormSchema,
  progettoUpdateSchema,
  Scadenze,
  Sostituto,
} from '../../../../common/progetti.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

export const progettiQueryOptions = (paziente: number) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.progetti, 'utente', paziente],
    queryFn: () => api.get<Progetto[]>(`/progetti?paziente=${paziente}`),
  });
export const useProgetti = (paziente: number, enabled = true) => useQuery({ ...progettiQueryOptions(paziente), enabled });

/** The coverage of the week that starts on `monday`; its key ends with the week, so a live change of the week reloads it. */
export const coperturaQueryOptions = (monday: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.progetti, 'copertura', monday],
    queryFn: () => api.get<Copertura>(`/progetti/copertura?settimana=${monday}`),
  });
export const useCopertura = (monday: string, enabled = true) => useQuery({ ...coperturaQueryOptions(monday), enabled });

export const useScadenze = (entro: number) =>
  useQuery({
    queryKey: [...QUERY_KEYS.progetti, 'scadenze', entro],
    queryFn: () => api.get<Scadenze>(`/progetti/scadenze?entro=${entro}`),
  });

export const useSostituti = (attivita: number, terapista: number) =>
  useQuery({
    queryKey: [...QUERY_KEYS.progetti, 'sostituti', attivita, terapista],
    queryFn: () => api.post<Sostituto[]>('/progetti/sostituti', { attivita, terapista }),
    staleTime: 0,
  });

/** A write of a progetto: the progetti, the coverage and the reviews are read again. */
function useProgettiMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.progetti }),
  });
}

export const useCreateProgetto = () =>
  useProgettiMutation((p: z.input<typeof progettoFormSchema>) => api.put<{ insertId: number }>('/progetti', p));
export const useUpdateProgetto = () =>
  useProgettiMutation((p: z.input<typeof progettoUpdateSchema>) => api.post<{ ok: true }>('/progetti/update', p));
export const useCloseProgetto = () =>
  useProgettiMutation((p: z.input<typeof progettoChiudiSchema>) => api.post<{ ok: true }>('/progetti/chiudi', p));
export const useDeleteProgetto = () => useProgettiMutation((ID: number) => api.post<{ ok: true }>('/progetti/elimina', { ID }));
