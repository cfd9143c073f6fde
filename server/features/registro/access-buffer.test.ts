/**
 * The access log's buffer keeps what it promised (docs/decisions/0035-access-log-buffer.md): a batch
 * the database refuses is tried again with a growing wait until it is written, neither lost nor
 * counted twice; a graceful stop writes the buffer (and counts what a database that never comes back
 * keeps it from writing); the buffer is bounded, and the reads it cannot hold are counted, reported at
 * most once a minute and shown on `/server/health` to administrators only. The database's refusal
 * is real: a trigger of the test raises an error for the first N statements on `access_log`.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../../common/dates.ts';
import { buildApp } from '../../app.ts';
import { AccessLog, type AccessLogEvents } from '../../lib/access-log.ts';
import { seedCentre } from '../../test/fixtures.ts';
import { ADMIN, TEST_SESSION_TIMES, TestClient, VIEWER, describeOnBothDatabases } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

let readers = 0;
/** A name of this run only: the access log is never emptied, so each case reads its own rows. */
const freshName = () => `buffer.${process.pid}.${Date.now().toString(36)}.${++readers}`;

const until = async (done: () => Promise<boolean>, ms = 20_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) if (await done()) return;
  throw new Error('condition not met in time');
};

describeOnBothDatabases('the access log buffer', (ctx) => {
  /** What the log's events said, in order. */
  let failures: { failures: number; retryInMs: number }[];
  let lost: [number, number][];
  const events: AccessLogEvents = {
    onWriteFailed: (_err, n, retryInMs) => failures.push({ failures: n, retryInMs }),
    onLost: (n, total) => lost.push([n, total]),
  };
  const logs: AccessLog[] = [];
  const newLog = () => {
    const log = new AccessLog(ctx.database.db, events);
    logs.push(log);
    return log;
  };

  beforeEach(() => {
    failures = [];
    lost = [];
  });
  afterEach(async () => {
    await ctx.database.db.execute(sql`drop trigger if exists zz_access_log_refused on access_log`);
    for (const log of logs.splice(0)) await log.close();
  });

  /** From now on the database refuses the next `times` statements writing `access_log`, then takes them again. */
  async function refuseWrites(times: number) {
    const db = ctx.database.db;
    await db.execute(sql`drop trigger if exists zz_access_log_refused on access_log`);
    await db.execute(sql`drop sequence if exists access_log_refusals`);
    await db.execute(sql`create sequence access_log_refusals`);
    await db.execute(
      sql.raw(`create or replace function access_log_refused() returns trigger language plpgsql as $$
        begin
          if nextval('access_log_refusals') <= ${times} then raise exception 'database non disponibile (prova)'; end if;
          return null;
        end $$`),
    );
    await db.execute(
      sql`create trigger zz_access_log_refused before insert or update on access_log for each statement execute function access_log_refused()`,
    );
  }

  async function logRowsOf(username: string) {
    const result = await rowsOf<{ day: string; conteggio: number }>(
      ctx.database.db,
      sql`
      select day::text as day, conteggio from access_log where username = ${username} order by day`,
    );
    return result.map((r) => [r.day, Number(r.conteggio)]);
  }

  const reader = (username: string) => ({ ID: null, username });
  const days = Array.from({ length: 6 }, (_, i) => addDays('2026-11-02', i));

  it('tries a refused batch again after 1, 2, 4 … waits until it is written, losing and doubling nothing', async () => {
    const log = newLog();
    log.retryMs = 20;
    const username = freshName();
    await refuseWrites(3);
    for (const day of [days[0], days[0], days[1], days[0], days[1]]) log.record(reader(username), { kind: 'giornata', day });
    // No flush asked: the one-second write fails, and its retries follow by themselves.
    await until(async () => failures.length >= 1);
    // Reads coming while the batch waits add to it.
    log.record(reader(username), { kind: 'giornata', day: days[0] });
    log.record(reader(username), { kind: 'giornata', day: days[2] });
    await until(async () => (await logRowsOf(username)).length === 3 && log.status().inAttesa === 0);
    expect(failures).toEqual([
      { failures: 1, retryInMs: 20 },
      { failures: 2, retryInMs: 40 },
      { failures: 3, retryInMs: 80 },
    ]);
    expect(await logRowsOf(username)).toEqual([
      [days[0], 4],
      [days[1], 2],
      [days[2], 1],
    ]);
    expect(log.status()).toEqual({ inAttesa: 0, persi: 0, tentativiFalliti: 0 });
    expect(lost).toEqual([]);
  });

  it('writes the buffer on a graceful stop, retrying a database that refuses it for a moment', async () => {
    const log = newLog();
    log.retryMs = 20;
    const username = freshName();
    for (const day of [days[0], days[1], days[1]]) log.record(reader(username), { kind: 'giornata', day });
    await refuseWrites(2);
    await log.close();
    expect(await logRowsOf(username)).toEqual([
      [days[0], 1],
      [days[1], 2],
    ]);
    expect(failures.map((f) => f.failures)).toEqual([1, 2]);
    expect(log.status().persi).toBe(0);
    expect(lost).toEqual([]);
    // Closed: nothing more is recorded.
    log.record(reader(username), { kind: 'giornata', day: days[3] });
    expect(log.status().inAttesa).toBe(0);
  });

  it('counts and reports what a stop could not write when the database never takes it', async () => {
    const log = newLog();
    log.retryMs = 20;
    log.closeMs = 300;
    const username = freshName();
    for (const day of [days[0], days[0], days[1]]) log.record(reader(username), { kind: 'giornata', day });
    await refuseWrites(1_000_000);
    await log.close();
    expect(await logRowsOf(username)).toEqual([]);
    expect(log.status().persi).toBe(3);
    expect(lost).toEqual([[3, 3]]);
  });

  it('the app writes its buffer when it closes: the reads made just before are in the database', async () => {
    await seedCentre(ctx.database.db);
    const app = await buildApp({ database: ctx.database, config: { cookieSecure: false, ...TEST_SESSION_TIMES } });
    try {
      const viewer = await new TestClient(app).login(VIEWER);
      const day = addDays(todayInRome(), 9);
      for (let i = 0; i < 3; i++) expect((await viewer.post('/server/calendario/giornata', { data: day })).status).toBe(200);
      await refuseWrites(1);
    } finally {
      await app.close();
    }
    const rows = await rowsOf<{ conteggio: number }>(
      ctx.database.db,
      sql`
      select conteggio from access_log where username = ${VIEWER.username} and kind = 'giornata'
        and day = ${addDays(todayInRome(), 9)}::date`,
    );
    expect(rows.map((r) => Number(r.conteggio)).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('holds at most its bound, counts the reads it cannot hold and reports them at most once a minute', async () => {
    const log = newLog();
    log.maxPending = 3;
    const t0 = Date.now();
    log.now = () => t0;
    const username = freshName();
    await refuseWrites(1_000_000);
    for (const day of days.slice(0, 4)) log.record(reader(username), { kind: 'giornata', day });
    // A read that adds to an entry held still counts in it.
    log.record(reader(username), { kind: 'giornata', day: days[0] });
    expect(log.status()).toMatchObject({ inAttesa: 3, persi: 1 });
    expect(lost).toEqual([[1, 1]]);
    log.record(reader(username), { kind: 'giornata', day: days[4] });
    log.record(reader(username), { kind: 'giornata', day: days[5] });
    // Within the minute: counted, not reported again yet.
    expect(log.status().persi).toBe(3);
    expect(lost).toEqual([[1, 1]]);
    log.now = () => t0 + 60_000;
    log.record(reader(username), { kind: 'giornata', day: days[5] });
    expect(lost).toEqual([
      [1, 1],
      [3, 4],
    ]);
    // The database back: what was held is written, with its counts.
    await ctx.database.db.execute(sql`drop trigger zz_access_log_refused on access_log`);
    await log.flush();
    expect(await logRowsOf(username)).toEqual([
      [days[0], 2],
      [days[1], 1],
      [days[2], 1],
    ]);
    expect(log.status()).toEqual({ inAttesa: 0, persi: 4, tentativiFalliti: 0 });
  });

  it('shows the lost reads on /server/health to administrators only', async () => {
    await seedCentre(ctx.database.db);
    const admin = await new TestClient(ctx.app).login(ADMIN);
    const viewer = await new TestClient(ctx.app).login(VIEWER);
    const log = ctx.app.accessLog!;
    const before = log.status().persi;
    const bound = log.maxPending;
    log.maxPending = 0;
    try {
      expect((await viewer.post('/server/calendario/giornata', { data: addDays(todayInRome(), 11) })).status).toBe(200);
    } finally {
      log.maxPending = bound;
    }
    const seen = await admin.get<Record<string, unknown>>('/server/health');
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      status: 'ok',
      database: ctx.kind,
      registroAccessi: { inAttesa: expect.any(Number), persi: before + 1, tentativiFalliti: 0 },
    });
    for (const other of [viewer, new TestClient(ctx.app)]) {
      const res = await other.get('/server/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', database: ctx.kind });
    }
  });
});
