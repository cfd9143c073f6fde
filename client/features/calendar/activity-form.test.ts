import { describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.ts';
import { activityDraft, validateActivityForm } from './activity-form.ts';

const valid = { nome: 'Musicoterapia', stanza: '2', orainizio: '09:00', orafine: '10:30', trasporto: '-1' };

describe('validateActivityForm (shared activityFormSchema)', () => {
  it('accepts a valid activity and gives numbers for room and transport', () => {
    expect(validateActivityForm(valid)).toEqual({
      fields: { nome: 'Musicoterapia', stanza: 2, orainizio: '09:00', orafine: '10:30', trasporto: -1 },
    });
  });

  it('places each section 5 message under its own field', () => {
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

  it('starts from section 3 draft: empty name, room 1, 00:00', () => {
    expect(activityDraft([{ ID: 1, Nome: 'Palestra', Archiviato: false }])).toEqual({ nome: '', stanza: '1', orainizio: '00:00', orafine: '00:00', trasporto: '-1' });
    // Untouched, the draft is refused with the name message.
    expect(validateActivityForm(activityDraft([{ ID: 1, Nome: 'Palestra', Archiviato: false }]))).toMatchObject({ errors: { nome: MSG.activityNameInvalid } });
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
