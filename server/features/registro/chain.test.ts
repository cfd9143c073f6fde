/**
 * The hash chain of the registro and of the access log (docs/decisions/0023-audit-hash-chain.md):
 * GET /server/registro/verifica holds on a normal history (writes, sign-ins, batched day reads,
 * concurrent writes, a purge), names the first row changed or the row after one deleted behind the
 * trigger's back, is for administrators only, and the check of the newest rows logs the break
 * without anything of the row's content.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { chainCheckAnswer, type AuditAction, type AuditPage, type ChainCheckAnswer } from '../../../common/audit.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { appendAudit } from '../../db/audit.ts';
import { restoreBackup, writeBackup } from '../../db/backup.ts';
import type { Db } from '../../db/client.ts';
import { LOCK_KEYS } from '../../db/locks.ts';
import { seedCentre } from '../../test/fixtures.ts';
import { ADMIN, DB_KINDS, TestClient, VIEWER, codeOf, describeOnBothDatabases, openTestDatabase } from '../../test/harness.ts';
import { checkChains } from './chain.ts';
import { checkTail } from './plugin.ts';
import { purgeExpiredAudit } from './purge.ts';
import { rowsOf } from '../../db/rows.ts';

type Table = 'audit_log' | 'access_log';

/** Runs `statements` with triggers off, as a superuser can (`session_replication_role = replica`). */
async function behindTheTrigger(db: Db, ...statements: ReturnType<typeof sql>[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });
}

/** A middle row of a table: neither its first nor its last. */
async function middleId(db: Db, table: Table): Promise<number> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${sql.identifier(table)} order by id offset (select count(*) / 2 from ${sql.identifier(table)}) limit 1`,
  );
  return Number(row.id);
}

describeOnBothDatabases('the hash chain of the registro', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;

  beforeEach(async () => {
    const centre = await seedCentre(ctx.database.db);
    admin = await new TestClient(ctx.app).login(ADMIN);
    viewer = await new TestClient(ctx.app).login(VIEWER);
    // A small normal history: writes of the registro and batched reads of the access log.
    const created = await admin.request('PUT', '/server/anagrafiche/pazienti', {
      Nome: 'Anna',
      Cognome: 'Verdi',
      Cellulare: '+393330000000',
    });
    expect(created.status).toBe(200);
    for (const data of ['2026-11-23', '2026-11-24', '2026-11-25'])
      expect((await viewer.post('/server/calendario/giornata', { data })).status).toBe(200);
    expect(
      // The registro's own exports are the administrators' (docs/decisions/0025).
      (
        await admin.post('/server/registro/esportazione', {
          tipo: 'accessi_csv',
          dal: '2026-11-01',
          al: '2026-11-30',
          paziente: centre.mario.id,
        })
      ).status,
    ).toBe(200);
    await ctx.app.accessLog!.flush();
  });

  const verifica = async () => {
    const res = await admin.get<ChainCheckAnswer>('/server/registro/verifica');
    expect(res.status).toBe(200);
    return chainCheckAnswer.parse(res.body);
  };

  it('holds on a normal history, counting the rows of both tables', async () => {
    const answer = await verifica();
    const [{ audit, access }] = await rowsOf<{ audit: number; access: number }>(
      ctx.database.db,
      sql`select (select count(*)::int from audit_log) as audit, (select count(*)::int from access_log) as access`,
    );
    expect(answer).toMatchObject({ integro: true, righe: audit + access, primaRigaAlterata: null, tabellaAlterata: null });
    expect(answer.registro).toMatchObject({ righe: audit, primaRigaAlterata: null });
    expect(answer.accessi).toMatchObject({ righe: access, primaRigaAlterata: null });
    // The last hash is the newest row's, for noting elsewhere.
    const [last] = await rowsOf<{ hash: string }>(ctx.database.db, sql`select hash from audit_log order by id desc limit 1`);
    expect(answer.registro.ultimaImpronta).toBe(last.hash);
    expect(last.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('holds after one batch of 1,200 reads and walks the tables a batch at a time', async () => {
    for (let i = 0; i < 1200; i++) ctx.app.accessLog!.record({ ID: 2, username: VIEWER.username }, { kind: 'giornata', day: '2026-11-25' });
    await ctx.app.accessLog!.flush();
    const whole = await checkChains(ctx.database.db);
    const inSmallBatches = await checkChains(ctx.database.db, { batch: 7 });
    expect(whole.integro).toBe(true);
    expect(inSmallBatches).toEqual(whole);
  });

  it('holds after concurrent writes, and id order is chain order', async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.database.db.transaction(async (tx) => {
          await appendAudit(tx, { ID: null, username: `concorrente-${i}` }, { action: 'accesso.fallito', entity: 'sessione' });
          await appendAudit(tx, { ID: null, username: `concorrente-${i}` }, { action: 'accesso.fallito', entity: 'sessione' });
        }),
      ),
    );
    expect((await verifica()).integro).toBe(true);
  });

  it('replaces whatever hash an insert brings', async () => {
    await ctx.database.db.execute(
      sql`insert into audit_log (username, action, entity, prev_hash, hash) values ('falsario', 'accesso.fallito', 'sessione', 'x', 'y')`,
    );
    const [row] = await rowsOf<{ hash: string }>(ctx.database.db, sql`select hash from audit_log where username = 'falsario'`);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verifica()).integro).toBe(true);
  });

  it('names the first row changed behind the trigger, in either table, and holds again once it is put back', async () => {
    for (const [table, name, column] of [
      ['audit_log', 'registro', 'username'],
      ['access_log', 'accessi', 'username'],
    ] as const) {
      const id = await middleId(ctx.database.db, table);
      const [before] = await rowsOf<{ value: string }>(
        ctx.database.db,
        sql`select ${sql.identifier(column)} as value from ${sql.identifier(table)} where id = ${id}`,
      );
      await behindTheTrigger(
        ctx.database.db,
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = 'qualcun-altro' where id = ${id}`,
      );
      const answer = await verifica();
      expect(answer).toMatchObject({ integro: false, primaRigaAlterata: id, tabellaAlterata: name });
      expect(answer[name].primaRigaAlterata).toBe(id);
      expect(answer.righe).toBeGreaterThan(0);
      await behindTheTrigger(
        ctx.database.db,
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${before.value} where id = ${id}`,
      );
      expect((await verifica()).integro).toBe(true);
    }
  });

  it('finds a change that also recomputed the row’s own hash, at the row after it', async () => {
    const id = await middleId(ctx.database.db, 'audit_log');
    const [next] = await rowsOf<{ id: string }>(ctx.database.db, sql`select id from audit_log where id > ${id} order by id limit 1`);
    const [saved] = await rowsOf<{ username: string; hash: string }>(
      ctx.database.db,
      sql`select username, hash from audit_log where id = ${id}`,
    );
    await behindTheTrigger(
      ctx.database.db,
      sql`update audit_log set username = 'qualcun-altro' where id = ${id}`,
      sql`update audit_log r set hash = audit_chain_hash(r.prev_hash, audit_log_content(r)) where id = ${id}`,
    );
    expect(await verifica()).toMatchObject({ integro: false, primaRigaAlterata: Number(next.id), tabellaAlterata: 'registro' });
    await behindTheTrigger(ctx.database.db, sql`update audit_log set username = ${saved.username}, hash = ${saved.hash} where id = ${id}`);
    expect((await verifica()).integro).toBe(true);
  });

  it('names the row after a deleted middle row', async () => {
    for (const table of ['audit_log', 'access_log'] as const) {
      const id = await middleId(ctx.database.db, table);
      const [next] = await rowsOf<{ id: string }>(
        ctx.database.db,
        sql`select id from ${sql.identifier(table)} where id > ${id} order by id limit 1`,
      );
      const [saved] = await rowsOf<{ row: unknown }>(
        ctx.database.db,
        sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where id = ${id}`,
      );
      await behindTheTrigger(ctx.database.db, sql`delete from ${sql.identifier(table)} where id = ${id}`);
      const answer = await verifica();
      expect(answer).toMatchObject({
        integro: false,
        primaRigaAlterata: Number(next.id),
        tabellaAlterata: table === 'audit_log' ? 'registro' : 'accessi',
      });
      // Put back as it was (triggers off: the row keeps its own hash).
      await behindTheTrigger(
        ctx.database.db,
        sql`insert into ${sql.identifier(table)} select * from jsonb_populate_record(null::${sql.identifier(table)}, ${JSON.stringify(saved.row)}::jsonb)`,
      );
      expect((await verifica()).integro).toBe(true);
    }
  });

  it('holds after the retention purge took the oldest rows, which it takes only as an unbroken run', async () => {
    // A history that began 800 days ago (the tables emptied first, as only a superuser can).
    await behindTheTrigger(ctx.database.db, sql`truncate audit_log, access_log`);
    const aged = (table: Table, n: number) =>
      table === 'audit_log'
        ? sql`insert into audit_log (at, username, action, entity) select now() - interval '800 days', 'vecchia', 'prova.catena', 'prova' from generate_series(1, ${n}::int)`
        : sql`insert into access_log (at, username, kind) select now() - interval '800 days', 'vecchia', 'giornata' from generate_series(1, ${n}::int)`;
    await ctx.database.db.execute(aged('audit_log', 3));
    await ctx.database.db.execute(aged('access_log', 3));
    await viewer.post('/server/calendario/giornata', { data: '2026-11-26' });
    await ctx.app.accessLog!.flush();
    // An old time after a younger row (the access log's times can be a second out of id order): kept for now.
    await ctx.database.db.execute(aged('access_log', 1));
    expect(await purgeExpiredAudit(ctx.database.db, 730)).toEqual({ audit: 3, access: 3 });
    const answer = await verifica();
    expect(answer.integro).toBe(true);
    const [{ left }] = await rowsOf<{ left: number }>(
      ctx.database.db,
      sql`select count(*)::int as left from access_log where username = 'vecchia'`,
    );
    expect(left).toBe(1);
  });

  it('holds after migration 0021 renamed the stored logouts to accesso.disconnessione, and for the logouts after it', async () => {
    const db = ctx.database.db;
    // A logout as rows before the migration stored it: the old name, hashed as it was.
    await appendAudit(db, { ID: null, username: ADMIN.username }, { action: 'accesso.uscita' as AuditAction, entity: 'sessione' });
    await admin.request('GET', '/server/registro');
    const migration = fs.readFileSync(new URL('../../../drizzle/0021_disconnessione.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const names = await rowsOf<{ action: string }>(
      db,
      sql`select action from audit_log where entity = 'sessione' and action like 'accesso.%'`,
    );
    expect(names.map((r) => r.action)).not.toContain('accesso.uscita');
    expect(names.map((r) => r.action)).toContain('accesso.disconnessione');
    expect((await verifica()).integro).toBe(true);
    // A logout after it, and the registro says it in the new word.
    await viewer.post('/server/user/logout', {});
    expect((await verifica()).integro).toBe(true);
    const page = await admin.get<AuditPage>('/server/registro?azione=accesso.disconnessione');
    expect(page.body.items.map((r) => r.frase)).toEqual(['Disconnessione', 'Disconnessione']);
  });

  it('is for administrators: others get 403 and nothing is checked for them', async () => {
    const res = await viewer.get('/server/registro/verifica');
    expect(res.status).toBe(403);
    const anonymous = await new TestClient(ctx.app).get('/server/registro/verifica');
    expect(anonymous.status).toBe(403);
    expect(codeOf(anonymous.body)).toBe(ERROR_CODES.notSignedIn);
  });

  it('checks the newest rows at start and daily, and logs a break with the table and id only', async () => {
    const logged: { level: string; obj: unknown; msg: string }[] = [];
    const log = Object.fromEntries(
      ['error', 'warn', 'info'].map((level) => [level, (obj: unknown, msg: string) => logged.push({ level, obj, msg })]),
    );
    const app = { log } as unknown as FastifyInstance;
    await checkTail(app, ctx.database.db);
    expect(logged).toEqual([]);

    const [newest] = await rowsOf<{ id: string; username: string }>(
      ctx.database.db,
      sql`select id, username from audit_log order by id desc limit 1`,
    );
    await behindTheTrigger(ctx.database.db, sql`update audit_log set username = 'qualcun-altro' where id = ${newest.id}`);
    await checkTail(app, ctx.database.db);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'error', obj: { tabella: 'registro', riga: Number(newest.id) } });
    expect(JSON.stringify(logged[0])).not.toContain('qualcun-altro');
    await behindTheTrigger(ctx.database.db, sql`update audit_log set username = ${newest.username} where id = ${newest.id}`);
  });

  it('takes the chain lock of the registry (server/db/locks.ts)', async () => {
    await ctx.database.db.transaction(async (tx) => {
      await appendAudit(tx, { ID: null, username: 'blocco' }, { action: 'accesso.fallito', entity: 'sessione' });
      const [held] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()
              and objid = (hashtext(${LOCK_KEYS.auditChain('audit_log')}) & x'ffffffff'::bigint)::oid`,
      );
      expect(held.n).toBe(1);
    });
  });
});

describe.each(DB_KINDS)('the hash chain through a backup and a restore, on %s', (kind) => {
  it('keeps every registro id and hash, even when times run against ids, and holds', { timeout: 180_000 }, async () => {
    const source = await openTestDatabase(kind);
    const target = await openTestDatabase(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-catena-'));
    try {
      // Times against id order: a backup lists rows by their JSON (time first), not by id. (The access log is not backed up.)
      await source.db.execute(sql`
        insert into audit_log (at, username, action, entity) select now() - g * interval '1 second', 'scrittrice', 'accesso.fallito', 'sessione' from generate_series(1, 50) g`);
      const file = path.join(dir, 'backup.json.gz');
      await writeBackup(source.db, file);
      await restoreBackup(target.db, file);
      const chains = async (db: Db) => rowsOf<{ id: string; hash: string }>(db, sql`select id, hash from audit_log order by id`);
      expect(await chains(target.db)).toEqual(await chains(source.db));
      expect((await checkChains(target.db)).integro).toBe(true);
    } finally {
      await source.close();
      await target.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
