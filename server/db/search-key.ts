/**
 * What people searches compare: `giornata_search_key(text)`, the SQL function of drizzle/0019
 * (lower case, no accents nor apostrophes, a doubled letter once: "Niccolò Foà" → "nicolo foa").
 * The typed text goes through the same function, so both sides fold alike on PGlite and PostgreSQL
 * (docs/decisions/0031-search-key.md).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export const searchKey = (value: SQLWrapper | string): SQL =>
  typeof value === 'string' ? sql`giornata_search_key(${value}::text)` : sql`giornata_search_key(${value})`;

/** Whether the folded `haystack` contains the folded `needle` (no LIKE: % and _ are plain letters). */
export const keyContains = (haystack: SQLWrapper, needle: string): SQL => sql`strpos(${searchKey(haystack)}, ${searchKey(needle)}) > 0`;
