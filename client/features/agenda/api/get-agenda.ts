import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** Whose agenda: a patient (utente) or a therapist (operatore); the wire's names. */
export type AgendaKind = 'paziente' | 'terapista';

export interface AgendaPerson {
  ID: number;
  nome: string;
  cognome: string;
}

interface AgendaEntryBase {
  ID: number;
  data: string;
  inizio: string;
  fine: string;
  nome: string;
  /** The other therapists of the slot (colleagues). */
  operatori: AgendaPerson[];
  /** The patients of the slot for a therapist's agenda; always empty in a patient's one. */
  utenti: AgendaPerson[];
}

export type AgendaEntry =
  (AgendaEntryBase & { tipo: 'attivita'; stanza: string }) | (AgendaEntryBase & { tipo: 'uscita'; pulmino: 'bianco' | 'blu' });

export interface Agenda {
  persona: AgendaPerson & { archiviato: boolean };
  /** Ordered by day, start, end and name (docs/api.md, Agenda). */
  voci: AgendaEntry[];
}

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
