/**
 * npm run users -- add <username> --password <pw> [--admin]
 * npm run users -- passwd <username> --password <pw>
 * npm run users -- list
 * npm run users -- remove <username>
 */
import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { passwordSchema, usernameSchema } from '../../common/schemas.ts';
import { pgErrorCode, type Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../features/session/passwords.ts';
import { CliError, runCli } from './open-for-cli.ts';

const USAGE = `Uso:
  npm run users -- add <username> --password <password> [--admin]
  npm run users -- passwd <username> --password <password>
  npm run users -- list
  npm run users -- remove <username>`;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: { password: { type: 'string' }, admin: { type: 'boolean', default: false } } });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n${USAGE}`);
  }
}

function check<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CliError(result.error.issues[0].message);
  return result.data;
}

async function run(db: Db, argv: string[]) {
  const { positionals, values } = parse(argv);
  const [command, name] = positionals;
  switch (command) {
    case 'add': {
      const username = check(usernameSchema, name);
      const password = check(passwordSchema, values.password);
      try {
        await db.insert(users).values({ username, passwordHash: await hashPassword(password), admin: values.admin ? 1 : 0 });
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw new CliError(`L'utente ${username} esiste già`);
        throw err;
      }
      console.log(`Utente ${username} creato${values.admin ? ' (amministratore)' : ''}`);
      return;
    }
    case 'passwd': {
      const username = check(usernameSchema, name);
      const password = check(passwordSchema, values.password);
      const updated = await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.username, username)).returning({ id: users.id });
      if (updated.length === 0) throw new CliError(`L'utente ${username} non esiste`);
      console.log(`Password di ${username} cambiata`);
      return;
    }
    case 'list': {
      const rows = await db.select().from(users).orderBy(asc(users.username));
      for (const u of rows) console.log(`${u.username}\t${u.admin > 0 ? 'amministratore' : 'operatore'}${u.disabled ? '\tdisattivato' : ''}`);
      if (rows.length === 0) console.log('Nessun utente');
      return;
    }
    case 'remove': {
      const username = check(usernameSchema, name);
      const deleted = await db.delete(users).where(eq(users.username, username)).returning({ id: users.id });
      if (deleted.length === 0) throw new CliError(`L'utente ${username} non esiste`);
      console.log(`Utente ${username} eliminato`);
      return;
    }
    default:
      throw new CliError(USAGE);
  }
}

await runCli((database) => run(database.db, process.argv.slice(2)));
