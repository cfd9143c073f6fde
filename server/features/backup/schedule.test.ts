/** The daily backup's calendar: BACKUP_TIME in Rome across the changes of summer time, the files' names, the rotation. */
import { describe, expect, it } from 'vitest';
import { BACKUP_FILE_RE, backupIsStale } from '../../../common/backup.ts';
import { backupFileName, filesToKeep, latestSlot, nextSlot, romeInstant } from './schedule.ts';
import { failureReason } from './verify.ts';
import { dailyBackupNames, MONTH_ENDS_KEPT } from './test-backups.ts';

describe('the daily backup’s calendar', () => {
  it('puts BACKUP_TIME in Rome, winter (UTC+1) and summer (UTC+2)', () => {
    expect(romeInstant('2026-11-26', '02:30').toISOString()).toBe('2026-11-26T01:30:00.000Z');
    expect(romeInstant('2026-07-15', '02:30').toISOString()).toBe('2026-07-15T00:30:00.000Z');
    // The night the clocks go forward, 02:30 does not exist in Rome: the backup is taken at 03:30.
    expect(romeInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('finds the latest scheduled time reached and the next one', () => {
    expect(latestSlot(new Date('2026-11-26T01:29:00Z'), '02:30').toISOString()).toBe('2026-11-25T01:30:00.000Z');
    expect(latestSlot(new Date('2026-11-26T01:30:00Z'), '02:30').toISOString()).toBe('2026-11-26T01:30:00.000Z');
    expect(nextSlot(new Date('2026-11-26T01:30:00Z'), '02:30').toISOString()).toBe('2026-11-27T01:30:00.000Z');
    expect(nextSlot(new Date('2026-10-24T12:00:00Z'), '23:00').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(nextSlot(new Date('2026-10-25T12:00:00Z'), '23:00').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('names a backup by its day and time in Rome', () => {
    expect(backupFileName(new Date('2026-11-26T01:30:00Z'))).toBe('giornata-2026-11-26T0230.json.gz');
    expect(backupFileName(new Date('2026-12-31T23:15:00Z'))).toBe('giornata-2027-01-01T0015.json.gz');
    expect(BACKUP_FILE_RE.test('giornata-2026-11-26T0230.json.gz')).toBe(true);
    for (const bad of ['../giornata-2026-11-26T0230.json.gz', 'giornata-2026-11-26T0230.json.gz.tmp', 'giornata-2026-11-26.json.gz'])
      expect(BACKUP_FILE_RE.test(bad)).toBe(false);
  });

  it('keeps the newest BACKUP_KEEP files and the last of each of the 6 months before', () => {
    const names = dailyBackupNames('2025-12-01', '2026-11-26');
    const kept = [...filesToKeep([...names, 'appunti.txt'], 14)].sort();
    expect(kept).toHaveLength(20);
    expect(kept.slice(0, 6)).toEqual(MONTH_ENDS_KEPT);
    expect(kept.slice(6)).toEqual(names.slice(-14));
    expect(filesToKeep([], 14).size).toBe(0);
  });

  it('calls the last backup too old after 36 hours, or when there is none', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const at = (quando: string) => ({ ultimo: { file: 'x', quando, byte: 1, verificato: true, righe: 1 } });
    expect(backupIsStale(at('2026-11-26T01:30:00Z'), now)).toBe(false);
    expect(backupIsStale(at('2026-11-25T23:59:00Z'), now)).toBe(true);
    expect(backupIsStale({ ultimo: null }, now)).toBe(true);
  });

  it('keeps a failure’s reason without the rows a failed statement carried', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "patients_pkey"'), { code: '23505' });
    const failed = Object.assign(
      new Error('Failed query: insert into patients select * from x($1)\nparams: [{"first_name":"Mario","last_name":"Rossi"}]'),
      {
        query: 'insert into patients select * from x($1)',
        params: ['[{"first_name":"Mario","last_name":"Rossi"}]'],
        cause,
      },
    );
    const reason = failureReason(failed);
    expect(reason).toContain('Failed query: insert into patients select * from x($1)');
    expect(reason).toContain('duplicate key value violates unique constraint');
    expect(reason).not.toMatch(/Mario|Rossi/);
  });
});
