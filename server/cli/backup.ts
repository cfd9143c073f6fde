/** npm run backup -- <file>: every table of the configured database into a gzipped JSON file. */
import { writeBackup } from '../db/backup.ts';
import { CliError, runCli } from './open-for-cli.ts';

const file = process.argv[2];
await runCli(async (database) => {
  if (!file) throw new CliError('Uso: npm run backup -- <file>');
  const counts = await writeBackup(database.db, file);
  console.log(
    `Backup di ${database.location} scritto in ${file}: ${Object.entries(counts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
});
