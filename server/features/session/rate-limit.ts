/**
 * Sign-in limits, counted in the database (server/db/attempts.ts) so every
 * server process sees the same counts, and recorded before the password is
 * verified so a burst cannot overtake them. Within 15 minutes:
 * - 10 failures for one username, or for one username from one address,
 *   lock that username;
 * - 100 failures from one address lock the address (an attack, not the typos
 *   of colleagues behind the centre's single internet address);
 * - a browser that has signed in as the user before (devices.ts) is not held
 *   by the first two: only its own failures count, 10 for that username.
 * A locked attempt answers 429 and verifies nothing.
 */
import type { AttemptCounter } from '../../db/attempts.ts';

export const MAX_USER_FAILURES = 10;
export const MAX_ADDRESS_FAILURES = 100;
export const MAX_DEVICE_FAILURES = 10;

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const addressUserKey = (address: string, username: string) => `ip-user:${address} ${username.toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;
const deviceKey = (deviceHash: string, userId: number) => `device:${deviceHash} ${userId}`;

/** A browser that has signed in as this username before, as devices.ts recognised it. */
export interface KnownDevice {
  tokenHash: string;
  userId: number;
}

export function signInCounters(address: string, username: string, device: KnownDevice | null): AttemptCounter[] {
  if (device) return [{ key: deviceKey(device.tokenHash, device.userId), max: MAX_DEVICE_FAILURES }];
  return [
    { key: userKey(username), max: MAX_USER_FAILURES },
    { key: addressUserKey(address, username), max: MAX_USER_FAILURES },
    { key: addressKey(address), max: MAX_ADDRESS_FAILURES },
  ];
}

/**
 * The counters a successful sign-in empties: the username's own (not the
 * address's, which one valid account must not reset), or the device's.
 */
export function countersClearedBySuccess(address: string, username: string, device: KnownDevice | null): string[] {
  if (device) return [deviceKey(device.tokenHash, device.userId)];
  return [userKey(username), addressUserKey(address, username)];
}

/** Run by the server at start-up and every hour. */
export { purgeOldAttempts as purgeOldFailures } from '../../db/attempts.ts';
