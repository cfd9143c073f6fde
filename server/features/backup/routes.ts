/**
 * The daily backups (issue 33; docs/api.md, Backup): their state and the download of one, administrators only (a
 * consultazione account gets 403). A download is an export: a registro row, and no-store as every answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BACKUP_FILE_RE, BACKUP_MSG, backupFileParams, backupStateAnswer } from '../../../common/backup.ts';
import { ok, textAnswer } from '../../../common/schemas.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Database } from '../../db/client.ts';
import { currentUser, requireAdmin } from '../../lib/guards.ts';
import { notFound } from '../../lib/http-error.ts';
import { backupStatus, type BackupScheduler } from './scheduler.ts';

export interface BackupRoutesOptions {
  database: Database;
  /** This server's daily backup; without it (API-only tests) the state is read from the database alone. */
  scheduler?: BackupScheduler;
}

export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, { database, scheduler }) => {
  app.addHook('onRequest', requireAdmin);

  app.get('/backup/stato', { schema: { response: ok(backupStateAnswer) } }, async () => backupStatus(database, scheduler));

  app.get(
    '/backup/file/:name',
    { schema: { params: backupFileParams, response: ok(textAnswer('application/gzip')) } },
    async (req, reply) => {
      const { name } = req.params;
      const dir = scheduler?.settings.dir;
      const match = BACKUP_FILE_RE.exec(name);
      // The name is checked against the pattern (no slash, no dot-dot): it can only be a file of the folder itself.
      if (!dir || !match || path.basename(name) !== name) throw notFound(BACKUP_MSG.fileNotFound);
      let data: Buffer;
      try {
        data = await fs.promises.readFile(path.join(dir, name));
      } catch {
        throw notFound(BACKUP_MSG.fileNotFound);
      }
      const day = `${match[1]}-${match[2]}-${match[3]}`;
      await appendAudit(database.db, currentUser(req), {
        action: 'esportazione.backup',
        entity: 'esportazione',
        day,
        after: { tipo: 'backup', file: name, byte: data.length },
      });
      return (
        reply
          .type('application/gzip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          // The document names it a file of its media type (textAnswer); the bytes go out as they are on disk.
          .send(data as unknown as string)
      );
    },
  );
};
