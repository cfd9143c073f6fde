import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PianificatoreEvent } from '../../../common/live.ts';
import type { Proposta } from '../../../common/pianificatore.ts';
import { useEffect, useState } from 'react';
import { LIVE_EVENTS_PATH } from '../../../common/live-path.ts';
import { api } from '../../lib/api-client.ts';
import { untilLoaded } from '../../lib/lazy-chunk.ts';
import { proposalKey } from '../../lib/query-keys.ts';
import { endSessionIfRefused } from '../../lib/session.ts';
import { anyAffects, type LiveEvent } from './live-events.ts';

/**
 * The events' check (with zod) is loaded with the first event: the calendar paints without it. Tried until it comes: a
 * failed load would have stopped every later event in the chain below.
 */
const loadParser = untilLoaded(() => import('./live-parse.ts'));

/** Events arriving this close together are applied at once (a paste or an absence sends one per day). */
const BATCH_MS = 30;
/**
 * Waits before opening a stream again after the server refused one (not a dropped one: the browser retries those itself).
 * Capped at 10 s: a wall screen is back within seconds of the server, and an idle retry costs one small request.
 */
const REOPEN_MS = [2_000, 4_000, 10_000];

/**
 * A Pianificatore's event (docs/api.md, Eventi in tempo reale) touches only the proposal it names: its progress is
 * written into the cached proposal at once (no request: a few come each second), a new state reads it again (ready:
 * the diff; failed, applied, discarded: the dialog says so).
 */
function onProposal(queryClient: QueryClient, event: PianificatoreEvent) {
  const key = proposalKey(event.ID);
  const { avanzamento } = event;
  if (avanzamento !== undefined)
    queryClient.setQueryData<Proposta>(key, (old) =>
      old && old.stato === 'in_corso' && avanzamento > old.avanzamento ? { ...old, avanzamento } : old,
    );
  if (event.stato !== undefined && event.stato !== 'in_corso') void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * Keeps the screens live: one stream of change events for the signed-in user, each event
 * marking stale (and refetching, when shown) exactly the cached answers it affects. After a drop,
 * once connected again, everything shown is read again (events may have been missed meanwhile).
 * Returns whether the stream is down now.
 */
export function useLiveUpdates(enabled: boolean): { down: boolean } {
  const queryClient = useQueryClient();
  const [down, setDown] = useState(false);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let dropped = false;
    let parsing: Promise<void> = Promise.resolve();
    let refusals = 0;
    let pending: LiveEvent[] = [];
    let batch: ReturnType<typeof setTimeout> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      batch = undefined;
      const events = pending;
      pending = [];
      void queryClient.invalidateQueries({ predicate: (query) => anyAffects(events, query.queryKey) });
    };
    const apply = (event: LiveEvent) => {
      pending.push(event);
      batch ??= setTimeout(flush, BATCH_MS);
    };

    // The server refused the stream (EventSource tells no status): an ended session signs out, anything else is tried again.
    const checkThenReopen = async () => {
      try {
        await api.get('/user/auth');
      } catch (error) {
        if (endSessionIfRefused(error)) return;
      }
      if (stopped) return;
      reopen = setTimeout(open, REOPEN_MS[Math.min(refusals, REOPEN_MS.length - 1)]);
      refusals += 1;
    };

    function open() {
      reopen = undefined;
      const stream = new EventSource(LIVE_EVENTS_PATH);
      source = stream;
      stream.onopen = () => {
        refusals = 0;
        setDown(false);
        // Whatever changed while the stream was down is read again (the server may also say so with `ricarica`).
        if (dropped) apply({ tipo: 'ricarica' });
        dropped = false;
      };
      stream.onmessage = (message: MessageEvent<string>) => {
        // In the order they came, each once the check is loaded.
        parsing = parsing.then(async () => {
          const { parseLiveEvent } = await loadParser();
          const event = parseLiveEvent(message.data);
          if (!event || stopped) return;
          if (event.tipo === 'pianificatore') onProposal(queryClient, event);
          else apply(event);
        });
      };
      stream.onerror = () => {
        dropped = true;
        setDown(true);
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        source = null;
        void checkThenReopen();
      };
    }

    // Back online, or the tab shown again: no need to wait for the next retry.
    const reopenNow = () => {
      if (stopped || source || reopen === undefined || document.visibilityState === 'hidden') return;
      clearTimeout(reopen);
      open();
    };
    window.addEventListener('online', reopenNow);
    document.addEventListener('visibilitychange', reopenNow);

    open();
    return () => {
      stopped = true;
      window.removeEventListener('online', reopenNow);
      document.removeEventListener('visibilitychange', reopenNow);
      source?.close();
      clearTimeout(batch);
      clearTimeout(reopen);
      setDown(false);
    };
  }, [enabled, queryClient]);

  return { down: enabled && down };
}
