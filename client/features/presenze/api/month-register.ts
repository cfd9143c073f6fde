import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceCorrection, MonthRegister } from '../../../../common/presenze.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { usePresenzeMutation } from '../../../lib/presenze-mutation.ts';

export const getMonthRegister = (mese: string) => api.get<MonthRegister>(`/presenze/mese?${new URLSearchParams({ mese })}`);

export const monthRegisterQueryOptions = (mese: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.presenze, 'mese', mese],
    queryFn: () => getMonthRegister(mese),
    placeholderData: keepPreviousData,
  });
export const useMonthRegister = (mese: string) => useQuery(monthRegisterQueryOptions(mese));

export const useCloseMonth = () => usePresenzeMutation((mese: string) => api.post<{ ok: true }>('/presenze/mese/chiudi', { mese }));
export const useReopenMonth = () =>
  usePresenzeMutation((body: { mese: string; correzione: string }) => api.post<{ ok: true }>('/presenze/mese/riapri', body));

export const correctionsQueryOptions = (mese: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.presenze, 'correzioni', mese],
    queryFn: () => api.get<AttendanceCorrection[]>(`/presenze/correzioni?${new URLSearchParams({ mese })}`),
  });
export const useCorrections = (mese: string, enabled: boolean) => useQuery({ ...correctionsQueryOptions(mese), enabled });
