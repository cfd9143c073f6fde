import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isNotSignedIn } from './api-client.ts';
import { endSession } from './session.ts';

/**
 * One cache for the whole app. A failed read is only logged (the screen shows
 * its own error state, no toast); an ended session (code not_signed_in), met by
 * a read or a write, signs out and sign-in leads back to the same screen.
 * Reads run even when the browser says it is offline, so a screen shows its
 * error state instead of waiting silently.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      console.error(error);
      if (isNotSignedIn(error)) endSession();
    },
  }),
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isNotSignedIn(error)) endSession();
    },
  }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { retry: false },
  },
});
