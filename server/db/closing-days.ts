/** The centre's own closing days (Presenze), read by the register and by every copy of days onto real dates. */
import { and, asc, gte, lte } from 'drizzle-orm';
import type { Db } from './client.ts';
import { closingDays } from './schema.ts';

/** Closing days from `from` to `to`, both included, in date order, with their descriptions. */
export async function readClosingDaysDescribed(db: Db, from: string, to: string): Promise<{ data: string; descrizione: string }[]> {
  return db
    .select({ data: closingDays.day, descrizione: closingDays.description })
    .from(closingDays)
    .where(and(gte(closingDays.day, from), lte(closingDays.day, to)))
    .orderBy(asc(closingDays.day));
}

/** Closing days from `from` to `to`, both included. */
export async function readClosingDays(db: Db, from: string, to: string): Promise<string[]> {
  return (await readClosingDaysDescribed(db, from, to)).map((row) => row.data);
}
