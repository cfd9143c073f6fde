/**
 * The signed-in user: null or the profile the login answered,
 * kept in localStorage under `user` and loaded at start-up.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../common/agenda.ts';
import { isNotSignedIn, sentAtOf } from './api-client.ts';

/**
 * The profile, with the therapist the account is linked to in Anagrafiche (null: none; absent in
 * a profile stored before the server sent it, until the next auth check), and whether the account
 * must choose a new password before anything else (absent: no).
 */
export type User = Omit<SessionUser, 'terapista' | 'cambiopassword'> & {
  terapista?: SessionUser['terapista'];
  cambiopassword?: boolean;
};

const STORAGE_KEY = 'user';
const listeners = new Set<() => void>();

function isUser(value: unknown): value is User {
  const v = value as User | null;
  return !!v && typeof v === 'object' && typeof v.ID === 'number' && typeof v.username === 'string' && typeof v.Admin === 'number';
}

/** Only the profile is stored: whatever else the server sends stays out of localStorage. */
const profileOf = (user: User): User => ({
  ID: user.ID,
  username: user.username,
  Admin: user.Admin,
  terapista: typeof user.terapista === 'number' ? user.terapista : null,
  ...(user.cambiopassword === true ? { cambiopassword: true } : {}),
});

function load(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isUser(parsed) ? profileOf(parsed) : null;
  } catch {
    return null;
  }
}

let current: User | null = load();
/** When this account signed in (performance.now()); a profile loaded from storage signed in before anything was sent. */
let signedInAt = -Infinity;
/** The screen (path and query) the user was on when the server ended the session: sign-in leads back to it. */
let endedAt: string | null = null;

export function getUser(): User | null {
  return current;
}

export function setUser(user: User | null): void {
  if (user) endedAt = null;
  if (user && current?.ID !== user.ID) signedInAt = performance.now();
  current = user ? profileOf(user) : null;
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

/** The therapist this account is linked to ("La mia agenda"), or null. */
export const linkedTherapist = (user: User | null): number | null => (typeof user?.terapista === 'number' ? user.terapista : null);

/** Below Bootstrap's sm breakpoint (576 px): the phone layouts (docs/product.md, Aspetto). */
export const PHONE_QUERY = '(max-width: 575.98px)';
export const isPhoneScreen = () => typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;

/**
 * The server said the session is over (expired, or ended elsewhere): sign out, remembering this screen. `sentAt` is
 * when the refused request left (ApiError.sentAt): the refusal of one sent before this sign-in (the stale session's
 * read, answered late) is about the session before, and signs nobody out.
 */
export function endSession(sentAt?: number): void {
  if (!current || (sentAt !== undefined && sentAt < signedInAt)) return;
  endedAt = `${window.location.pathname}${window.location.search}`;
  setUser(null);
}

/** `error` says the session is over (code not_signed_in): sign out as `endSession` does, and answer true. */
export function endSessionIfRefused(error: unknown): boolean {
  if (!isNotSignedIn(error)) return false;
  endSession(sentAtOf(error));
  return true;
}

/** The server refused a call until a new password is chosen (code password_change_required), or it was chosen: the layout shows the form, or the screens again. */
export function setPasswordChangeRequired(required: boolean): void {
  if (current && (current.cambiopassword === true) !== required) setUser({ ...current, cambiopassword: required });
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
