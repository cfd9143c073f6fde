/**
 * The daily backup's calendar, pure: the scheduled instants (BACKUP_TIME in Rome, whatever the server's time zone and
 * across the changes of summer time), each instant's file name, and which files the rotation keeps.
 */
import { addDays, todayInRome } from '../../../common/dates.ts';
import { BACKUP_FILE_RE } from '../../../common/backup.ts';

/** Rome's wall clock at `instant`: yyyy-mm-dd and HH:MM. */
export function romeClock(instant: Date): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(instant)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant `day` at `time` (HH:MM) in Rome; a time the spring change skips is taken an hour later. */
export function romeInstant(day: string, time: string): Date {
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  // Rome is one or two hours ahead of UTC: try both offsets, keep the one whose wall clock reads `time` on `day`.
  for (const hours of [1, 2]) {
    const candidate = new Date(asUtc - hours * 3600_000);
    const wall = romeClock(candidate);
    if (wall.day === day && wall.time === time) return candidate;
  }
  return new Date(asUtc - 3600_000);
}

/** The latest scheduled instant at or before `now`. */
export function latestSlot(now: Date, time: string): Date {
  const today = todayInRome(now);
  const slot = romeInstant(today, time);
  return slot.getTime() <= now.getTime() ? slot : romeInstant(addDays(today, -1), time);
}

/** The first scheduled instant after `now`. */
export function nextSlot(now: Date, time: string): Date {
  const today = todayInRome(now);
  const slot = romeInstant(today, time);
  return slot.getTime() > now.getTime() ? slot : romeInstant(addDays(today, 1), time);
}

/** `giornata-2026-11-26T0230.json.gz`: the slot's day and time in Rome. */
export function backupFileName(slot: Date): string {
  const { day, time } = romeClock(slot);
  return `giornata-${day}T${time.replace(':', '')}.json.gz`;
}

/** How many month-end backups the rotation keeps besides the daily ones. */
export const MONTH_ENDS_KEPT = 6;

/**
 * Of the backup files in a folder (other names ignored), those the rotation keeps: the newest `keep`, and the last one
 * of each of the 6 months before the newest file's month.
 */
export function filesToKeep(names: readonly string[], keep: number): Set<string> {
  const backups = names.filter((n) => BACKUP_FILE_RE.test(n)).sort();
  const kept = new Set(backups.slice(-keep));
  const newestMonth = backups.at(-1)?.slice('giornata-'.length, 'giornata-yyyy-mm'.length);
  const lastOfMonth = new Map<string, string>();
  for (const name of backups) {
    const month = name.slice('giornata-'.length, 'giornata-yyyy-mm'.length);
    if (month !== newestMonth) lastOfMonth.set(month, name);
  }
  for (const name of [...lastOfMonth.values()].slice(-MONTH_ENDS_KEPT)) kept.add(name);
  return kept;
}
