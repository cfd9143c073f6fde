/**
 * npm run bench:explain: EXPLAIN ANALYZE of the hot queries on a synthetic
 * 10-year centre (embedded database, and PostgreSQL with DATABASE_URL),
 * printed as Markdown for docs/performance.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../server/db/client.ts';
import { dayQuery, weekQuery } from '../server/db/day-read.ts';
import { coverageQuery } from '../server/features/progetti/coverage.ts';
import { scratchPostgres } from './scratch-postgres.ts';
import { buildPlans, buildSyntheticCentre } from './synthetic-centre.ts';
import { rowsOf } from '../server/db/rows.ts';

const FIRST = '2016-10-31';
const LAST = '2026-10-30';
const DAY = '2026-10-28';
/** A day early in the history: every absence probe of its people walks the years of absences that end after it. */
const EARLY_DAY = '2018-03-14';

async function plans(database: Database, label: string) {
  const explain = async (title: string, query: SQL) => {
    const res = await rowsOf<Record<string, string>>(database.db, sql`explain (analyze, buffers, costs off, timing on) ${query}`);
    console.log(`\n#### ${label}: ${title}\n\n\`\`\`\n${res.map((r) => Object.values(r)[0]).join('\n')}\n\`\`\``);
  };
  await explain(`the day read (${DAY})`, dayQuery(DAY));
  await explain(`the day read of a day early in the history (${EARLY_DAY})`, dayQuery(EARLY_DAY));
  await explain('the week read', weekQuery('2026-10-26', LAST));
  await explain('the coverage of a week (200 utenti in care, issue 29), on its Thursday', coverageQuery('2026-10-26', '2026-10-29'));
  await explain('the session lookup', sql`select * from sessions s join users u on u.id = s.user_id where s.id_hash = 'x'`);
}

const pglite = await openPglite('memory://');
await buildSyntheticCentre(pglite.db, FIRST, LAST);
await buildPlans(pglite.db, FIRST, LAST);
const counts = await rowsOf(
  pglite.db,
  sql`select (select count(*) from activities) as activities, (select count(*) from activity_patients) as patient_links, (select count(*) from transport_runs) as runs`,
);
console.log(`Synthetic centre ${FIRST}…${LAST}: ${JSON.stringify(counts[0])}`);
await plans(pglite, 'PGlite');
await pglite.close();

if (process.env.DATABASE_URL) {
  const scratch = await scratchPostgres('giornata_explain');
  const postgres = await openPostgres(scratch.url);
  try {
    await buildSyntheticCentre(postgres.db, FIRST, LAST);
    await buildPlans(postgres.db, FIRST, LAST);
    await plans(postgres, 'PostgreSQL');
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
