import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RoomRecord, roomFormSchema, roomMoveSchema, roomUpdateSchema } from '../../../../common/anagrafiche.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useAnagraficheMutation, useArchiveMutation } from './anagrafiche-mutation.ts';

export const getAnagraficheRooms = (archived: boolean) => api.get<RoomRecord[]>(`/anagrafiche/stanze?archiviati=${archived ? '1' : '0'}`);

const roomsKey = ['anagrafiche', 'stanze'] as const;
export const anagraficheRoomsQueryOptions = (archived: boolean) =>
  queryOptions({ queryKey: [...roomsKey, { archived }], queryFn: () => getAnagraficheRooms(archived) });
export const useAnagraficheRooms = (archived: boolean) => useQuery(anagraficheRoomsQueryOptions(archived));

// The calendar's and the week print's room list is cached for the session: reload it too.
const changed = [roomsKey, SHARED_KEYS.rooms] as const;
export const useCreateRoom = () =>
  useAnagraficheMutation((r: z.output<typeof roomFormSchema>) => api.put<{ insertId: number }>('/anagrafiche/stanze', r), changed);
export const useUpdateRoom = () =>
  useAnagraficheMutation((r: z.output<typeof roomUpdateSchema>) => api.post('/anagrafiche/stanze/update', r), changed);
export const useMoveRoom = () =>
  useAnagraficheMutation((m: z.output<typeof roomMoveSchema>) => api.post('/anagrafiche/stanze/sposta', m), changed);
export const useSetRoomArchived = () => useArchiveMutation('/anagrafiche/stanze', changed);
