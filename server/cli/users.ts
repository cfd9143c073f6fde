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
import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { loadPasswordDictionaries, newPasswordFor } from '../../common/passwords.ts';
import { usernameSchema } from '../../common/schemas.ts';
import { pgErrorCode, type Db } from '../db/client.ts';
import { storeNewPassword } from '../db/credentials.ts';
import { users } from '../db/schema.ts';
import { DEMO_ACCOUNTS_FILE, retireDemoAccountsFile } from '../lib/seed-demo.ts';
import { hashPassword } from '../lib/passwords.ts';
import { markAccount, markMotive } from '../features/registro/segnala.ts';
import { CliError, runCli } from './open-for-cli.ts';
import { readNewPassword } from './read-password.ts';

const USAGE = `Uso:
  npm run users -- add <username> [--admin]
  npm run users -- passwd <username>
  npm run users -- list
  npm run users -- remove <username>
  npm run users -- segnala <username> [--motivo <testo>]
La password si scrive quando viene chiesta (senza che compaia sullo schermo),
oppure arriva sullo standard input: printf '%s\\n' "$PW" | npm run users -- add <username> --admin`;

/** Who a registro row made from the command line names: whoever runs the server's own tools. */
const CLI_ACTOR = { ID: null, username: 'riga di comando' };

const PASSWORD_OPTION_REFUSED =
  "L'opzione --password non è più accettata: sulla riga di comando la password resta nella cronologia della shell " +
  'ed è visibile agli altri utenti del computer (ps).\n' +
  'Lancia il comando senza --password e scrivila quando viene chiesta, oppure passala sullo standard input:\n' +
  `  printf '%s\\n' "$PW" | npm run users -- add <username> [--admin]\n` +
  `  printf '%s\\n' "$PW" | npm run users -- passwd <username>`;

function parse(argv: string[]) {
  // Refused before anything else, with the way to do it now.
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) throw new CliError(PASSWORD_OPTION_REFUSED);
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { admin: { type: 'boolean', default: false }, motivo: { type: 'string' } },
    });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n${USAGE}`);
  }
}

function check<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CliError(result.error.issues[0].message);
  return result.data;
}

type Parsed = ReturnType<typeof parse>;

async function run(db: Db, dataDir: string, { positionals, values }: Parsed) {
  const [command, name] = positionals;
  switch (command) {
    case 'add': {
      const username = check(usernameSchema, name);
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (existing) throw new CliError(`L'account ${username} esiste già`);
      const password = check(newPasswordFor(username), await readNewPassword(`Password per ${username}: `));
      try {
        await db.insert(users).values({ username, passwordHash: await hashPassword(password), admin: values.admin ? 1 : 0 });
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw new CliError(`L'account ${username} esiste già`);
        throw err;
      }
      console.log(`Account ${username} creato${values.admin ? ' (amministratore)' : ''}`);
      return;
    }
    case 'passwd': {
      const username = check(usernameSchema, name);
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!account) throw new CliError(`L'account ${username} non esiste`);
      const password = check(newPasswordFor(username), await readNewPassword(`Nuova password per ${username}: `));
      const passwordHash = await hashPassword(password);
      // The new password and the end of every session and calendar link of the account, together.
      const changed = await db.transaction(async (tx) => storeNewPassword(tx as unknown as Db, account.id, passwordHash));
      if (!changed) throw new CliError(`L'account ${username} non esiste`);
      console.log(`Password di ${username} cambiata; le sue sessioni aperte e i suoi link del calendario sono chiusi`);
      if (retireDemoAccountsFile(dataDir, username)) console.log(`${DEMO_ACCOUNTS_FILE} cancellato: ${username} ha ora una password sua`);
      return;
    }
    case 'list': {
      const rows = await db.select().from(users).orderBy(asc(users.username));
      for (const u of rows)
        console.log(`${u.username}\t${u.admin > 0 ? 'amministratore' : 'consultazione'}${u.disabled ? '\tdisattivato' : ''}`);
      if (rows.length === 0) console.log('Nessun account');
      return;
    }
    case 'remove': {
      const username = check(usernameSchema, name);
      const deleted = await db.delete(users).where(eq(users.username, username)).returning({ id: users.id });
      if (deleted.length === 0) throw new CliError(`L'account ${username} non esiste`);
      console.log(`Account ${username} eliminato`);
      return;
    }
    case 'segnala': {
      const username = check(usernameSchema, name);
      const motivo = values.motivo === undefined ? undefined : check(markMotive, values.motivo);
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!account) throw new CliError(`L'account ${username} non esiste`);
      const marked = await markAccount(db, CLI_ACTOR, account.id, motivo);
      console.log(
        `Righe di ${username} fino a ${marked.fino} segnalate come abuso nel registro e negli accessi (nessuna cancellata); ` +
          `la segnalazione è la riga n. ${marked.operazione} del registro`,
      );
      return;
    }
    default:
      throw new CliError(USAGE);
  }
}

let parsed: Parsed | undefined;
await runCli(
  async (database, config) => {
    await loadPasswordDictionaries();
    return run(database.db, config.dataDir, parsed!);
  },
  { beforeOpening: () => (parsed = parse(process.argv.slice(2))) },
);
