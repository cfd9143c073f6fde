/** The hub counts each event it writes to each open stream: the metrics' giornata_live_events_delivered_total. */
import { describe, expect, it } from 'vitest';
import { LiveHub } from './hub.ts';

describe('live events delivered', () => {
  it('count one per event per open stream, and none for a stream that has ended', () => {
    const hub = new LiveHub();
    const first = hub.open('sessione-a', 1);
    const second = hub.open('sessione-b', 2);
    if (typeof first === 'string' || typeof second === 'string') throw new Error('stream refused');
    hub.begin(first, undefined);
    hub.begin(second, undefined);
    expect(hub.delivered).toBe(0);
    hub.publish([{ tipo: 'anagrafiche' }, { tipo: 'presenze' }]);
    expect(hub.delivered).toBe(4);
    hub.endSession('sessione-b');
    hub.publish([{ tipo: 'anagrafiche' }]);
    expect(hub.delivered).toBe(5);
    hub.endAll();
  });
});
