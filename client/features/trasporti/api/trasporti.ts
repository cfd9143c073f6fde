import { queryOptions } from '@tanstack/react-query';
import type { Fogli, TrasportiMese } from '../../../../common/trasporti.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** What the fogli di marcia of a day print: every run for an administrator, the runs one is on for anyone else. */
export const getFogli = (data: string) => api.get<Fogli>(`/trasporti/fogli?${new URLSearchParams({ data })}`);

/**
 * The runs of a day with their stops, as the driver's agenda shows them. Under the day's key: a live change to the
 * day (an absence, a stop moved) reloads it.
 */
export const fogliQueryOptions = (data: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.day, data, 'fogli'], queryFn: () => getFogli(data) });

/** Trasporti del mese: the trips per utente and per mezzo (administrators). */
export const meseQueryOptions = (mese: string) =>
  queryOptions({
    // Under Presenze's key: an absence recorded changes the trips.
    queryKey: [...QUERY_KEYS.presenze, 'trasporti', mese],
    queryFn: () => api.get<TrasportiMese>(`/trasporti/mese?${new URLSearchParams({ mese })}`),
  });
