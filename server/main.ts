/** Reads the configuration, opens the database, listens; closes gracefully on SIGTERM and SIGINT. */
import type { Server } from 'node:http';
import { buildApp, clientDist } from './app.ts';
import { ConfigError, isLoopbackHost, loadConfig, readTls } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { handOverDemoAccounts, seedDemoIfEmpty } from './lib/seed-demo.ts';
import { purgeOldFailures } from './features/session/rate-limit.ts';
import { purgeExpiredSessions } from './features/session/store.ts';
import { privateUmask } from './db/private-files.ts';
import { httpsRedirect } from './lib/https-redirect.ts';
import { BackupScheduler } from './features/backup/scheduler.ts';

/** How long SIGTERM waits for requests in flight and the database before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 15_000;

async function main() {
  privateUmask();
  const config = loadConfig();
  const tls = config.tls ? readTls(config.tls) : undefined;
  let looseModes = 0;
  const database = await openDatabase(config, { onLooseModes: (fixed) => (looseModes = fixed) });
  if (database.kind === 'pglite' && config.seedDemo) {
    const accounts = await seedDemoIfEmpty(database.db);
    const where = accounts && handOverDemoAccounts(accounts, config.dataDir);
    if (where) console.log(where);
  }
  // Tests only (server/features/backup/backup-crash.slow.test.ts): the backup stops under its temporary name, for a kill -9.
  const holdBackup = process.env.GIORNATA_TEST_HOLD_BACKUP === '1';
  const backup = new BackupScheduler({
    database,
    settings: config.backup,
    afterTemporaryWrite: holdBackup
      ? (file) => {
          console.log(`backup held at ${file}`);
          return new Promise<void>(() => {});
        }
      : undefined,
  });
  const app = await buildApp({
    backup,
    database,
    config,
    clientDir: clientDist,
    dataDir: config.dataDir,
    tls,
    logger: { level: config.logLevel },
    limits: { accountCalls: { max: config.callsPerMinute, timeWindowMs: 60_000 } },
  });
  if (looseModes > 0) {
    app.log.warn(
      { dataDir: config.dataDir, fixed: looseModes },
      'the data folder was open to other local users: folders set to 0700 and files to 0600',
    );
  }
  const times = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  const purgeOld = () => Promise.all([purgeExpiredSessions(database.db, times), purgeOldFailures(database.db)]);
  await purgeOld();
  const purge = setInterval(() => purgeOld().catch((err: unknown) => app.log.warn({ err }, 'purge of old sessions failed')), 3600_000);
  purge.unref();

  let redirect: Server | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    clearInterval(purge);
    await backup.stop();
    redirect?.close();
    // A request or a database connection that never ends must not keep the process: a service manager waits for it.
    setTimeout(() => {
      app.log.warn({ signal }, 'shutdown took more than 15 s: exiting without waiting further');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // A keep-alive connection whose request was in flight at close() stays open for Fastify's keepAliveTimeout
    // (72 s) once it falls idle, and close() waits for it: close each connection as soon as it is idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close(); // stops accepting, waits for requests in flight
    } finally {
      clearInterval(idle);
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  if (tls && config.httpRedirectPort !== null) {
    redirect = httpsRedirect(port, host);
    await new Promise<void>((resolve, reject) => redirect!.once('error', reject).listen(config.httpRedirectPort!, config.host, resolve));
  }
  if (!tls && !isLoopbackHost(config.host)) {
    // On every start, not once: whoever looks at the log of a service must see it.
    console.warn(
      `Attenzione: Giornata ascolta su ${config.host} in HTTP semplice, senza TLS: password e sessioni viaggiano in chiaro sulla rete. ` +
        'Indicare TLS_CERT e TLS_KEY (README, Deployment) o ascoltare solo su 127.0.0.1 dietro un proxy HTTPS.',
    );
  }
  // The daily backup (BACKUP_TIME, BACKUP_DIR): a backup missed while the server was down is taken now.
  backup.log = app.log;
  backup.start();
  const shownHost = host.includes(':') ? `[${host}]` : host;
  console.log(`Giornata è pronta su ${tls ? 'https' : 'http'}://${shownHost}:${port}/ (database: ${database.location})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error(`Giornata non si è avviata: ${(err as Error).message}`);
  process.exit(1);
});
