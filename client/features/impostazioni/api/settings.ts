/**
 * The centre's settings (GET/POST /server/impostazioni): edited in Anagrafiche → Centro, read by the agenda's PDF (the
 * centre's name, handed to it by its route), by the printed day and week (name and paper) and, on the server, by the templates (Saturday). A save puts the answer in
 * the cache and reads again what depends on it: the Modelli list says whether the week has Saturday.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CentreSettingsWire, SettingsForm } from '../../../../common/impostazioni.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** sabato: templates include Saturday; iniziali: the calendar feed shows patients' initials instead of only how many. */
export type CentreSettings = CentreSettingsWire;

const SETTINGS_KEY = ['impostazioni'] as const;

/** What the server computes from the settings: read again after a save. */
const DEPENDENT = [QUERY_KEYS.modelli] as const;

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: () => api.get<CentreSettings>('/impostazioni'), staleTime: 5 * 60_000 });

export const useSettings = () => useQuery(settingsQueryOptions());

/** Reads the centre's name when it is needed (the agenda's PDF), from the cache while it is fresh. */
export function useLoadCentreName(): () => Promise<string> {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery(settingsQueryOptions()).then((settings) => settings.nomecentro);
}

/** Reads what the printed day and week need (the centre's name, the paper) when a PDF is made, from the cache while fresh. */
export function useLoadPrintSettings(): () => Promise<{ centre: string; paper: CentreSettings['formatoCarta'] }> {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery(settingsQueryOptions()).then((settings) => ({ centre: settings.nomecentro, paper: settings.formatoCarta }));
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: SettingsForm) => api.post<CentreSettings>('/impostazioni', changes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      await Promise.all(DEPENDENT.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
