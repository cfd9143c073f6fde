import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isPasswordChangeRequired } from './api-client.ts';
import { endSessionIfRefused, setPasswordChangeRequired } from './session.ts';

/** A refusal that concerns the whole session: it ended, or it must first choose a new password. */
function sessionRefusal(error: unknown) {
  if (!endSessionIfRefused(error) && isPasswordChangeRequired(error)) setPasswordChangeRequired(true);
}

/**
 * One cache for the whole app. A failed read is only logged (the screen shows
 * its own error state, no toast); an ended session (code not_signed_in), met by
 * a read or a write, signs out and sign-in leads back to the same screen; an account that
 * must choose a new password (password_change_required) is shown the form.
 * Reads run even when the browser says it is offline, so a screen shows its
 * error state instead of waiting silently.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      console.error(error);
      sessionRefusal(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: sessionRefusal,
  }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { retry: false },
  },
});
