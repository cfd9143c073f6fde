import { QueryCache, QueryClient } from '@tanstack/react-query';
import { MSG } from '../../common/messages.ts';
import { ApiError } from './api-client.ts';
import { setUser } from './session.ts';

/** One cache for the whole app. Read failures are only logged (section 8); an expired session signs out. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      console.error(error);
      if (error instanceof ApiError && error.status === 403 && error.message === MSG.notSignedIn) setUser(null);
    },
  }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
