import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Any signed-in user changes their own password (the current one is required). */
export const changeOwnPassword = (body: { attuale: string; nuova: string }) => api.post<{ ok: true }>('/user/password', body);

export const useChangeOwnPassword = () => useMutation({ mutationFn: changeOwnPassword });
