import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, workWeek } from '../../common/dates.ts';
import { PROFILO_CODES } from '../../common/progetti.ts';
import { openPglite, type Database } from '../db/client.ts';
import { readDayConflicts } from '../db/day-read.ts';
import { activities, activityPatients, activityTypes, carePlanRows, carePlans, therapists } from '../db/schema.ts';
import { seedDemo } from './seed-demo.ts';

const MONDAY = '2026-11-23';

describe('the demo centre', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory://');
    await seedDemo(database.db, MONDAY);
  }, 120_000);
  afterAll(() => database.close());

  it("plans a week without a conflict but the one it shows: Wednesday's first run is one seat short", async () => {
    for (const day of workWeek(MONDAY)) {
      const conflicts = await readDayConflicts(database.db, day);
      if (day === addDays(MONDAY, 2))
        expect(conflicts.map((c) => [c.tipo, c.nome, c.persone, c.posti])).toEqual([['posti', 'Andata Nord', 9, 8]]);
      else expect({ day, conflicts }).toEqual({ day, conflicts: [] });
    }
  });

  it('gives every operatore a profile, hours and availability, and has 8 to 10 types of activity', async () => {
    const staff = await database.db.select().from(therapists);
    for (const t of staff) {
      expect(PROFILO_CODES).toContain(t.profile);
      expect(t.weeklyMinutes).toBeGreaterThan(0);
      expect(t.availability.length).toBeGreaterThan(0);
    }
    const types = await database.db.select().from(activityTypes);
    expect(types.length).toBeGreaterThanOrEqual(8);
    expect(types.length).toBeLessThanOrEqual(10);
  });

  it('gives each of the 40 utenti a progetto of 1 to 4 righe, and the week covers most of them but not all', async () => {
    const plans = await database.db.select().from(carePlans);
    expect(new Set(plans.map((p) => p.patientId)).size).toBe(40);
    const rows = await database.db.select().from(carePlanRows);
    const week = workWeek(MONDAY);
    const planned = await database.db
      .select({ patientId: activityPatients.patientId, typeId: activities.typeId })
      .from(activityPatients)
      .innerJoin(activities, eq(activities.id, activityPatients.activityId))
      .where(and(gte(activities.day, week[0]), lte(activities.day, week[week.length - 1])));
    let covered = 0;
    for (const plan of plans) {
      const righe = rows.filter((r) => r.planId === plan.id);
      expect(righe.length).toBeGreaterThanOrEqual(1);
      expect(righe.length).toBeLessThanOrEqual(4);
      const full = righe.every((r) => planned.filter((a) => a.patientId === plan.patientId && a.typeId === r.typeId).length >= r.sessions);
      if (full) covered++;
    }
    // "Most but not all": a few red cells show what Copertura is for.
    expect(covered).toBeGreaterThanOrEqual(20);
    expect(covered).toBeLessThan(40);
  });
});
