import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { loginSchema } from './schemas.ts';
import { checkLogin } from './text-rules.ts';

/** What the server's loginSchema says of a body, in checkLogin's terms: the first message of each field, or the data. */
function serverSays(body: { username: unknown; pass: unknown }) {
  const parsed = loginSchema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const errors: { username?: string; pass?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as 'username' | 'pass';
    errors[field] ??= issue.message;
  }
  return { errors: { username: errors.username, pass: errors.pass } };
}

// Strings a person types, ones they do not (controls, bidi overrides, zero-width and full-width characters, lone
// surrogates), padded with spaces and of every length around the limits.
const tricky = fc.constantFrom(
  ' ',
  '\t',
  '\u0000',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u00ad',
  '\ufeff',
  '\ud800',
  'ａ',
  'ﬁ',
  'é',
  'e\u0301',
);
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), tricky), { maxLength: 12 }).map((parts) => parts.join('')),
  fc.nat({ max: 230 }).map((length) => 'a'.repeat(length)),
  fc.tuple(fc.nat({ max: 6 }), fc.nat({ max: 6 })).map(([before, after]) => `${' '.repeat(before)}anna${' '.repeat(after)}`),
);
const anything = fc.oneof(text, fc.constantFrom(undefined, null, 42, [], {}));

describe('checkLogin, the login screen’s check without zod', () => {
  it('says what the server’s loginSchema says, field by field, for any input', () => {
    fc.assert(
      fc.property(anything, anything, (username, pass) => {
        expect(checkLogin({ username, pass })).toEqual(serverSays({ username, pass }));
      }),
      { numRuns: 3_000 },
    );
  });

  it('gives the username as it is stored (NFKC, trimmed) and names each wrong field', () => {
    expect(checkLogin({ username: ' ａｄｍｉｎ ', pass: 'segreta' })).toEqual({ data: { username: 'admin', pass: 'segreta' } });
    expect(checkLogin({ username: 'ann', pass: 'segreta' })).toEqual({ errors: { username: MSG.usernameInvalid, pass: undefined } });
    expect(checkLogin({ username: 'admin\u200b', pass: 'a\u0000bcd' })).toEqual({
      errors: { username: MSG.invisibleChars, pass: MSG.textInvalidChars },
    });
  });
});
