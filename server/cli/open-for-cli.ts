/** Opens the configured database for a command-line tool, with the data folder's lock (see data-dir-lock.ts). */
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { privateUmask } from '../db/private-files.ts';
import { CliError } from './cli-error.ts';

// Before anything is written: every file a tool creates is this user's alone.
privateUmask();

export { CliError };

/**
 * Runs a tool: `beforeOpening` first (checks of the arguments, which need no
 * database), then `task` on the opened database; a refusal prints its message
 * and sets exit code 1.
 */
export async function runCli(task: (database: Database, config: Config) => Promise<void>, options: { beforeOpening?: () => void } = {}) {
  let database: Database | undefined;
  try {
    options.beforeOpening?.();
    const config = loadConfig();
    database = await openDatabase(config, {
      onLooseModes: () =>
        console.error(`La cartella dati ${config.dataDir} era accessibile ad altri utenti del computer: ora cartelle 0700 e file 0600.`),
    });
    await task(database, config);
  } catch (err) {
    if (err instanceof CliError || err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error(`Errore: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
