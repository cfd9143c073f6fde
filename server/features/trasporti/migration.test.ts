/**
 * Migration 0025 (issue 30, docs/decisions/0039-mezzi-table.md) on a database that had runs before it: every run stays
 * on the minibus it showed (1 the white one, anything else the blue one), the passengers keep the order they were shown
 * in, and the fleet's reference is then enforced. On both databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import { POSTGRES_ADMIN_URL, WITH_POSTGRES } from '../../test/harness.ts';

const TAG = '0025_mezzi';

/** The migrations up to 0024, as a database of before had them (the later ones come after 0025, in order). */
function migrationsBefore(folder: string) {
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < TAG);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
}

interface Executes {
  execute(query: ReturnType<typeof sql>): Promise<{ rows: unknown[] }>;
}

async function runsStayOnTheirMinibus(db: Executes, migrateTo: (folder: string) => Promise<void>, before: string) {
  await migrateTo(before);
  await db.execute(
    sql`insert into patients (id, first_name, last_name) values (1, 'Zeno', 'Zanardi'), (2, 'Anna', 'Bianchi'), (3, 'Bruno', 'Bianchi')`,
  );
  await db.execute(sql`insert into transport_runs (id, route, departure, arrival, minibus, day) values
      (1, 'Andata bianca', '08:00', '09:00', 1, '2026-11-23'), (2, 'Andata blu', '08:00', '09:00', 2, '2026-11-23'),
      (3, 'Vecchio zero', '08:00', '09:00', 0, '2026-11-24'), (4, 'Vecchio sette', '08:00', '09:00', 7, '2026-11-24')`);
  await db.execute(sql`insert into transport_patients (run_id, patient_id) values (1, 1), (1, 3), (1, 2), (2, 2)`);

  await migrateTo(migrationsFolder);

  const runs = (await db.execute(sql`select r.id, r.minibus, m.name from transport_runs r join mezzi m on m.id = r.minibus order by r.id`))
    .rows;
  expect(runs).toEqual([
    { id: 1, minibus: 1, name: 'Pulmino bianco' },
    { id: 2, minibus: 2, name: 'Pulmino blu' },
    { id: 3, minibus: 2, name: 'Pulmino blu' },
    { id: 4, minibus: 2, name: 'Pulmino blu' },
  ]);
  const mezzi = (await db.execute(sql`select id, name, seats, wheelchair_seats, colour, archived from mezzi order by id`)).rows;
  expect(mezzi).toEqual([
    { id: 1, name: 'Pulmino bianco', seats: 8, wheelchair_seats: 1, colour: 'bianco', archived: false },
    { id: 2, name: 'Pulmino blu', seats: 8, wheelchair_seats: 1, colour: 'blu', archived: false },
  ]);
  // Shown by surname, name: Anna Bianchi, Bruno Bianchi, Zeno Zanardi.
  const order = (await db.execute(sql`select patient_id, position from transport_patients where run_id = 1 order by position`)).rows;
  expect(order).toEqual([
    { patient_id: 2, position: 1 },
    { patient_id: 3, position: 2 },
    { patient_id: 1, position: 3 },
  ]);
  // The reference holds from now on: a run on no mezzo is refused, a mezzo on a run is not deleted.
  const refusal = (query: ReturnType<typeof sql>) =>
    db.execute(query).then(
      () => null,
      (err: Error) => ((err.cause ?? err) as Error).message,
    );
  expect(await refusal(sql`update transport_runs set minibus = 9 where id = 1`)).toContain('transport_runs_minibus_mezzi_id_fk');
  expect(await refusal(sql`delete from mezzi where id = 2`)).toContain('transport_runs_minibus_mezzi_id_fk');
  // A new mezzo takes the next id.
  const [added] = (
    await db.execute(sql`insert into mezzi (name, seats, wheelchair_seats, colour) values ('Auto', 4, 1, 'verde') returning id`)
  ).rows;
  expect(added).toEqual({ id: 3 });
}

describe('migration 0025: the two minibuses become mezzi', () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-0024-'));
  migrationsBefore(before);
  afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

  it('keeps every existing run on its minibus and every passenger in the order shown, on pglite', async () => {
    const client = new PGlite('memory://');
    const db = drizzle(client);
    try {
      await runsStayOnTheirMinibus(db as unknown as Executes, (folder) => migrate(db, { migrationsFolder: folder }), before);
    } finally {
      await client.close();
    }
  }, 120_000);

  it.runIf(WITH_POSTGRES)(
    'keeps every existing run on its minibus and every passenger in the order shown, on postgres',
    async () => {
      const name = `giornata_m0025_${process.pid}`;
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      // pool.end() resolves before its clients' sockets close; the drop's forced termination can then reach one of
      // them, and an 'error' with no listener would end the test process after the test passed (seen once in CI).
      pool.on('error', () => {});
      try {
        const db = drizzlePg(pool);
        await runsStayOnTheirMinibus(db as unknown as Executes, (folder) => migratePg(db, { migrationsFolder: folder }), before);
      } finally {
        await pool.end();
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
