import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RollCallAllAnswer, RollCallAllInput, RollCallDay, RollCallInput } from '../../../../common/presenze.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { usePresenzeMutation } from '../../../lib/presenze-mutation.ts';

export const getRollCall = (data: string) => api.get<RollCallDay>(`/presenze/appello?${new URLSearchParams({ data })}`);

export const rollCallQueryOptions = (data: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.presenze, 'appello', data], queryFn: () => getRollCall(data) });
export const useRollCall = (data: string) => useQuery(rollCallQueryOptions(data));

export const useMarkRollCall = () => usePresenzeMutation((mark: RollCallInput) => api.post<{ ok: true }>('/presenze/appello', mark));
/** "Tutti presenti": the day's utenti not yet marked, in one request. */
export const useMarkAllPresent = () =>
  usePresenzeMutation((input: RollCallAllInput) => api.post<RollCallAllAnswer>('/presenze/appello/tutti', input));
