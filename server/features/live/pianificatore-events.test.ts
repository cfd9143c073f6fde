/** Issue 31: the Pianificatore's notices on the events channel become the wire's `pianificatore` events. */
import { describe, expect, it } from 'vitest';
import { eventsOfNotification } from './hub.ts';

describe('pianificatore: the live events', () => {
  it('turn the proposal’s notification into the wire’s event, and refuse a malformed one', () => {
    expect(eventsOfNotification(JSON.stringify({ pianificatore: { ID: 7, avanzamento: 0.4 } }))).toEqual([
      { tipo: 'pianificatore', ID: 7, avanzamento: 0.4 },
    ]);
    expect(eventsOfNotification(JSON.stringify({ pianificatore: { ID: 7, stato: 'pronta' } }))).toEqual([
      { tipo: 'pianificatore', ID: 7, stato: 'pronta' },
    ]);
    expect(eventsOfNotification(JSON.stringify({ pianificatore: { ID: 'x' } }))).toEqual([]);
  });
});
