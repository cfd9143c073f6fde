import { describe, expect, it } from 'vitest';
import { endKeepingDuration } from './activity-writes.ts';

describe('Incolla da precedente', () => {
  it("keeps the copied activity's duration whatever the length of the empty slot, ending at 24:00 at the latest", () => {
    // A 1½-hour activity pasted into an empty 11:00–16:00 slot is 11:00–12:30, not five hours.
    expect(endKeepingDuration({ OraInizio: '09:00', OraFine: '10:30' }, '11:00')).toBe('12:30');
    expect(endKeepingDuration({ OraInizio: '09:00:00', OraFine: '09:45:00' }, '14:30')).toBe('15:15');
    expect(endKeepingDuration({ OraInizio: '08:00', OraFine: '12:00' }, '22:00')).toBe('24:00');
  });
});
