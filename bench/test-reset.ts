/**
 * npm run bench:test-reset: what a server test pays before each of its tests (server/test/harness.ts,
 * describeOnBothDatabases): emptying the tables, the two accounts, the small centre and two sign-ins, on PGlite and on
 * the machine's PostgreSQL (TEST_POSTGRES_URL, or postgres://postgres@127.0.0.1:5432/test; TEST_DATABASES=pglite for
 * PGlite alone). Each step's mean over 20 rounds after 3 of warm-up, in ms (docs/performance.md, The test loop).
 */
import { performance } from 'node:perf_hooks';
import { seedCentre } from '../server/test/fixtures.ts';
import {
  ADMIN,
  buildTestApp,
  createAccounts,
  DB_KINDS,
  openTestDatabase,
  TestClient,
  truncateAll,
  VIEWER,
} from '../server/test/harness.ts';

const WARM_UP = 3;
const ROUNDS = 20;

for (const kind of DB_KINDS) {
  const database = await openTestDatabase(kind);
  const app = await buildTestApp(database);
  const spent = { 'emptying the tables': 0, 'the two accounts': 0, 'the small centre': 0, 'two sign-ins': 0 };
  const steps: [keyof typeof spent, () => Promise<unknown>][] = [
    ['emptying the tables', () => truncateAll(database)],
    ['the two accounts', () => createAccounts(database)],
    ['the small centre', () => seedCentre(database.db)],
    ['two sign-ins', async () => Promise.all([new TestClient(app).login(ADMIN), new TestClient(app).login(VIEWER)])],
  ];
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    for (const [step, run] of steps) {
      const start = performance.now();
      await run();
      if (round >= WARM_UP) spent[step] += performance.now() - start;
    }
  }
  console.log(
    `${kind}: ${Object.entries(spent)
      .map(([step, ms]) => `${step} ${(ms / ROUNDS).toFixed(1)} ms`)
      .join(', ')}`,
  );
  await app.close();
  await database.close();
}
