/**
 * Contracts of the daily backups (issue 33; docs/api.md, Backup; docs/decisions/0048-scheduled-backups.md): the state
 * an administrator reads and the name a backup file has. Shared by the server and the web app's Backup panel.
 */
import { z } from 'zod';

export const BACKUP_MSG = {
  fileNameInvalid: 'Nome del file di backup non valido (giornata-aaaa-mm-ggTHHmm.json.gz)',
  fileNotFound: 'Backup non trovato: forse è stato tolto dalla rotazione',
  // The web app's panel
  stale: 'L’ultimo backup riuscito ha più di 36 ore: controllare il server (cartella dei backup, spazio su disco).',
  none: 'Non c’è ancora nessun backup riuscito: controllare il server (BACKUP_TIME, BACKUP_DIR).',
  off: 'I backup automatici sono spenti su questo server (BACKUP_TIME=off, o PostgreSQL senza BACKUP_DIR).',
} as const;

/** A backup's file name: `giornata-2026-11-26T0230.json.gz` (its scheduled time in Rome). */
export const BACKUP_FILE_RE = /^giornata-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})\.json\.gz$/;

/** Hours after which the last successful backup is too old: the panel's red note. */
export const BACKUP_STALE_HOURS = 36;

/** GET /server/backup/file/:name */
export const backupFileParams = z.object({
  name: z
    .string({ error: BACKUP_MSG.fileNameInvalid })
    .max(64, BACKUP_MSG.fileNameInvalid)
    .regex(BACKUP_FILE_RE, BACKUP_MSG.fileNameInvalid),
});

export const lastBackupAnswer = z.object({
  /** The file's name in BACKUP_DIR (download: GET /server/backup/file/:name). */
  file: z.string(),
  /** When it was written (ISO 8601). */
  quando: z.string(),
  byte: z.number().int().min(0),
  /** Restored into a scratch database, every table with the rows of the source at the snapshot. */
  verificato: z.boolean(),
  /** Rows restored, every table together. */
  righe: z.number().int().min(0),
});

/** GET /server/backup/stato (administrators). */
export const backupStateAnswer = z.object({
  /** Whether this server takes backups (BACKUP_TIME not off, and a folder). */
  attivo: z.boolean(),
  /** The last successful backup; null when none. */
  ultimo: lastBackupAnswer.nullable(),
  /** When the next one is due (ISO 8601); null when off. */
  prossimo: z.string().nullable(),
  /** Backup files kept in the folder. */
  conservati: z.number().int().min(0),
  /** The last attempt's failure, when it failed (retried in an hour); null otherwise. */
  errore: z.string().nullable(),
});
export type BackupState = z.output<typeof backupStateAnswer>;

/** Whether the last successful backup is missing or older than BACKUP_STALE_HOURS at `now`. */
export function backupIsStale(state: Pick<BackupState, 'ultimo'>, now: Date): boolean {
  if (!state.ultimo) return true;
  return now.getTime() - Date.parse(state.ultimo.quando) > BACKUP_STALE_HOURS * 3600_000;
}
