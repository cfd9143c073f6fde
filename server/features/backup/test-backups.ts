/** The daily backups a server would have left from `first` to `last` (noon to noon, UTC), as the backup tests write them. */
export function dailyBackupNames(first: string, last: string): string[] {
  const names: string[] = [];
  for (let t = Date.parse(`${first}T12:00:00Z`); t <= Date.parse(`${last}T12:00:00Z`); t += 86_400_000)
    names.push(`giornata-${new Date(t).toISOString().slice(0, 10)}T0230.json.gz`);
  return names;
}

/** What the rotation keeps of the six months before November 2026: the last backup of each. */
export const MONTH_ENDS_KEPT = [
  'giornata-2026-05-31T0230.json.gz',
  'giornata-2026-06-30T0230.json.gz',
  'giornata-2026-07-31T0230.json.gz',
  'giornata-2026-08-31T0230.json.gz',
  'giornata-2026-09-30T0230.json.gz',
  'giornata-2026-10-31T0230.json.gz',
];
