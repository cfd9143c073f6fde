/**
 * The centre's settings (table centre_settings): at most one row, written on the first change, so a
 * fresh or restored database holds the defaults without a row of its own.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { centreSettings } from './schema.ts';

export type CentreSettings = Omit<typeof centreSettings.$inferSelect, 'id'>;

export const DEFAULT_SETTINGS: CentreSettings = {
  centreName: 'Centro diurno',
  saturday: false,
  icalInitials: false,
  patron: null,
  paperFormat: 'A4',
  opening: '08:00',
  closing: '17:00',
};

export async function readCentreSettings(db: Db): Promise<CentreSettings> {
  const [row] = await db.select().from(centreSettings).where(eq(centreSettings.id, 1));
  if (!row) return { ...DEFAULT_SETTINGS };
  const { id: _id, ...settings } = row;
  return settings;
}

/** Writes the settings given, keeping the others. */
export async function writeCentreSettings(db: Db, change: Partial<CentreSettings>): Promise<CentreSettings> {
  const next = { ...(await readCentreSettings(db)), ...change };
  await db
    .insert(centreSettings)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({
      target: centreSettings.id,
      set: {
        centreName: sql`excluded.centre_name`,
        saturday: sql`excluded.saturday`,
        icalInitials: sql`excluded.ical_initials`,
        patron: sql`excluded.patron`,
        paperFormat: sql`excluded.paper_format`,
        opening: sql`excluded.opening`,
        closing: sql`excluded.closing`,
      },
    });
  return next;
}
