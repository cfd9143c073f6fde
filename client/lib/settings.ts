/**
 * The centre's settings (GET/POST /server/impostazioni): read by the agenda's PDF (the centre's
 * name) and edited in Anagrafiche → Centro, so they live outside both features.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CentreSettingsWire, SettingsForm } from '../../common/agenda.ts';
import { api } from './api-client.ts';

/** sabato: templates include Saturday; iniziali: the calendar feed shows patients' initials instead of only how many. */
export type CentreSettings = CentreSettingsWire;

const SETTINGS_KEY = ['impostazioni'] as const;

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: () => api.get<CentreSettings>('/impostazioni'), staleTime: 5 * 60_000 });

export const useSettings = () => useQuery(settingsQueryOptions());

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: SettingsForm) => api.post<CentreSettings>('/impostazioni', changes),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
