/**
 * The daily backup (issue 33; docs/decisions/0048-scheduled-backups.md). Every minute (and at start) the server asks
 * whether the latest scheduled instant (BACKUP_TIME in Rome) has its backup; if not, the process that gets the backup
 * lock (PostgreSQL: several processes, one takes it) writes it with `npm run backup`'s code to a temporary name in
 * BACKUP_DIR, renames it (a killed process leaves no partial file under a backup's name), verifies it in a child
 * process, rotates the folder and records the result in backup_state. A failure is logged with its reason and retried
 * an hour later. The clock is injected: the tests move it, nothing sleeps.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_FILE_RE, type BackupState } from '../../../common/backup.ts';
import { writeBackup } from '../../db/backup.ts';
import type { Database } from '../../db/client.ts';
import { reclaimEmbeddedSpace } from '../../db/maintenance.ts';
import { withBackupLock } from '../../db/locks.ts';
import { backupFileName, filesToKeep, latestSlot, nextSlot } from './schedule.ts';
import { readBackupState, recordBackupFailure, recordBackupSuccess } from './state.ts';
import { compareCounts, failureReason, restoredCountsInChild } from './verify.ts';

/** A failed backup is tried again after this long. */
export const RETRY_MS = 3600_000;
/** How often the server looks whether a backup is due. */
const CHECK_EVERY_MS = 60_000;
/** The temporary names a backup is written under before its rename: hidden, never a backup's name. */
const TEMPORARY_RE = /^\.giornata-.*\.tmp$/;

export interface BackupSettings {
  /** HH:MM in Rome; null: off. */
  time: string | null;
  /** The folder; null: off. */
  dir: string | null;
  /** Daily backups kept. */
  keep: number;
}

export interface BackupSchedulerOptions {
  database: Database;
  settings: BackupSettings;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Tests only: called once the backup is written under its temporary name, before the rename (the crash test holds it there). */
  afterTemporaryWrite?: (temporaryFile: string) => Promise<void>;
  /** How the written file is verified: in a child process unless a test says otherwise. */
  restoredCounts?: (file: string) => Promise<Record<string, number>>;
}

/** What one check did: nothing due, off, another process holds the lock, a backup written, or a failure. */
export type TickResult = 'off' | 'not-due' | 'busy' | 'locked' | 'done' | 'failed';

export class BackupScheduler {
  private readonly database: Database;
  readonly settings: BackupSettings;
  readonly now: () => Date;
  /** Where successes and failures are told (the server's log once it is built). */
  log: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
  private readonly options: BackupSchedulerOptions;
  private running: Promise<TickResult> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: BackupSchedulerOptions) {
    this.options = options;
    this.database = options.database;
    this.settings = options.settings;
    this.now = options.now ?? (() => new Date());
    this.log = options.log;
  }

  get enabled(): boolean {
    return this.settings.time !== null && this.settings.dir !== null;
  }

  /** Checks at once (a backup missed while the server was down is taken now), then every minute. */
  start(): void {
    if (!this.enabled || this.timer) return;
    const check = () => void this.tick().catch((err: unknown) => this.log?.warn({ reason: failureReason(err) }, 'backup check failed'));
    check();
    this.timer = setInterval(check, CHECK_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the checks and waits for a backup in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
  }

  /** One check: takes the backup when it is due. One at a time in this process. */
  tick(): Promise<TickResult> {
    if (!this.enabled) return Promise.resolve('off');
    if (this.running) return Promise.resolve('busy');
    this.running = this.check().finally(() => (this.running = null));
    return this.running;
  }

  private async isDue(slot: Date, now: Date): Promise<boolean> {
    const state = await readBackupState(this.database.db);
    if (state.lastSlot && state.lastSlot.getTime() >= slot.getTime()) return false;
    return !(state.retryAt && state.retryAt.getTime() > now.getTime());
  }

  private async check(): Promise<TickResult> {
    const now = this.now();
    const slot = latestSlot(now, this.settings.time!);
    if (!(await this.isDue(slot, now))) return 'not-due';
    const work = async (): Promise<TickResult> => {
      // Read again under the lock: another process may have taken it since.
      if (!(await this.isDue(slot, now))) return 'not-due';
      return this.take(slot);
    };
    const notifications = this.database.notifications;
    if (this.database.kind === 'postgres' && notifications?.kind === 'postgres') {
      const locked = await withBackupLock(notifications.url, work);
      return locked.taken ? locked.value : 'locked';
    }
    // The embedded database has one process (the data folder's lock): nobody to take turns with.
    return work();
  }

  private async take(slot: Date): Promise<TickResult> {
    const dir = this.settings.dir!;
    const name = backupFileName(slot);
    const temporary = path.join(dir, `.${name}.${process.pid}.tmp`);
    const started = performance.now();
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      // A temporary file left by a process killed while writing (this lock's holder is the only writer).
      for (const entry of fs.readdirSync(dir)) if (TEMPORARY_RE.test(entry)) fs.rmSync(path.join(dir, entry), { force: true });
      const counts = await writeBackup(this.database.db, temporary);
      syncFile(temporary);
      await this.options.afterTemporaryWrite?.(temporary);
      const final = path.join(dir, name);
      fs.renameSync(temporary, final);
      syncFile(dir);
      const bytes = fs.statSync(final).size;
      const restored = await (this.options.restoredCounts ?? restoredCountsInChild)(final);
      const verification = compareCounts(counts, restored);
      if (!verification.verificato) throw new Error(`verifica non riuscita: ${verification.differenze.join('; ')}`);
      const kept = this.rotate();
      const durationMs = Math.round(performance.now() - started);
      await recordBackupSuccess(this.database.db, {
        slot,
        file: name,
        at: this.now(),
        bytes,
        durationMs,
        verified: true,
        rows: verification.righe,
      });
      this.log?.info({ file: name, bytes, rows: verification.righe, durationMs, kept }, 'backup written and verified');
      await this.reclaimSpace();
      return 'done';
    } catch (err) {
      try {
        fs.rmSync(temporary, { force: true });
      } catch {
        // The folder itself is what failed.
      }
      const reason = failureReason(err);
      const at = this.now();
      const retryAt = new Date(at.getTime() + RETRY_MS);
      // The reason only (a file system's or the database's message, never a row): the next try in an hour.
      this.log?.warn({ reason, retryAt: retryAt.toISOString() }, 'backup failed: retried in an hour');
      await recordBackupFailure(this.database.db, reason, at, retryAt).catch(() => {});
      return 'failed';
    }
  }

  /** Once the night's backup is safe, the embedded database's dead rows are vacuumed (server/db/maintenance.ts). */
  private async reclaimSpace(): Promise<void> {
    try {
      const durationMs = await reclaimEmbeddedSpace(this.database);
      if (durationMs !== null) this.log?.info({ durationMs }, 'embedded database vacuumed');
    } catch (err) {
      // The backup is written and verified; the space waits for the next night.
      this.log?.warn({ reason: failureReason(err) }, 'vacuum of the embedded database failed');
    }
  }

  /** Removes the backups the rotation does not keep; answers how many remain. */
  private rotate(): number {
    const dir = this.settings.dir!;
    const names = fs.readdirSync(dir).filter((n) => BACKUP_FILE_RE.test(n));
    const keep = filesToKeep(names, this.settings.keep);
    for (const name of names) if (!keep.has(name)) fs.rmSync(path.join(dir, name), { force: true });
    return keep.size;
  }

  /** The backup files in the folder now. */
  keptFiles(): string[] {
    if (!this.settings.dir) return [];
    try {
      return fs
        .readdirSync(this.settings.dir)
        .filter((n) => BACKUP_FILE_RE.test(n))
        .sort();
    } catch {
      return [];
    }
  }

  /** GET /server/backup/stato. */
  async status(): Promise<BackupState> {
    return backupStatus(this.database, this);
  }
}

/** The state an administrator reads: from the database, and from the scheduler when this server has one. */
export async function backupStatus(database: Pick<Database, 'db'>, scheduler: BackupScheduler | undefined): Promise<BackupState> {
  const state = await readBackupState(database.db);
  const ultimo =
    state.lastFile && state.lastAt
      ? {
          file: state.lastFile,
          quando: state.lastAt.toISOString(),
          byte: Number(state.lastBytes ?? 0),
          verificato: state.lastVerified === true,
          righe: state.lastRows ?? 0,
        }
      : null;
  const enabled = scheduler?.enabled === true;
  let prossimo: string | null = null;
  if (enabled) {
    const now = scheduler.now();
    const time = scheduler.settings.time!;
    const due = latestSlot(now, time);
    const done = state.lastSlot !== null && state.lastSlot.getTime() >= due.getTime();
    if (done) prossimo = nextSlot(now, time).toISOString();
    else if (state.retryAt && state.retryAt.getTime() > now.getTime()) prossimo = state.retryAt.toISOString();
    else prossimo = now.toISOString();
  }
  return { attivo: enabled, ultimo, prossimo, conservati: scheduler?.keptFiles().length ?? 0, errore: state.error };
}

/** fsync of a file or a folder: the rename is durable only once both are on disk. */
function syncFile(file: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    fs.fsyncSync(fd);
  } catch {
    // A file system that cannot fsync a folder: the rename is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
