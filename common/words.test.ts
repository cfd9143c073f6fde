import { expect, it } from 'vitest';
import { KIND_WORDS, kindLabel, kindWithArticle, kindWord } from './words.ts';

it('names each wire kind with one Italian word: a paziente is an utente, a terapista an operatore', () => {
  expect(kindWord('paziente')).toBe('utente');
  expect(kindWord('terapista')).toBe('operatore');
  expect(kindLabel('account')).toBe('Account');
  expect(kindLabel('attivita')).toBe('Attività');
  expect([kindWithArticle('paziente'), kindWithArticle('terapista'), kindWithArticle('stanza')]).toEqual([
    'l’utente',
    'l’operatore',
    'la stanza',
  ]);
  // "uscita" is a minibus run only: no other kind is called so.
  expect(Object.entries(KIND_WORDS).filter(([, word]) => word === 'uscita')).toEqual([['uscita', 'uscita']]);
});
