import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Patient, Therapist } from '../../common/schemas.ts';
import { api } from './api-client.ts';
import { QUERY_KEYS } from './query-keys.ts';
import { formatMobile } from './phone.ts';
import { operatoreLabel } from '../../common/people.ts';

export type PersonKind = 'paziente' | 'terapista';

export interface PersonMatch {
  ID: number;
  label: string;
  detail?: string;
}

export const findPatients = (value: string) => api.post<Patient[]>('/pazienti/find', { value });
export const findTherapists = (value: string) => api.post<Therapist[]>('/terapisti/find', { value });

async function findPeople(kind: PersonKind, value: string): Promise<PersonMatch[]> {
  if (kind === 'paziente') {
    const list = await findPatients(value);
    return list.map((p) => ({ ID: p.ID, label: `${p.Nome} ${p.Cognome}`, detail: p.Cellulare ? formatMobile(p.Cellulare) : undefined }));
  }
  const list = await findTherapists(value);
  return list.map((t) => ({ ID: t.ID, label: operatoreLabel(t), detail: operatoreLabel(t) === t.username ? undefined : t.username }));
}

export const peopleSearchQueryOptions = (kind: PersonKind, value: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.search, kind, value], queryFn: () => findPeople(kind, value), staleTime: 60_000 });

export const usePeopleSearch = (kind: PersonKind, value: string, enabled: boolean) =>
  useQuery({ ...peopleSearchQueryOptions(kind, value), enabled, placeholderData: keepPreviousData });
