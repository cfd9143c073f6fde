import { useSyncExternalStore } from 'react';
import { PHONE_QUERY } from './session.ts';

function subscribe(listener: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const matches = () => window.matchMedia(PHONE_QUERY).matches;

/** True below Bootstrap's sm breakpoint (576 px), following the window as it turns or is resized. */
export const usePhoneScreen = () => useSyncExternalStore(subscribe, matches, () => false);
