/**
 * The centre's settings (GET/POST /server/impostazioni): read by the agenda's PDF (the centre's
 * name) and edited in Anagrafiche → Centro, so they live outside both features.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

export interface CentreSettings {
  nomecentro: string;
  /** Templates include Saturday. */
  sabato: boolean;
  /** The calendar feed shows patients' full names instead of initials. */
  nomicompleti: boolean;
}

const SETTINGS_KEY = ['impostazioni'] as const;

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: () => api.get<CentreSettings>('/impostazioni'), staleTime: 5 * 60_000 });

export const useSettings = () => useQuery(settingsQueryOptions());

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<CentreSettings>) => api.post<CentreSettings>('/impostazioni', changes),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
