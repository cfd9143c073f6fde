/**
 * npm run seed:demo: the demo centre on demand, into an empty database
 * (embedded, or DATABASE_URL). Its passwords go to the terminal, or without
 * one to a 0600 file of DATA_DIR (see handOverDemoAccounts).
 */
import { handOverDemoAccounts, isDatabaseEmpty, seedDemo } from '../lib/seed-demo.ts';
import { CliError, runCli } from './open-for-cli.ts';

await runCli(async (database, config) => {
  if (!(await isDatabaseEmpty(database.db))) {
    throw new CliError(`Il database ${database.location} non è vuoto: il centro demo si crea solo in un database vuoto.`);
  }
  const where = handOverDemoAccounts(await seedDemo(database.db), config.dataDir);
  if (where) console.log(where);
});
