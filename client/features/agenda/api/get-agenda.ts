import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import type { Agenda, AgendaItem, AgendaPerson, PersonKind } from '../../../../common/agenda.ts';

/** Whose agenda: a patient (utente) or a therapist (operatore); the wire's names. */
export type AgendaKind = PersonKind;
export type AgendaEntry = AgendaItem;
export type { Agenda, AgendaPerson };

export const getAgenda = (tipo: AgendaKind, id: number, datastart: string, datastop: string) =>
  api.post<Agenda>('/agenda', { tipo, ID: id, datastart, datastop });

export const agendaQueryOptions = (tipo: AgendaKind, id: number, datastart: string, datastop: string) =>
  queryOptions({
    // A week's key ending with its first and last day: a live change to any day in the range reloads it.
    queryKey: [...QUERY_KEYS.week, 'agenda', tipo, id, datastart, datastop],
    queryFn: () => getAgenda(tipo, id, datastart, datastop),
  });

export const useAgenda = (tipo: AgendaKind, id: number, datastart: string, datastop: string) =>
  useQuery({ ...agendaQueryOptions(tipo, id, datastart, datastop), placeholderData: keepPreviousData });
