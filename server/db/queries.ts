/** Small pieces every feature's queries share. */
import { pgErrorCode } from './client.ts';

/** Text typed by a user as an ILIKE pattern matching anywhere, with %, _ and \ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A write the database's constraints refused, with the Italian message to
 * answer: `duplicate` when a unique constraint was violated, `missing` when a
 * foreign key named a row that does not exist. The HTTP layer decides the
 * status (server/lib/http-error.ts, httpErrorOf).
 */
export class ConstraintRefusal extends Error {
  constructor(
    readonly reason: 'duplicate' | 'missing',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs a write and turns the constraints' refusals into a ConstraintRefusal:
 * a unique violation with `duplicate`, a foreign-key violation with `missing`
 * (when given). The constraints, not a prior check, are the guarantee: they
 * also hold against concurrent requests.
 */
export async function refuseViolations<T>(write: () => Promise<T>, messages: { duplicate: string; missing?: string }): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === '23505') throw new ConstraintRefusal('duplicate', messages.duplicate);
    if (code === '23503' && messages.missing) throw new ConstraintRefusal('missing', messages.missing);
    throw err;
  }
}
