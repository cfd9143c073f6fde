/**
 * Every migration runs from an empty database on each database every run, and the template the other test files start
 * from (server/test/templates.ts) is what they give: the same tables, columns, constraints, indexes, triggers, functions
 * and journal as a database migrated from empty. A template made by older migrations, or a tarball or template database
 * left half made, fails here rather than behind some other file's failure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDatabase } from '../test/harness.ts';
import { migrationsFolder, type Database } from './client.ts';
import { rowsOf } from './rows.ts';

/** The schema as the catalogue tells it, in an order independent of how it was made. */
async function catalogue(database: Database) {
  const db = database.db;
  const of = async (query: ReturnType<typeof sql>) => (await rowsOf(db, query)).map((row) => JSON.stringify(row));
  return {
    columns: await of(sql`
      select table_schema, table_name, column_name, ordinal_position, data_type, is_nullable, column_default
      from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2, 4`),
    constraints: await of(sql`
      select n.nspname, c.conrelid::regclass::text as on_table, c.conname, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`),
    indexes: await of(sql`
      select schemaname, tablename, indexname, indexdef from pg_indexes
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`),
    triggers: await of(sql`
      select t.tgrelid::regclass::text as on_table, t.tgname, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t where not t.tgisinternal order by 1, 2`),
    functions: await of(sql`
      select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, p.prosrc
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`),
    journal: await of(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`),
  };
}

const journalEntries = (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
  .entries.length;

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  let fromEmpty: Database;
  let fromTemplate: Database;
  beforeAll(async () => {
    fromEmpty = await openTestDatabase(kind, { from: 'empty' });
    fromTemplate = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await fromEmpty?.close();
    await fromTemplate?.close();
  });

  it('runs every migration on an empty database', async () => {
    expect((await catalogue(fromEmpty)).journal).toHaveLength(journalEntries);
  });

  it('gives the template the test files start from the schema of a database migrated from empty', async () => {
    const [empty, template] = await Promise.all([catalogue(fromEmpty), catalogue(fromTemplate)]);
    expect(template.columns.length).toBeGreaterThan(0);
    expect(template).toEqual(empty);
  });
});
