import { describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.ts';
import { activityDraft, oneHourAfter, validateActivityForm, withStart } from './activity-form.ts';

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

  it('starts from the draft: empty name, room 1, 00:00', () => {
    expect(activityDraft([{ ID: 1, Nome: 'Palestra', Archiviato: false }])).toEqual({
      nome: '',
      stanza: '1',
      orainizio: '00:00',
      orafine: '00:00',
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

  it('starts from an empty cell with its room and times', () => {
    expect(activityDraft(rooms, { roomId: 3, start: '10:30', end: '12:00' })).toEqual({
      nome: '',
      stanza: '3',
      orainizio: '10:30',
      orafine: '12:00',
      trasporto: '-1',
    });
  });

  it('ends an hour after the start when only the start is known', () => {
    expect(activityDraft(rooms, { roomId: 1, start: '11:15' })).toMatchObject({ orainizio: '11:15', orafine: '12:15' });
    expect(oneHourAfter('23:30')).toBe('24:00');
    const toolbar = activityDraft(rooms);
    expect(toolbar).toMatchObject({ orainizio: '00:00', orafine: '00:00', stanza: '1' });
    expect(withStart(toolbar, '09:00')).toMatchObject({ orainizio: '09:00', orafine: '10:00' });
    expect(withStart({ ...toolbar, orainizio: '09:00', orafine: '12:00' }, '10:00')).toMatchObject({ orafine: '12:00' });
  });
});
