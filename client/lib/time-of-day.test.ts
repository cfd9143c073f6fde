import { describe, expect, it } from 'vitest';
import { minutesOfTime, nearestChoice, parseTimeOfDay, parseWholeTime, timeChoices } from './time-of-day.ts';

describe('parseTimeOfDay', () => {
  it('takes a time the way it is written in an Italian office, always 24-hour', () => {
    expect(parseTimeOfDay('930')).toBe('09:30');
    expect(parseTimeOfDay('0930')).toBe('09:30');
    expect(parseTimeOfDay('9:30')).toBe('09:30');
    expect(parseTimeOfDay('9.30')).toBe('09:30');
    expect(parseTimeOfDay(' 14,15 ')).toBe('14:15');
    expect(parseTimeOfDay('1730')).toBe('17:30');
    expect(parseTimeOfDay('9')).toBe('09:00');
    expect(parseTimeOfDay('00:00')).toBe('00:00');
    expect(parseTimeOfDay('23:59')).toBe('23:59');
    expect(parseTimeOfDay('10:30:00')).toBe('10:30');
  });

  it('takes 24:00 only as an end, the end of the day', () => {
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('24:00', { endOfDay: true })).toBe('24:00');
    expect(parseTimeOfDay('2400', { endOfDay: true })).toBe('24:00');
    expect(parseTimeOfDay('24:00:00', { endOfDay: true })).toBe('24:00');
    expect(parseTimeOfDay('24:05', { endOfDay: true })).toBeNull();
  });

  it('refuses what is not a time of the day, AM/PM included', () => {
    for (const text of ['25:00', '12:60', '', 'ab', '10:3', '1:2:3', '12:00 AM', '2pm', '-1:00', '123456'])
      expect(parseTimeOfDay(text), text).toBeNull();
  });
});

describe('parseWholeTime (while typing)', () => {
  it('waits for the minutes before it reports a time', () => {
    expect(parseWholeTime('1')).toBeNull();
    expect(parseWholeTime('10')).toBeNull();
    expect(parseWholeTime('10:3')).toBeNull();
    expect(parseWholeTime('10:30')).toBe('10:30');
    expect(parseWholeTime('930')).toBe('09:30');
    expect(parseWholeTime('24:00')).toBeNull();
    expect(parseWholeTime('24:00', { endOfDay: true })).toBe('24:00');
  });
});

describe('the choices', () => {
  it('every 5 minutes, 24:00 last for an end', () => {
    const starts = timeChoices();
    expect(starts).toHaveLength(288);
    expect(starts.slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
    expect(starts.at(-1)).toBe('23:55');
    expect(timeChoices({ endOfDay: true }).at(-1)).toBe('24:00');
  });

  it('open on the time shown, or the step before it', () => {
    const choices = timeChoices();
    expect(choices[nearestChoice(choices, '10:30')]).toBe('10:30');
    expect(choices[nearestChoice(choices, '10:33')]).toBe('10:30');
    expect(nearestChoice(choices, null)).toBe(-1);
  });

  it('reads HH:mm:ss and 24:00 as minutes', () => {
    expect(minutesOfTime('10:30:00')).toBe(630);
    expect(minutesOfTime('24:00')).toBe(1440);
    expect(minutesOfTime('9:30')).toBeNull();
    expect(minutesOfTime('')).toBeNull();
  });
});
