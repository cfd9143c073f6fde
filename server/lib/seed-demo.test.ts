import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workWeek } from '../../common/dates.ts';
import { openPglite, type Database } from '../db/client.ts';
import { readDayConflicts } from '../db/day-read.ts';
import { seedDemo } from './seed-demo.ts';

const MONDAY = '2026-11-23';

describe('the demo centre', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory://');
    await seedDemo(database.db, MONDAY);
  }, 120_000);
  afterAll(() => database.close());

  it('plans a week without a conflict: nobody in two places at once, no room holding two activities', async () => {
    for (const day of workWeek(MONDAY))
      expect({ day, conflicts: await readDayConflicts(database.db, day) }).toEqual({ day, conflicts: [] });
  });
});
