/**
 * The plan's references kept by statement-level triggers (drizzle/0023_plan_links_statement_level.sql,
 * docs/decisions/0037-plan-links-statement-level.md): the same rules the foreign keys kept, on both
 * databases, and no work per row left on the plan's tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addActivity, addRun, seedCentre, type Centre, addGinnastica } from '../test/fixtures.ts';
import { describeOnBothDatabases, openTestDatabase, WITH_POSTGRES } from '../test/harness.ts';
import { pgErrorCode } from './client.ts';
import { rowsOf } from './rows.ts';

const DAY = '2026-11-23';
const PLAN_TABLES = [
  'activities',
  'activity_patients',
  'activity_therapists',
  'transport_runs',
  'transport_patients',
  'transport_therapists',
];

describeOnBothDatabases('the plan tables without row-level work', (ctx) => {
  let centre: Centre;
  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
  });

  const rows = async <T>(query: SQL) => await rowsOf<T>(ctx.database.db, query);
  const count = async (table: string) => Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);
  /** The refusal of a statement: its SQLSTATE and message (the old constraint's name). */
  const refusal = async (query: SQL) => {
    try {
      await ctx.database.db.execute(query);
    } catch (err) {
      // Drizzle wraps the database's error: its message is the cause's.
      const messages: string[] = [];
      for (let e: unknown = err; e instanceof Error; e = e.cause) messages.push(e.message);
      return { code: pgErrorCode(err), message: messages.join(' | ') };
    }
    return null;
  };

  it('has no foreign key and no row-level trigger on the six plan tables', async () => {
    const list = sql`${`{${PLAN_TABLES.join(',')}}`}::text[]`;
    const keys = await rows<{ name: string }>(
      sql`select conname as name from pg_constraint where contype = 'f' and conrelid::regclass::text = any(${list})`,
    );
    expect(keys).toEqual([]);
    // tgtype bit 0: FOR EACH ROW. Internal triggers (a foreign key's) included.
    const rowTriggers = await rows<{ name: string }>(
      sql`select tgname as name from pg_trigger where tgrelid::regclass::text = any(${list}) and (tgtype & 1) = 1`,
    );
    expect(rowTriggers).toEqual([]);
  });

  it('refuses a link to an activity, run, patient, therapist or room that does not exist, naming the old constraint', async () => {
    const activity = await addGinnastica(ctx.database.db, centre, DAY);
    const run = await addRun(ctx.database.db, { route: 'Andata', departure: '08:00', arrival: '08:45', minibus: 1, day: DAY });
    const cases: [SQL, string][] = [
      [
        sql`insert into activity_patients (activity_id, patient_id) values (999999, ${centre.mario.id})`,
        'activity_patients_activity_id_activities_id_fk',
      ],
      [
        sql`insert into activity_patients (activity_id, patient_id) values (${activity.id}, 999999)`,
        'activity_patients_patient_id_patients_id_fk',
      ],
      [
        sql`insert into activity_therapists (activity_id, therapist_id) values (${activity.id}, 999999)`,
        'activity_therapists_therapist_id_therapists_id_fk',
      ],
      [
        sql`insert into transport_patients (run_id, patient_id) values (999999, ${centre.mario.id})`,
        'transport_patients_run_id_transport_runs_id_fk',
      ],
      [
        sql`insert into transport_therapists (run_id, therapist_id) values (${run.id}, 999999)`,
        'transport_therapists_therapist_id_therapists_id_fk',
      ],
      [
        sql`insert into activities (name, room_id, day, weekday, start, "end") values ('X', 999999, ${DAY}, 1, '09:00', '10:00')`,
        'activities_room_id_rooms_id_fk',
      ],
      [sql`update activities set transport_run_id = 999999 where id = ${activity.id}`, 'activities_transport_run_id_transport_runs_id_fk'],
      // An activity's type of activity (migration 0024).
      [sql`update activities set type_id = 999999 where id = ${activity.id}`, 'activities_type_id_activity_types_id_fk'],
      [
        // One good row and one bad in the same statement: the whole statement is refused.
        sql`insert into activity_patients (activity_id, patient_id) values (${activity.id}, ${centre.mario.id}), (${activity.id}, 999999)`,
        'activity_patients_patient_id_patients_id_fk',
      ],
    ];
    for (const [query, constraint] of cases) {
      const refused = await refusal(query);
      expect(refused?.code).toBe('23503');
      expect(refused?.message).toContain(constraint);
    }
    expect(await count('activity_patients')).toBe(0);
    expect(await count('transport_patients')).toBe(0);
    expect(await count('activities')).toBe(1);
  });

  it('takes the links of deleted activities and runs with them, and a run its TRASPORTO placement', async () => {
    const run = await addRun(
      ctx.database.db,
      { route: 'Andata', departure: '08:00', arrival: '08:45', minibus: 1, day: DAY },
      { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.stefano.id] },
    );
    const placement = await addActivity(
      ctx.database.db,
      { name: 'TRASPORTO', roomId: null, day: DAY, start: '08:00', end: '08:45', transportRunId: run.id },
      { patients: [centre.mario.id] },
    );
    const kept = await addActivity(
      ctx.database.db,
      { name: 'Logopedia', roomId: centre.logopedia.id, day: DAY, start: '11:00', end: '12:00' },
      { patients: [centre.lucia.id], therapists: [centre.paola.id] },
    );
    const gone = await addActivity(
      ctx.database.db,
      { name: 'Ginnastica', roomId: centre.palestra.id, day: DAY, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
    );
    await ctx.database.db.execute(sql`delete from activities where id = ${gone.id}`);
    expect(await rows(sql`select activity_id from activity_patients order by activity_id`)).toEqual([
      { activity_id: placement.id },
      { activity_id: kept.id },
    ]);
    expect(await rows(sql`select activity_id from activity_therapists`)).toEqual([{ activity_id: kept.id }]);

    await ctx.database.db.execute(sql`delete from transport_runs where id = ${run.id}`);
    expect(await rows(sql`select id from activities`)).toEqual([{ id: kept.id }]);
    expect(await rows(sql`select activity_id from activity_patients`)).toEqual([{ activity_id: kept.id }]);
    expect(await count('transport_patients')).toBe(0);
    expect(await count('transport_therapists')).toBe(0);
  });

  it('refuses to delete a patient, therapist or room still named, or to change an id still named', async () => {
    const run = await addRun(
      ctx.database.db,
      { route: 'Andata', departure: '08:00', arrival: '08:45', minibus: 1, day: DAY },
      { patients: [centre.lucia.id], therapists: [centre.stefano.id] },
    );
    const activity = await addActivity(
      ctx.database.db,
      { name: 'Ginnastica', roomId: centre.palestra.id, day: DAY, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id], therapists: [centre.paola.id] },
    );
    const [type] = await rows<{ id: number }>(
      sql`insert into activity_types (name, profile, participants, minutes) values ('Ginnastica di gruppo', null, 8, 60) returning id`,
    );
    await ctx.database.db.execute(sql`update activities set type_id = ${type.id} where id = ${activity.id}`);
    const cases: [SQL, string][] = [
      [sql`delete from activity_types where id = ${type.id}`, 'activities_type_id_activity_types_id_fk'],
      [sql`delete from patients where id = ${centre.mario.id}`, 'activity_patients_patient_id_patients_id_fk'],
      [sql`delete from patients where id = ${centre.lucia.id}`, 'transport_patients_patient_id_patients_id_fk'],
      [sql`delete from therapists where id = ${centre.paola.id}`, 'activity_therapists_therapist_id_therapists_id_fk'],
      [sql`delete from therapists where id = ${centre.stefano.id}`, 'transport_therapists_therapist_id_therapists_id_fk'],
      [sql`delete from rooms where id = ${centre.palestra.id}`, 'activities_room_id_rooms_id_fk'],
      [sql`update activities set id = 999999 where id = ${activity.id}`, 'activity_patients_activity_id_activities_id_fk'],
      [sql`update transport_runs set id = 999999 where id = ${run.id}`, 'transport_patients_run_id_transport_runs_id_fk'],
    ];
    for (const [query, constraint] of cases) {
      const refused = await refusal(query);
      expect(refused?.code).toBe('23503');
      expect(refused?.message).toContain(constraint);
    }
    // Those nobody names go.
    await ctx.database.db.execute(sql`delete from rooms where id = ${centre.archiviata.id}`);
    await ctx.database.db.execute(sql`delete from patients where id = ${centre.archiviato.id}`);
    expect(await count('rooms')).toBe(2);
    expect(await count('patients')).toBe(2);
    // A rename touches no reference.
    await ctx.database.db.execute(sql`update patients set first_name = 'Maria' where id = ${centre.mario.id}`);
  });
});

describe.runIf(WITH_POSTGRES)('the bulk copy without JIT compilation on postgres', () => {
  // The planner's guesses for the copy's CTEs and the triggers' transition tables passed jit_above_cost at ten
  // years of history, and compiling took 2.4 s of a 2.9 s "Sostituisci" (server/db/client.ts). PGlite has no JIT.
  it('runs every statement of the server with jit off, on every connection of the pool', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const settings = await Promise.all(
        Array.from({ length: 12 }, () =>
          rowsOf<{ jit: string }>(database.db, sql`select current_setting('jit') as jit, pg_sleep(0.05)::text as waited`),
        ),
      );
      const values = settings.map((rows) => rows[0].jit);
      expect(values).toEqual(Array.from({ length: 12 }, () => 'off'));
    } finally {
      await database.close();
    }
  });
});
