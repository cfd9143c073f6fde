/** npm run loadtest: 200 connections for 30 s on the embedded database, and on PostgreSQL with DATABASE_URL. */
import { runLoad } from './load.ts';

const kinds = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);
const seconds = Number(process.env.LOAD_SECONDS ?? 30);
let failed = false;
for (const kind of kinds) {
  const result = await runLoad({ kind, connections, seconds, adminEvery: 10 });
  console.log(JSON.stringify(result));
  if (result.errors + result.timeouts + result.non2xx > 0) failed = true;
}
process.exit(failed ? 1 : 0);
