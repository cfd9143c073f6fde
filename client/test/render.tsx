/**
 * The one render helper of the web app's tests: a fresh cache (no retries, nothing stale), and a router for the links.
 * `seed` puts answers in the cache first, so a test shows data without calling any server.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

export function renderWithCache(ui: ReactNode, seed: (client: QueryClient) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  seed(client);
  return {
    client,
    ...render(
      <MemoryRouter>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </MemoryRouter>,
    ),
  };
}
