/**
 * The centre's settings (table centre_settings): at most one row, written on the first change, so a
 * fresh or restored database holds the defaults without a row of its own.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { centreSettings } from './schema.ts';

export type CentreSettings = Omit<typeof centreSettings.$inferSelect, 'id'>;

export const DEFAULT_SETTINGS: CentreSettings = {
  centreName: 'Centro diurno',
  saturday: false,
  icalInitials: false,
  patron: null,
  paperFormat: 'A4',
  regione: null,
  asl: null,
  struttura: null,
  dsm: null,
  tipoStrutturaSism: null,
  opening: '08:00',
  closing: '17:00',
};

export async function readCentreSettings(db: Db): Promise<CentreSettings> {
  const [row] = await db.select().from(centreSettings).where(eq(centreSettings.id, 1));
  if (!row) return { ...DEFAULT_SETTINGS };
  const { id: _id, ...settings } = row;
  return settings;
}

/** The settings' columns (all but the key), each with its name in SQL. */
const OTHER_COLUMNS = Object.entries(getTableColumns(centreSettings)).filter(([key]) => key !== 'id');

/** Writes the settings given, keeping the others. */
export async function writeCentreSettings(db: Db, change: Partial<CentreSettings>): Promise<CentreSettings> {
  const next = { ...(await readCentreSettings(db)), ...change };
  await db
    .insert(centreSettings)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({
      target: centreSettings.id,
      // Every column but the key takes the value just inserted.
      set: Object.fromEntries(OTHER_COLUMNS.map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)])),
    });
  return next;
}
