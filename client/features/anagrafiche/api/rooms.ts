import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomRecord } from '../../../../common/anagrafiche.ts';
import { api } from '../../../lib/api-client.ts';
import { SHARED_KEYS, useRegistryMutation } from './registry-mutation.ts';

export const getRegistryRooms = (archived: boolean) => api.get<RoomRecord[]>(`/anagrafiche/stanze?archiviati=${archived ? '1' : '0'}`);

const roomsKey = ['anagrafiche', 'stanze'] as const;
export const registryRoomsQueryOptions = (archived: boolean) =>
  queryOptions({ queryKey: [...roomsKey, { archived }], queryFn: () => getRegistryRooms(archived) });
export const useRegistryRooms = (archived: boolean) => useQuery(registryRoomsQueryOptions(archived));

// The calendar's and the week print's room list is cached for the session: reload it too.
const changed = [roomsKey, SHARED_KEYS.rooms] as const;
export const useCreateRoom = () => useRegistryMutation((r: { Nome: string }) => api.put<{ insertId: number }>('/anagrafiche/stanze', r), changed);
export const useUpdateRoom = () => useRegistryMutation((r: { ID: number; Nome: string }) => api.post('/anagrafiche/stanze/update', r), changed);
export const useMoveRoom = () =>
  useRegistryMutation((m: { ID: number; direzione: 'su' | 'giu' }) => api.post('/anagrafiche/stanze/sposta', m), changed);
export const useSetRoomArchived = () =>
  useRegistryMutation(
    ({ ID, archived }: { ID: number; archived: boolean }) => api.post(`/anagrafiche/stanze/${archived ? 'archivia' : 'ripristina'}`, { ID }),
    changed,
  );
