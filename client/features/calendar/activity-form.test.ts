import { describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.ts';
import { activityDraft, activityValues, durationOf, nextFreeQuarter, oneHourAfter, withStart } from './activity-form.ts';
import { validateActivityForm } from './activity-form-check.ts';
import type { DayActivity } from './types.ts';

const valid = { nome: 'Musicoterapia', stanza: '2', orainizio: '09:00', orafine: '10:30', trasporto: '-1' };

describe('validateActivityForm (shared activityFormSchema)', () => {
  it('accepts a valid activity and gives numbers for room and transport', () => {
    expect(validateActivityForm(valid)).toEqual({
      fields: { nome: 'Musicoterapia', stanza: 2, orainizio: '09:00', orafine: '10:30', trasporto: -1 },
    });
  });

  it('places each message of the form under its own field', () => {
    const result = validateActivityForm({ nome: 'ab', stanza: '0', orainizio: '9', orafine: '25:00', trasporto: '-1' });
    expect(result).toEqual({
      errors: { nome: MSG.activityNameInvalid, stanza: MSG.roomInvalid, orainizio: MSG.startInvalid, orafine: MSG.endInvalid },
    });
  });

  it('accepts HH:mm:ss and 24:00', () => {
    expect('fields' in validateActivityForm({ ...valid, orainizio: '08:00:00', orafine: '24:00' })).toBe(true);
  });

  it('refuses an end not after the start', () => {
    expect(validateActivityForm({ ...valid, orainizio: '10:00', orafine: '10:00' })).toEqual({ errors: { orafine: MSG.endBeforeStart } });
  });

  it('asks for nothing else when a transport run is chosen', () => {
    expect('fields' in validateActivityForm({ nome: '', stanza: '-1', orainizio: '', orafine: '', trasporto: '7' })).toBe(true);
  });

  it('starts from the draft: empty name, room 1, the morning for an hour', () => {
    expect(activityDraft([{ ID: 1, Nome: 'Palestra', Archiviato: false }])).toEqual({
      nome: '',
      stanza: '1',
      orainizio: '08:00',
      orafine: '09:00',
      trasporto: '-1',
    });
    // Untouched, the draft is refused with the name message.
    expect(validateActivityForm(activityDraft([{ ID: 1, Nome: 'Palestra', Archiviato: false }]))).toMatchObject({
      errors: { nome: MSG.activityNameInvalid },
    });
  });

  const withArchived = [
    { ID: 1, Nome: 'Vecchia sala', Archiviato: true },
    { ID: 2, Nome: 'Palestra', Archiviato: false },
  ];

  it('drafts into the first active room, never an archived one', () => {
    expect(activityDraft(withArchived).stanza).toBe('2');
  });

  it('refuses an archived room with the room message', () => {
    expect(validateActivityForm({ ...valid, stanza: '1' }, withArchived)).toEqual({ errors: { stanza: MSG.roomInvalid } });
    expect('fields' in validateActivityForm(valid, withArchived)).toBe(true);
  });
});

describe('the draft of a new activity', () => {
  const rooms = [
    { ID: 1, Nome: 'Palestra', Archiviato: false },
    { ID: 3, Nome: 'Atelier', Archiviato: false },
  ];
  const booked = [
    { RifStanza: 1, OraInizio: '09:00:00', OraFine: '10:30:00' },
    { RifStanza: 1, OraInizio: '10:30:00', OraFine: '11:10:00' },
    { RifStanza: 3, OraInizio: '12:00:00', OraFine: '13:00:00' },
  ];

  it("starts at the clicked cell's time and lasts an hour, whatever the cell's length", () => {
    expect(activityDraft(rooms, { roomId: 3, start: '10:30' })).toEqual({
      nome: '',
      stanza: '3',
      orainizio: '10:30',
      orafine: '11:30',
      trasporto: '-1',
    });
    expect(activityDraft(rooms, { roomId: 1, start: '23:30' })).toMatchObject({ orainizio: '23:30', orafine: '24:00' });
  });

  it("stops at the room's next activity, not another room's", () => {
    expect(activityDraft(rooms, { roomId: 3, start: '11:30' }, booked)).toMatchObject({ orainizio: '11:30', orafine: '12:00' });
    expect(activityDraft(rooms, { roomId: 1, start: '11:30' }, booked)).toMatchObject({ orainizio: '11:30', orafine: '12:30' });
  });

  it('from the toolbar: the next free quarter hour of the room', () => {
    expect(nextFreeQuarter([], '10:07')).toBe('10:15');
    expect(nextFreeQuarter([], '10:00')).toBe('10:00');
    expect(
      nextFreeQuarter(
        booked.filter((b) => b.RifStanza === 1),
        '09:20',
      ),
    ).toBe('11:15');
    expect(nextFreeQuarter([], '23:58')).toBe('23:45');
    expect(activityDraft(rooms, undefined, booked, '09:05')).toMatchObject({ stanza: '1', orainizio: '11:15', orafine: '12:15' });
  });

  it('a new start moves the end and keeps the duration, at the latest until 24:00', () => {
    const values = { nome: 'Atelier', stanza: '1', orainizio: '09:00', orafine: '10:30', trasporto: '-1' };
    const duration = durationOf(values) ?? 0;
    expect(duration).toBe(90);
    expect(withStart(values, '10:00', duration)).toMatchObject({ orainizio: '10:00', orafine: '11:30' });
    expect(withStart(values, '23:00', duration)).toMatchObject({ orainizio: '23:00', orafine: '24:00' });
    // While the start is being typed (no time yet) the end stays.
    expect(withStart(values, '', duration)).toMatchObject({ orainizio: '', orafine: '10:30' });
    expect(oneHourAfter('23:30')).toBe('24:00');
  });

  it('an activity until the end of the day is edited as 24:00', () => {
    const activity = { NomeAttivita: 'Veglia', RifStanza: 1, OraInizio: '22:00:00', OraFine: '24:00:00', RifTrasporto: -1 } as DayActivity;
    expect(activityValues(activity)).toMatchObject({ orainizio: '22:00', orafine: '24:00' });
  });
});
