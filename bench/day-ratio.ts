/**
 * The cached day read against `health`, quickly (docs/performance.md, "The cached day read, gzipped"): the ratio that
 * `npm run bench` measures at ten years, on a one-month synthetic centre in PostgreSQL, which takes seconds to build
 * instead of minutes. A cached day costs the same at any history (it is not read from the database), so the ratio is
 * the same; the full bench remains the figure of record.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ratio
 *   BENCH_RATIO_ENCODING=identity …   the day read by a client that does not take gzip
 *   BENCH_SECONDS=10 BENCH_RATIO_PAIRS=5 …
 */
import autocannon from 'autocannon';
import { addDays, weekdayOf } from '../common/dates.ts';
import { openPostgres } from '../server/db/client.ts';
import { signInOverHttp, spawnServer } from '../server/test/server-process.ts';
import { scratchPostgres } from './scratch-postgres.ts';
import { BENCH_ADMIN, buildPlans, buildSyntheticCentre } from './synthetic-centre.ts';

const LAST_DAY = '2026-10-30';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAIRS = Number(process.env.BENCH_RATIO_PAIRS ?? 5);
/** Chromium's Accept-Encoding, as in bench/run.ts; `identity` for a client that takes none. */
const ENCODING = process.env.BENCH_RATIO_ENCODING ?? 'gzip, deflate, br, zstd';

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL (the ratio is measured there).');
  const scratch = await scratchPostgres('giornata_ratio');
  try {
    const database = await openPostgres(scratch.url);
    await buildSyntheticCentre(database.db, addDays(LAST_DAY, -30), LAST_DAY);
    await buildPlans(database.db, addDays(LAST_DAY, -30), LAST_DAY);
    await database.close();
    // The per-account limit lifted, as in bench/run.ts: the runs measure the reads, not the limit's 429s.
    const server = await spawnServer({ DATABASE_URL: scratch.url, CALLS_PER_MINUTE: '100000000' });
    try {
      const session = await signInOverHttp(server.url, BENCH_ADMIN);
      const headers = {
        cookie: session.cookie,
        'x-xsrf-token': session.token,
        'content-type': 'application/json',
        'accept-encoding': ENCODING,
      };
      const days = Array.from({ length: 28 }, (_, i) => addDays(LAST_DAY, -i)).filter((d) => weekdayOf(d) % 6 !== 0);
      const run = (request: autocannon.Request) =>
        new Promise<autocannon.Result>((resolve, reject) =>
          autocannon({ url: server.url, connections: 10, duration: SECONDS, headers, requests: [request] }, (err, res) =>
            err ? reject(err) : resolve(res),
          ),
        );
      const ratios: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        const health = await run({ method: 'GET', path: '/server/health' });
        const day = await run({
          method: 'POST',
          path: '/server/calendario/giornata',
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ data: days[Math.floor(Math.random() * days.length)] }) }),
        });
        const ratio = day.requests.average / health.requests.average;
        ratios.push(ratio);
        const kb = day.throughput.average / day.requests.average / 1024;
        console.log(
          `health ${Math.round(health.requests.average)}/s, day ${Math.round(day.requests.average)}/s (${kb.toFixed(1)} KB each): ${ratio.toFixed(3)}`,
        );
      }
      ratios.sort((a, b) => a - b);
      console.log(`Accept-Encoding "${ENCODING}": median of ${PAIRS} pairs ${ratios[Math.floor(PAIRS / 2)].toFixed(3)}`);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
