import { describe, expect, it } from 'vitest';
import { formatMobile } from './phone.ts';

describe('formatMobile', () => {
  it('groups a stored Italian mobile as people read it', () => {
    expect(formatMobile('+393331234567')).toBe('+39 333 1234567');
    expect(formatMobile('+39333123456')).toBe('+39 333 123456');
  });
  it('leaves anything else as it is', () => {
    expect(formatMobile('')).toBe('');
    expect(formatMobile('0212345')).toBe('0212345');
  });
});
