import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ownPasswordSchema } from '../../../../common/session.ts';
import { api } from '../../../lib/api-client.ts';

/** Any signed-in user changes their own password (the current one is required). */
export const changeOwnPassword = (body: z.output<typeof ownPasswordSchema>) => api.post<{ ok: true }>('/user/password', body);

export const useChangeOwnPassword = () => useMutation({ mutationFn: changeOwnPassword });
