/**
 * Days sent as one array parameter (`'{2026-11-23,2026-11-24}'::date[]`): the statement's text is the same whatever
 * their number, so no list of placeholders is built and its plan serves again. Days only (yyyy-mm-dd, checked by the
 * callers' contracts or computed): nothing in them needs quoting.
 */
import { sql, type SQL } from 'drizzle-orm';

export const dateArray = (days: readonly string[]): SQL => sql`${`{${days.join(',')}}`}::date[]`;
