import { lazy } from 'react';

/** Waits between tries of a chunk that could not be fetched: a server back within seconds is seen within seconds. */
const RETRY_MS = [1_000, 2_000, 4_000, 10_000];

/**
 * `load`, tried again until the chunk comes: a dynamic import that fails to fetch (the server restarting, the Wi-Fi
 * dropping for a moment) rejects with a TypeError, and the browser fetches it anew on the next try. Any other failure
 * (the chunk's own code throwing) is given back at once. Without this a part of a screen whose code was still on its
 * way (Copertura, Fogli di marcia) put the error screen in place of the whole calendar.
 */
export function untilLoaded<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await load();
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
      }
    }
  };
}

/**
 * React's `lazy` over a chunk that is tried again until it comes (untilLoaded): meanwhile the Suspense fallback stays,
 * and the rest of the screen works.
 */
export const lazyChunk: typeof lazy = (load) => lazy(untilLoaded(load));
