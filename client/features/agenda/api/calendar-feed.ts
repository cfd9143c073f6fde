/** The therapist's personal calendar feed (docs/api.md, Calendario esterno): its state, a new link, its revocation. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { IcalState, IcalUrl } from '../../../../common/agenda.ts';

export type FeedState = IcalState;

const feedKey = (therapistId: number) => ['ical', therapistId] as const;

export const feedStateOptions = (therapistId: number) =>
  queryOptions({
    queryKey: feedKey(therapistId),
    queryFn: () => api.get<FeedState>(`/ical/stato?terapista=${therapistId}`),
  });

export const useFeedState = (therapistId: number, enabled: boolean) => useQuery({ ...feedStateOptions(therapistId), enabled });

/** Makes the link, or a new one in place of the old (which stops working). The URL is shown only now: the server keeps its hash. */
export function useMakeFeedLink(therapistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<IcalUrl>('/ical/token', { terapista: therapistId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKey(therapistId) }),
  });
}

export function useRevokeFeedLink(therapistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/ical/revoca', { terapista: therapistId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKey(therapistId) }),
  });
}
