/**
 * The registro's process-wide parts: the access log's buffer (decorated on the app, so every
 * feature records through server/lib/access-log.ts), and the retention purge followed by the check
 * of the hash chains' newest rows (an error in the log when one is broken), run at start and every
 * 24 hours. Both end with the app: the buffer is written, the purge and check waited for.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { AccessLog } from '../../lib/access-log.ts';
import { CHAIN_TAIL_ROWS, checkChains } from './chain.ts';
import { PURGE_EVERY_MS, purgeExpiredAudit } from './purge.ts';

export interface RegistroOptions {
  db: Db;
  /** AUDIT_RETENTION_DAYS (server/config.ts). */
  retentionDays: number;
}

async function registroPlugin(app: FastifyInstance, { db, retentionDays }: RegistroOptions) {
  const accessLog = new AccessLog(db, {
    onWriteFailed: (err, failures, retryInMs) =>
      app.log.error({ err, tentativi: failures, riprovaTraMs: retryInMs }, 'access log write failed: the entries wait and are tried again'),
    // The number only: who read what stays out of the log.
    onLost: (lost, total) =>
      app.log.error({ persi: lost, totale: total }, 'access log: reads not recorded (buffer full or unwritten at stop)'),
  });
  app.decorate('accessLog', accessLog);

  let purging: Promise<unknown> = Promise.resolve();
  const purge = () => {
    purging = purgeExpiredAudit(db, retentionDays)
      .catch((err: unknown) => app.log.warn({ err }, 'registro purge failed'))
      .then(() => checkTail(app, db));
  };
  let timer: NodeJS.Timeout | undefined;
  // After start-up, not before it: a large first purge must not hold the server's start.
  app.addHook('onReady', async () => {
    purge();
    timer = setInterval(purge, PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await purging;
    await accessLog.close();
  });
}

/**
 * The newest rows of both chains (CHAIN_TAIL_ROWS each): a break is logged as an error naming the
 * table and the row's id, nothing of its content.
 */
export async function checkTail(app: FastifyInstance, db: Db): Promise<void> {
  try {
    const answer = await checkChains(db, { tail: CHAIN_TAIL_ROWS });
    if (!answer.integro)
      app.log.error(
        { tabella: answer.tabellaAlterata, riga: answer.primaRigaAlterata },
        'registro: catena delle impronte interrotta (GET /server/registro/verifica per il controllo completo)',
      );
  } catch (err) {
    app.log.warn({ err }, 'registro chain check failed');
  }
}

export const registro = fp(registroPlugin, { name: 'registro' });
