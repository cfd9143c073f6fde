import { act, cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { setUser } from './lib/session.ts';

// The client files share their modules within a worker (vitest.config.ts, `isolate`): what a test leaves in a
// module-level store (the toasts, the signed-in user) or stubs as a global is cleared here, as the page's storage is.
afterEach(() => {
  cleanup();
  act(() => toast.remove());
  setUser(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});
