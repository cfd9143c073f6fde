/**
 * kill -9 of the server in the middle of a large paste, on both databases:
 * after a restart the day is the old one or the new one, never a part, and
 * the embedded database opens cleanly. And SIGTERM lets the paste in flight
 * finish before the process exits. kill -9 loses at most the last second of
 * the access log (written in batches once a second).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../common/dates.ts';
import { type Database, type DbKind } from './db/client.ts';
import { seedCentre } from './test/fixtures.ts';
import { ADMIN, DB_KINDS, createAccounts } from './test/harness.ts';
import { killableDatabase } from './test/killable-database.ts';
import { signInOverHttp, spawnServer } from './test/server-process.ts';
import { rowsOf } from './db/rows.ts';

const SOURCE = '2026-11-23';
const TARGET = '2026-11-24';
const PASTE = '/server/calendario/pasteday';

async function buildLargeSource(database: Database) {
  const centre = await seedCentre(database.db);
  await database.db.execute(
    sql`insert into patients (first_name, last_name) select 'Nome' || g, 'Cognome' || g from generate_series(1, 60) g`,
  );
  await database.db.execute(sql`insert into activities (name, room_id, day, weekday, start, "end")
    select 'Attività ' || n, ${centre.palestra.id}, ${SOURCE}::date, 1, time '08:00' + (n % 20) * interval '30 minutes', time '08:30' + (n % 20) * interval '30 minutes'
    from generate_series(1, 4000) n`);
  await database.db.execute(sql`insert into activity_patients (activity_id, patient_id)
    select a.id, p.id from activities a join lateral (select id from patients order by id offset a.id % 40 limit 5) p on true where a.day = ${SOURCE}::date`);
  await database.db.execute(
    sql`insert into activity_therapists (activity_id, therapist_id) select a.id, ${centre.paola.id} from activities a where a.day = ${SOURCE}::date`,
  );
  await database.db.execute(
    sql`insert into activities (name, room_id, day, weekday, start, "end") values ('Vecchio piano', ${centre.palestra.id}, ${TARGET}::date, 2, '09:00', '10:00')`,
  );
}

const countDay = async (database: Database, day: string) =>
  Number((await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from activities where day = ${day}::date`))[0].n);
/** The day's links to patients; `activeOnly` counts those a paste copies (a paste leaves archived patients out). */
const countLinks = async (database: Database, day: string, activeOnly = false) =>
  Number(
    (
      await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from activity_patients ap join activities a on a.id = ap.activity_id join patients p on p.id = ap.patient_id
            where a.day = ${day}::date and (not ${activeOnly} or not p.archived)`,
      )
    )[0].n,
  );

describe.each(DB_KINDS)('crash and shutdown on %s', (kind: DbKind) => {
  const { create, env, withDb } = killableDatabase(kind, 'giornata-crash-');

  it('keeps the day whole when the server is killed in the middle of a large paste', async () => {
    await create();
    await withDb(async (d) => {
      await createAccounts(d);
      await buildLargeSource(d);
    });
    const sourceCount = await withDb((d) => countDay(d, SOURCE));
    const sourceLinks = await withDb((d) => countLinks(d, SOURCE, true));

    // How long a whole paste takes here, pasting onto another day.
    let server = await spawnServer(env());
    let post = (await signInOverHttp(server.url, ADMIN)).call;
    const started = performance.now();
    expect((await post(PASTE, { from: SOURCE, to: '2026-11-26' })).status).toBe(200);
    const pasteMs = performance.now() - started;

    const outcomes: string[] = [];
    for (const fraction of [0.2, 0.5, 0.8]) {
      const inFlight = post(PASTE, { from: SOURCE, to: TARGET }).catch(() => null);
      await new Promise((r) => setTimeout(r, pasteMs * fraction));
      await server.stop('SIGKILL');
      await inFlight;
      const [day, links] = await withDb(async (d) => [await countDay(d, TARGET), await countLinks(d, TARGET)]);
      const outcome = day === 1 && links === 0 ? 'old' : day === sourceCount && links === sourceLinks ? 'new' : `partial ${day}/${links}`;
      outcomes.push(outcome);
      expect(['old', 'new'], `killed at ${Math.round(fraction * 100)}% of ${Math.round(pasteMs)} ms`).toContain(outcome);
      if (outcome === 'new') {
        // Put the old day back for the next try.
        await withDb(async (d) => {
          await d.db.execute(sql`delete from activities where day = ${TARGET}::date`);
          await d.db.execute(
            sql`insert into activities (name, room_id, day, weekday, start, "end") select 'Vecchio piano', id, ${TARGET}::date, 2, '09:00', '10:00' from rooms order by id limit 1`,
          );
        });
      }
      server = await spawnServer(env()); // a stale lock and an interrupted write must not block the next start
      post = (await signInOverHttp(server.url, ADMIN)).call;
      expect((await fetch(`${server.url}/server/health`)).status).toBe(200);
    }
    expect(outcomes).toContain('old');

    // SIGTERM: the paste in flight finishes, then the process exits cleanly.
    const inFlight = post(PASTE, { from: SOURCE, to: '2026-11-27' });
    await new Promise((r) => setTimeout(r, Math.min(50, pasteMs / 4)));
    const stopped = server.stop('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await stopped).toBe(0);
    await expect(fetch(`${server.url}/server/health`)).rejects.toThrow();
    expect(await withDb((d) => countDay(d, '2026-11-27'))).toBe(sourceCount);
  }, 300_000);
});

describe.each(DB_KINDS)('the access log under kill -9 on %s', (kind: DbKind) => {
  const { create, env, withDb } = killableDatabase(kind, 'giornata-crash-log-');

  it('loses at most the last second of access-log rows to kill -9', async () => {
    await create();
    await withDb(async (d) => {
      await createAccounts(d);
      await seedCentre(d.db);
    });
    const server = await spawnServer(env());
    const { call } = await signInOverHttp(server.url, ADMIN);
    // Day reads of a different day each (never coalesced into one entry), one every 50 ms, each answer's time noted: for
    // 3 s, and on a slow machine until more than 10 of them were answered over 1.5 s ago (the reads the kill must not lose).
    const answered: { day: string; at: number }[] = [];
    const started = performance.now();
    const enough = () => {
      const now = performance.now();
      return now - started >= 3000 && answered.filter((a) => now - a.at > 1500).length > 10;
    };
    for (let i = 0; !enough(); i++) {
      const day = addDays('2027-01-04', i);
      const res = await call('/server/calendario/giornata', { data: day });
      await res.text();
      expect(res.status).toBe(200);
      answered.push({ day, at: performance.now() });
      await new Promise((r) => setTimeout(r, 50));
    }
    const killedAt = performance.now();
    await server.stop('SIGKILL');
    const logged = new Set(
      await withDb(async (d) =>
        (await rowsOf<{ day: string }>(d.db, sql`select day::text as day from access_log where kind = 'giornata'`)).map((r) => r.day),
      ),
    );
    // Every read answered more than a second (the batch's period) and half a second (its write) before the kill is there.
    const older = answered.filter((a) => killedAt - a.at > 1500);
    expect(older.length).toBeGreaterThan(10);
    expect(older.filter((a) => !logged.has(a.day)).map((a) => a.day)).toEqual([]);
  }, 300_000);
});
