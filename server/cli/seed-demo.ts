/** npm run seed:demo: the demo centre on demand, into an empty database (embedded, or DATABASE_URL). */
import { describeAccounts, isDatabaseEmpty, seedDemo } from '../db/seed-demo.ts';
import { CliError, runCli } from './open-for-cli.ts';

await runCli(async (database) => {
  if (!(await isDatabaseEmpty(database.db))) {
    throw new CliError(`Il database ${database.location} non è vuoto: il centro demo si crea solo in un database vuoto.`);
  }
  console.log(describeAccounts(await seedDemo(database.db)));
});
