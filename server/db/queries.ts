/** Small pieces every feature's queries share. */
import { conflict, notFound } from '../http-error.ts';
import { pgErrorCode } from './client.ts';

/** Text typed by a user as an ILIKE pattern matching anywhere, with %, _ and \ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Runs a write and turns the constraints' refusals into Italian answers: a
 * unique violation into 409 with `duplicate`, a foreign-key violation into 404
 * with `missing` (when given). The constraints, not a prior check, are the
 * guarantee: they also hold against concurrent requests.
 */
export async function refuseViolations<T>(write: () => Promise<T>, messages: { duplicate: string; missing?: string }): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === '23505') throw conflict(messages.duplicate);
    if (code === '23503' && messages.missing) throw notFound(messages.missing);
    throw err;
  }
}
