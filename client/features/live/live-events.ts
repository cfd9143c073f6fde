/**
 * What each live event (GET /server/eventi) makes stale in the web app's cache:
 * a pure mapping from the event to the query keys it affects.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '../../../common/live.ts';
import { isTemplateDay } from '../../../common/template-days.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';

export type { LiveEvent };

// Anagrafiche's own lists (pazienti, terapisti, stanze, utenti, uscite) share this root; it is not in QUERY_KEYS
// because no other feature reads them.
const ANAGRAFICHE = 'anagrafiche';
const RUNS = 'uscite';
const AUTH = 'auth';

const rootOf = (key: QueryKey) => key[0];

/** A week's keys end with its first and last day (the week and its conflicts): does that range hold `day`? */
function weekHolds(key: QueryKey, day: string): boolean {
  if (rootOf(key) !== QUERY_KEYS.week[0] || key.length < 3) return false;
  const [start, stop] = key.slice(-2);
  return typeof start === 'string' && typeof stop === 'string' && start <= day && day <= stop;
}

/** Does this event make the cached answer under `key` stale? */
export function affects(event: LiveEvent, key: QueryKey): boolean {
  const root = rootOf(key);
  switch (event.tipo) {
    case 'giornata':
      // The day itself, any week holding it, and Anagrafiche → Uscite of that day (runs are part of the day).
      return (
        (root === QUERY_KEYS.day[0] && key[1] === event.data) ||
        weekHolds(key, event.data) ||
        (root === ANAGRAFICHE && key[1] === RUNS && key[2] === event.data) ||
        // A template day (common/modelli.ts) changed: the Modelli list counts its activities and runs.
        (root === QUERY_KEYS.modelli[0] && isTemplateDay(event.data))
      );
    case 'anagrafiche':
      // Names and rooms show on the calendar and the week too; a changed account may be this user's own role.
      return [QUERY_KEYS.rooms[0], ANAGRAFICHE, QUERY_KEYS.search[0], QUERY_KEYS.day[0], QUERY_KEYS.week[0], AUTH].includes(root as string);
    case 'presenze':
      // The search dialogs mark absent people; the days touched come as their own `giornata` events.
      return root === QUERY_KEYS.presenze[0] || root === QUERY_KEYS.search[0];
    case 'ricarica':
      return true;
  }
}

/** Does any of these events make the answer under `key` stale? */
export const anyAffects = (events: readonly LiveEvent[], key: QueryKey) => events.some((event) => affects(event, key));
