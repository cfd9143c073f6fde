/**
 * The signed-in user (section 4): null or the profile the login answered,
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

export function getUser(): User | null {
  return current;
}

export function setUser(user: User | null): void {
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

/** Another tab signing in or out changes this tab too. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) {
      current = load();
      listeners.forEach((listener) => listener());
    }
  });
}
