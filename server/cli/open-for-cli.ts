/** Opens the configured database for a command-line tool, with the data folder's lock (see data-dir-lock.ts). */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

export class CliError extends Error {}

export async function runCli(task: (database: Database) => Promise<void>) {
  let database: Database | undefined;
  try {
    database = await openDatabase(loadConfig());
    await task(database);
  } catch (err) {
    if (err instanceof CliError || err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error(`Errore: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
