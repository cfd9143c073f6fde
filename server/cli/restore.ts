/** npm run restore -- <file>: a backup into the configured database, which must be empty. */
import { RestoreError, restoreBackup } from '../db/backup.ts';
import { CliError, runCli } from './open-for-cli.ts';

const file = process.argv[2];
await runCli(async (database) => {
  if (!file) throw new CliError('Uso: npm run restore -- <file>');
  try {
    const counts = await restoreBackup(database.db, file);
    console.log(
      `Ripristinato ${file} in ${database.location}: ${Object.entries(counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}`,
    );
  } catch (err) {
    if (err instanceof RestoreError) throw new CliError(err.message);
    throw err;
  }
});
