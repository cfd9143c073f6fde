/**
 * The lists of live-tables.ts are the triggers of the migrated database, read from its catalogue
 * (pg_trigger), on both databases: a table with a notifying trigger the list does not name, a
 * table the list names without one, a statement or a notice that differs, all fail here.
 */
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDatabase } from '../test/harness.ts';
import type { Database } from './client.ts';
import { CALENDAR_VERSION_TABLES, LIVE_TABLES, type LiveNotice, type Statement } from './live-tables.ts';
import { rowsOf } from './rows.ts';

interface Trigger {
  table: string;
  name: string;
  fn: string;
  args: string[];
  on: Statement[];
}

interface Fn {
  name: string;
  source: string;
}

/**
 * What a notifying trigger function tells, by its name and arguments (drizzle/0008_live_events.sql).
 * A new notifying function needs its line here, and the table its line in live-tables.ts.
 */
const NOTICES_OF: Record<string, (args: string[]) => LiveNotice[]> = {
  live_day_rows: (args) => (args[0] === 'presenze' ? ['giornata', 'presenze'] : ['giornata']),
  live_activity_links: () => ['giornata'],
  live_run_links: () => ['giornata'],
  live_absences: () => ['giornata', 'presenze'],
  live_flag: (args) => [args[0] as LiveNotice],
  live_sessions_ended: () => ['sessioni'],
  // A TRUNCATE tells every screen to reload (or every stream's session to be checked): no notice of its own.
  live_truncate: () => [],
  live_sessions_truncated: () => [],
};

/** The functions that reach pg_notify, directly or through another function that does. */
function notifyingFunctions(fns: Fn[]): Set<string> {
  const found = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const fn of fns) {
      if (found.has(fn.name)) continue;
      const calls = (name: string) => new RegExp(`\\b${name}\\s*\\(`, 'i').test(fn.source);
      if (calls('pg_notify') || [...found].some(calls)) {
        found.add(fn.name);
        grew = true;
      }
    }
  }
  return found;
}

const byTable = <T>(rows: [string, T][]) => Object.fromEntries([...rows].sort(([a], [b]) => a.localeCompare(b)));
const sortedUnion = <T extends string>(lists: T[][]) => [...new Set(lists.flat())].sort();

describe.each(DB_KINDS)('the tables whose writes notify, on %s', (kind) => {
  let database: Database;
  let triggers: Trigger[];
  let fns: Fn[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const rows = await rowsOf<{ table: string; name: string; fn: string; def: string } & Record<Statement, boolean>>(
      database.db,
      sql`
        select c.relname as "table", t.tgname as name, p.proname as fn, pg_get_triggerdef(t.oid) as def,
               (t.tgtype & 4) <> 0 as "insert", (t.tgtype & 16) <> 0 as "update",
               (t.tgtype & 8) <> 0 as "delete", (t.tgtype & 32) <> 0 as "truncate"
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and n.nspname = 'public'`,
    );
    triggers = rows.map((r) => {
      const args = /\((.*)\)\s*$/.exec(r.def)?.[1] ?? '';
      return {
        table: r.table,
        name: r.name,
        fn: r.fn,
        args: args === '' ? [] : args.split(',').map((a) => a.trim().replace(/^'(.*)'$/, '$1')),
        on: (['insert', 'update', 'delete', 'truncate'] as const).filter((s) => r[s]),
      };
    });
    fns = await rowsOf<Fn>(
      database.db,
      sql`
        select p.proname as name, p.prosrc as source from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'`,
    );
  });
  afterAll(() => database?.close());

  it('names every table with a notifying trigger, the statements that notify and what they tell, and nothing else', () => {
    const notifying = notifyingFunctions(fns);
    const live = triggers.filter((t) => notifying.has(t.fn));
    const unknown = [...new Set(live.map((t) => t.fn))].filter((fn) => !(fn in NOTICES_OF));
    expect(unknown, 'a notifying function the test does not know: add what it tells to NOTICES_OF').toEqual([]);

    const tables = [...new Set(live.map((t) => t.table))];
    const fromCatalogue = byTable(
      tables.map((table) => {
        const own = live.filter((t) => t.table === table);
        return [table, { on: sortedUnion(own.map((t) => t.on)), tells: sortedUnion(own.map((t) => NOTICES_OF[t.fn](t.args))) }] as [
          string,
          { on: Statement[]; tells: LiveNotice[] },
        ];
      }),
    );
    const fromList = byTable(
      LIVE_TABLES.map(
        ({ table, on, tells }) => [getTableName(table), { on: [...on].sort(), tells: [...tells].sort() }] as [string, unknown],
      ),
    );
    expect(fromList).toEqual(fromCatalogue);
    expect(LIVE_TABLES.length, 'each table once').toBe(tables.length);
  });

  it('names every table whose statements move calendar_version, and nothing else', () => {
    const bumping = new Set(fns.filter((fn) => /\bupdate\s+calendar_version\b/i.test(fn.source)).map((fn) => fn.name));
    const own = triggers.filter((t) => bumping.has(t.fn));
    const fromCatalogue = byTable(
      [...new Set(own.map((t) => t.table))].map((table) => [table, sortedUnion(own.filter((t) => t.table === table).map((t) => t.on))]),
    );
    const fromList = byTable(CALENDAR_VERSION_TABLES.map((table) => [getTableName(table), ['delete', 'insert', 'truncate', 'update']]));
    expect(fromList).toEqual(fromCatalogue);
  });
});
