/**
 * The server under a database role that owns nothing (README, "Database roles"): the migrations
 * run as the owner (MIGRATION_DATABASE_URL), the README's grants are applied as written, and the
 * app signs in, writes, reads, purges and checks the hash chain under the app's role; that role
 * cannot UPDATE a registro row, disable its triggers, turn triggers off for its session, truncate,
 * or forge a row's hash. PostgreSQL only (the embedded database has one role).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainCheckAnswer } from '../../common/audit.ts';
import type { App } from '../app.ts';
import { purgeExpiredAudit } from '../features/registro/purge.ts';
import { ADMIN, POSTGRES_ADMIN_URL, TestClient, buildTestApp, createAccounts } from '../test/harness.ts';
import { openPostgres, pgErrorCode, type Database } from './client.ts';
import { rowsOf } from './rows.ts';

const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
const OWNER = `giornata_owner_${suffix}`;
const APP = `giornata_app_${suffix}`;
const DB = `giornata_roles_${suffix}`;

const urlFor = (role: string | null, database: string) => {
  const u = new URL(POSTGRES_ADMIN_URL);
  if (role) u.username = role;
  u.pathname = `/${database}`;
  return u.toString();
};

/** The README's grant block (after the `-- giornata-app-grants` line), with this test's role names. */
function readmeGrants(): string {
  const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const block = /```sql\n-- giornata-app-grants\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README: grant block not found');
  return block[1].replaceAll('giornata_owner', OWNER).replaceAll('giornata_app', APP);
}

async function asSuperuser<T>(database: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor(null, database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('the server under a role that does not own the tables (postgres)', () => {
  let database: Database;
  let app: App;
  const adminDb = new URL(POSTGRES_ADMIN_URL).pathname.slice(1);

  beforeAll(async () => {
    await asSuperuser(adminDb, async (c) => {
      await c.query(`create role ${OWNER} login`);
      await c.query(`create role ${APP} login`);
      await c.query(`create database ${DB} owner ${OWNER}`);
    });
    // First start: the migrations run as the owner; the app's role has no grant yet.
    const first = await openPostgres(urlFor(APP, DB), { migrationUrl: urlFor(OWNER, DB) });
    await first.close();
    // The README's grants, as the owner; the coalescing columns' line only once they exist (another migration adds them).
    const owner = new pg.Client({ connectionString: urlFor(OWNER, DB) });
    await owner.connect();
    try {
      const { rows } = await owner.query(
        `select count(*)::int as n from information_schema.columns where table_name = 'access_log' and column_name in ('conteggio', 'ultima')`,
      );
      const grants = readmeGrants()
        .split('\n')
        .filter((line) => rows[0].n === 2 || !line.includes('(conteggio, ultima)'))
        .join('\n');
      await owner.query(grants);
    } finally {
      await owner.end();
    }
    database = await openPostgres(urlFor(APP, DB), { migrationUrl: urlFor(OWNER, DB) });
    await createAccounts(database);
    app = await buildTestApp(database);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await asSuperuser(adminDb, async (c) => {
      await c.query(`drop database if exists ${DB} with (force)`);
      await c.query(`drop role if exists ${APP}`);
      await c.query(`drop role if exists ${OWNER}`);
    });
  });

  it('owns no table: every table of the app belongs to the migration role', async () => {
    const [notOwned] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner <> ${OWNER}`,
    );
    expect(notOwned.n).toBe(0);
    const [me] = await rowsOf<{ me: string; usesuper: boolean }>(
      database.db,
      sql`select current_user as me, usesuper from pg_user where usename = current_user`,
    );
    expect(me).toEqual({ me: APP, usesuper: false });
  });

  it('works: sign-in, writes, day reads, the registro, the purge and the chain check', async () => {
    const admin = await new TestClient(app).login(ADMIN);
    const created = await admin.request('PUT', '/server/anagrafiche/pazienti', {
      Nome: 'Anna',
      Cognome: 'Verdi',
      Cellulare: '+393330000000',
    });
    expect(created.status).toBe(200);
    expect((await admin.post('/server/calendario/giornata', { data: '2026-11-25' })).status).toBe(200);
    await app.accessLog!.flush();
    const registro = await admin.get<{ items: { azione: string }[] }>('/server/registro');
    expect(registro.status).toBe(200);
    expect(registro.body.items.length).toBeGreaterThanOrEqual(2);
    await expect(purgeExpiredAudit(database.db, 730)).resolves.toBeDefined();
    const verifica = await admin.get<ChainCheckAnswer>('/server/registro/verifica');
    expect(verifica.status).toBe(200);
    expect(verifica.body).toMatchObject({ integro: true, primaRigaAlterata: null });
    expect(verifica.body.registro.righe).toBeGreaterThanOrEqual(2);
    expect(verifica.body.accessi.righe).toBeGreaterThanOrEqual(1);
  });

  it('cannot update a registro row, disable its triggers, turn triggers off, truncate or delete a recent row', async () => {
    const attempts = [
      sql`update audit_log set username = 'qualcun-altro'`,
      sql`update access_log set username = 'qualcun-altro'`,
      sql`alter table audit_log disable trigger audit_log_chain`,
      sql`alter table audit_log disable trigger all`,
      sql`drop trigger audit_log_append_only on audit_log`,
      sql`set session_replication_role = replica`,
      sql`truncate audit_log`,
      sql`create or replace function audit_chain_hash(prev text, content text) returns text language sql as $$ select 'x' $$`,
    ];
    for (const attempt of attempts) {
      const err = await database.db.execute(attempt).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, String(attempt.queryChunks.map((c) => (c as { value?: string[] }).value?.join('')).join(''))).not.toBeNull();
      expect(pgErrorCode(err)).toBe('42501'); // insufficient_privilege, or must be owner
    }
    // DELETE is granted for the purge, and the trigger refuses it for a row younger than 730 days.
    const deleted = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('giornata.purge', 'on', true)`);
        await tx.execute(sql`delete from audit_log`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgErrorCode(deleted)).toBe('42501');
    // An insert cannot choose its hash.
    await database.db.execute(
      sql`insert into audit_log (username, action, entity, hash) values ('falsario', 'accesso.fallito', 'sessione', 'falso')`,
    );
    const admin = await new TestClient(app).login(ADMIN);
    const verifica = await admin.get<ChainCheckAnswer>('/server/registro/verifica');
    expect(verifica.body.integro).toBe(true);
  });
});
