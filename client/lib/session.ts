/**
 * The signed-in user: null or the profile the login answered,
 * kept in localStorage under `user` and loaded at start-up.
 */
import { useSyncExternalStore } from 'react';
import type { User } from '../../common/schemas.ts';

const STORAGE_KEY = 'user';
const listeners = new Set<() => void>();

function isUser(value: unknown): value is User {
  const v = value as User | null;
  return !!v && typeof v === 'object' && typeof v.ID === 'number' && typeof v.username === 'string' && typeof v.Admin === 'number';
}

function load(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isUser(parsed) ? { ID: parsed.ID, username: parsed.username, Admin: parsed.Admin } : null;
  } catch {
    return null;
  }
}

let current: User | null = load();
/** The screen (path and query) the user was on when the server ended the session: sign-in leads back to it. */
let endedAt: string | null = null;

export function getUser(): User | null {
  return current;
}

export function setUser(user: User | null): void {
  if (user) endedAt = null;
  // Only the profile is stored: whatever else the server sends stays out of localStorage.
  current = user ? { ID: user.ID, username: user.username, Admin: user.Admin } : null;
  try {
    if (current) localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode or full storage: the session still lives in memory.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUser(): User | null {
  return useSyncExternalStore(subscribe, getUser, getUser);
}

export const isAdmin = (user: User | null) => !!user && user.Admin > 0;

/** The server said the session is over (expired, or ended elsewhere): sign out, remembering this screen. */
export function endSession(): void {
  if (!current) return;
  endedAt = `${window.location.pathname}${window.location.search}`;
  setUser(null);
}

/** Where an ended session was, if that is how the user was signed out (a deliberate Logout leaves none). */
export const sessionEndedAt = (): string | null => endedAt;

/** Only a path of this app is a place to return to after sign-in (never another site). */
export function safeReturnPath(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

/** Another tab signing in or out changes this tab too. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) {
      current = load();
      listeners.forEach((listener) => listener());
    }
  });
}
