import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';

describe('pageTitle', () => {
  it('names the screen, then what it shows, then the app', () => {
    expect(pageTitle('Calendario', 'lunedì 23 novembre 2026')).toBe('Calendario · lunedì 23 novembre 2026 · Giornata');
    expect(pageTitle('Anagrafiche', undefined)).toBe('Anagrafiche · Giornata');
  });
});
