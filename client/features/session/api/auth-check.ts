import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../lib/session.ts';
import { api } from '../../../lib/api-client.ts';

export const getAuth = () => api.get<User[]>('/user/auth');

export const authQueryOptions = () => queryOptions({ queryKey: ['auth'], queryFn: getAuth, retry: false, staleTime: 5 * 60_000 });

export const useAuthCheck = (enabled: boolean) => useQuery({ ...authQueryOptions(), enabled });
