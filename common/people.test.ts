import { describe, expect, it } from 'vitest';
import { nameKey, operatoreLabel, sameName } from './people.ts';

describe('operatoreLabel', () => {
  it('shows "Nome Cognome" where set, the username otherwise', () => {
    expect(operatoreLabel({ username: 'laura.fontana', Nome: 'Laura', Cognome: 'Fontana' })).toBe('Laura Fontana');
    expect(operatoreLabel({ username: 'laura.fontana', Nome: '', Cognome: 'Fontana' })).toBe('Fontana');
    expect(operatoreLabel({ username: 'laura.fontana', Nome: '', Cognome: '' })).toBe('laura.fontana');
    expect(operatoreLabel({ username: 'laura.fontana' })).toBe('laura.fontana');
  });
});

describe('nameKey and sameName', () => {
  it('folds accents, case, apostrophes and doubled letters as the database search does', () => {
    expect(nameKey('Niccolò')).toBe('nicolo');
    expect(nameKey("Foa'")).toBe(nameKey('Foà'));
    expect(nameKey('D’Angelo')).toBe('dangelo');
    expect(sameName({ Nome: 'niccolo', Cognome: 'FOA' }, { Nome: 'Niccolò', Cognome: 'Foà' })).toBe(true);
    expect(sameName({ Nome: 'Nicola', Cognome: 'Foà' }, { Nome: 'Niccolò', Cognome: 'Foà' })).toBe(false);
  });
});
