/**
 * The characters no text of Giornata may hold, and the sign-in's check, without zod: the login screen is the first
 * visit of everyone signed out, and zod with every schema is 27 KB of it (docs/decisions/0036-first-visit-budget.md).
 * common/schemas.ts builds its zod rules from these same expressions and limits; common/text-rules.test.ts checks that
 * checkLogin and the server's loginSchema agree on any input.
 */
import { MSG } from './messages.ts';

/** Control characters (C0, DEL, C1) and lone surrogates: PostgreSQL refuses NUL, and none of them is ever typed. */
export const CONTROL_CHARS = /[\p{Cc}\p{Cs}]/u;
/**
 * The bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make a text
 * read other than it is stored ("‮gol.exe" shows as "exe.log"), in a name, a note or the registro.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
/** Format characters (Unicode Cf): zero-width spaces and joiners, bidi marks, the soft hyphen, the BOM. None shows. */
export const FORMAT_CHARS = /\p{Cf}/u;
export const hasUnsafeChars = (value: string) => CONTROL_CHARS.test(value) || BIDI_CONTROLS.test(value);

/** SPEC's lengths of the sign-in's fields, in code points as zod counts them ("㊱𐀀" is 3 once NFKC made it "36𐀀"). */
export const USERNAME_LENGTH = { min: 4, max: 100 } as const;
export const PASSWORD_LENGTH = { min: 4, max: 200 } as const;

const within = (value: string, { min, max }: { min: number; max: number }) => {
  const length = [...value].length;
  return length >= min && length <= max;
};

function usernameError(value: unknown): string | undefined {
  if (typeof value !== 'string') return MSG.usernameInvalid;
  if (hasUnsafeChars(value)) return MSG.textInvalidChars;
  if (FORMAT_CHARS.test(value)) return MSG.invisibleChars;
  return within(value.normalize('NFKC').trim(), USERNAME_LENGTH) ? undefined : MSG.usernameInvalid;
}

function passwordError(value: unknown): string | undefined {
  if (typeof value !== 'string') return MSG.passwordInvalid;
  if (CONTROL_CHARS.test(value)) return MSG.textInvalidChars;
  return within(value, PASSWORD_LENGTH) ? undefined : MSG.passwordInvalid;
}

/** The sign-in's values as the server takes them (the username in its NFKC form, trimmed), or each field's message. */
export function checkLogin(values: {
  username: unknown;
  pass: unknown;
}): { data: { username: string; pass: string } } | { errors: { username?: string; pass?: string } } {
  const errors = { username: usernameError(values.username), pass: passwordError(values.pass) };
  if (errors.username !== undefined || errors.pass !== undefined) return { errors };
  return { data: { username: (values.username as string).normalize('NFKC').trim(), pass: values.pass as string } };
}
