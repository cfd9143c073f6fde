/**
 * npm run users -- add <username> [--admin]
 * npm run users -- passwd <username>
 * npm run users -- list
 * npm run users -- remove <username>
 * npm run users -- segnala <username> [--motivo <testo>]
 *
 * A password never travels on the command line (shell history, `ps`): on a
 * terminal it is asked without echo, twice; otherwise it is the first line of
 * standard input. A new password meets the rule of the web app and the API
 * (common/passwords.ts), with the same message. `passwd` ends every session of
 * the account and its calendar links (server/db/credentials.ts). `segnala` marks the rows the
 * account made until now, in the registro and the access log, as abusive: nothing is deleted, and
 * the mark is itself a registro row (server/features/registro/segnala.ts).
 */
import { loadPasswordDictionaries } from '../../common/passwords.ts';
import { runCli } from './open-for-cli.ts';
import { parseUsersArgs, runUsersCommand, type UsersArgs } from './users-commands.ts';
import { readNewPassword } from './read-password.ts';

let parsed: UsersArgs | undefined;
await runCli(
  async (database, config) => {
    await loadPasswordDictionaries();
    return runUsersCommand(database.db, config.dataDir, parsed!, { readPassword: readNewPassword, print: (line) => console.log(line) });
  },
  { beforeOpening: () => (parsed = parseUsersArgs(process.argv.slice(2))) },
);
