/** The users tool's commands (server/cli/users.ts runs them as a process, the tests in their own). */
import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { newPasswordFor } from '../../common/passwords.ts';
import { usernameSchema } from '../../common/schemas.ts';
import { pgErrorCode, type Db } from '../db/client.ts';
import { storeNewPassword } from '../db/credentials.ts';
import { users } from '../db/schema.ts';
import { DEMO_ACCOUNTS_FILE, retireDemoAccountsFile } from '../lib/seed-demo.ts';
import { hashPassword } from '../lib/passwords.ts';
import { markAccount, markMotive } from '../features/registro/segnala.ts';
import { CliError } from './cli-error.ts';

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

export function parseUsersArgs(argv: string[]) {
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

export type UsersArgs = ReturnType<typeof parseUsersArgs>;

/** Where the tool reads a new password and writes what it did: the terminal and standard output, or a test's own. */
export interface ToolIo {
  readPassword: (question: string) => Promise<string>;
  print: (line: string) => void;
}

/** Runs one command of the users tool on an open database; a refusal is a CliError with its message. */
export async function runUsersCommand(db: Db, dataDir: string, { positionals, values }: UsersArgs, io: ToolIo) {
  const [command, name] = positionals;
  switch (command) {
    case 'add': {
      const username = check(usernameSchema, name);
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (existing) throw new CliError(`L'account ${username} esiste già`);
      const password = check(newPasswordFor(username), await io.readPassword(`Password per ${username}: `));
      try {
        await db.insert(users).values({ username, passwordHash: await hashPassword(password), admin: values.admin ? 1 : 0 });
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw new CliError(`L'account ${username} esiste già`);
        throw err;
      }
      io.print(`Account ${username} creato${values.admin ? ' (amministratore)' : ''}`);
      return;
    }
    case 'passwd': {
      const username = check(usernameSchema, name);
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!account) throw new CliError(`L'account ${username} non esiste`);
      const password = check(newPasswordFor(username), await io.readPassword(`Nuova password per ${username}: `));
      const passwordHash = await hashPassword(password);
      // The new password and the end of every session and calendar link of the account, together.
      const changed = await db.transaction(async (tx) => storeNewPassword(tx as unknown as Db, account.id, passwordHash));
      if (!changed) throw new CliError(`L'account ${username} non esiste`);
      io.print(`Password di ${username} cambiata; le sue sessioni aperte e i suoi link del calendario sono chiusi`);
      if (retireDemoAccountsFile(dataDir, username)) io.print(`${DEMO_ACCOUNTS_FILE} cancellato: ${username} ha ora una password sua`);
      return;
    }
    case 'list': {
      const rows = await db.select().from(users).orderBy(asc(users.username));
      for (const u of rows)
        io.print(`${u.username}\t${u.admin > 0 ? 'amministratore' : 'consultazione'}${u.disabled ? '\tdisattivato' : ''}`);
      if (rows.length === 0) io.print('Nessun account');
      return;
    }
    case 'remove': {
      const username = check(usernameSchema, name);
      const deleted = await db.delete(users).where(eq(users.username, username)).returning({ id: users.id });
      if (deleted.length === 0) throw new CliError(`L'account ${username} non esiste`);
      io.print(`Account ${username} eliminato`);
      return;
    }
    case 'segnala': {
      const username = check(usernameSchema, name);
      const motivo = values.motivo === undefined ? undefined : check(markMotive, values.motivo);
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!account) throw new CliError(`L'account ${username} non esiste`);
      const marked = await markAccount(db, CLI_ACTOR, account.id, motivo);
      io.print(
        `Righe di ${username} fino a ${marked.fino} segnalate come abuso nel registro e negli accessi (nessuna cancellata); ` +
          `la segnalazione è la riga n. ${marked.operazione} del registro`,
      );
      return;
    }
    default:
      throw new CliError(USAGE);
  }
}
