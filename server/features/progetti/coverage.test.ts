/**
 * The week's copertura equals an independent count, day by day and activity by activity, on generated weeks:
 * random progetti (periods, righe), typed and untyped activities with random utenti, absences and roll-call marks,
 * and a random today (before, inside or after the week) for what the days already gone count.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../../common/dates.ts';
import { minutesOf } from '../../../common/schemas.ts';
import type { Copertura } from '../../../common/progetti.ts';
import {
  absences,
  activities,
  activityPatients,
  activityTypes,
  carePlanRows,
  carePlans,
  patients,
  rollCall,
  rooms,
} from '../../db/schema.ts';
import { buildApp, type App } from '../../app.ts';
import { ADMIN, TEST_CALL_LIMITS, TEST_SESSION_TIMES, TestClient, describeOnBothDatabases } from '../../test/harness.ts';

const MON = '2026-11-23';
const DAYS = Array.from({ length: 7 }, (_, i) => addDays(MON, i));
const STARTS = ['09:00', '10:00', '11:30', '14:00'];
const LENGTHS = [15, 30, 45, 60, 90];

describeOnBothDatabases('copertura against an independent count', (ctx) => {
  let admin: TestClient;
  let people: number[];
  let types: number[];
  let room: number;
  // The app of these tests reads its "today" here: the days before it are the past ones of the week.
  let today = MON;
  let app: App;
  beforeAll(async () => {
    app = await buildApp({
      database: ctx.database,
      config: { cookieSecure: false, ...TEST_SESSION_TIMES },
      limits: TEST_CALL_LIMITS,
      today: () => today,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    const db = ctx.database.db;
    people = (
      await db
        .insert(patients)
        .values([
          { firstName: 'Anna', lastName: 'Verdi' },
          { firstName: 'Bruno', lastName: 'Bianchi' },
          { firstName: 'Carla', lastName: 'Rossi' },
          { firstName: 'Dario', lastName: 'Bianchi' },
        ])
        .returning()
    ).map((p) => p.id);
    types = (
      await db
        .insert(activityTypes)
        .values([
          { name: 'Logopedia', profile: 'logopedista', participants: 1, minutes: 45 },
          { name: 'Fisioterapia', profile: 'fisioterapista', participants: 1, minutes: 60 },
          { name: 'Laboratorio', profile: null, participants: 8, minutes: 90 },
        ])
        .returning()
    ).map((t) => t.id);
    room = (await db.insert(rooms).values({ name: 'Palestra' }).returning())[0].id;
    admin = await new TestClient(app).login(ADMIN);
  });

  it('matches on 50 generated weeks', async () => {
    const db = ctx.database.db;
    const planArb = fc.record({
      patient: fc.integer({ min: 0, max: 3 }),
      start: fc.integer({ min: -20, max: 6 }),
      length: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      righe: fc.uniqueArray(
        fc.record({ type: fc.integer({ min: 0, max: 2 }), sedute: fc.integer({ min: 1, max: 4 }), minuti: fc.constantFrom(30, 45, 60) }),
        {
          selector: (r) => r.type,
          maxLength: 3,
        },
      ),
    });
    const activityArb = fc.record({
      day: fc.integer({ min: -1, max: 7 }),
      start: fc.constantFrom(...STARTS),
      length: fc.constantFrom(...LENGTHS),
      type: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
      patients: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
    });
    const absenceArb = fc.record({
      patient: fc.integer({ min: 0, max: 3 }),
      start: fc.integer({ min: -2, max: 7 }),
      length: fc.integer({ min: 1, max: 3 }),
    });
    const markArb = fc.record({ patient: fc.integer({ min: 0, max: 3 }), day: fc.integer({ min: 0, max: 6 }), present: fc.boolean() });

    await fc.assert(
      fc.asyncProperty(
        fc.array(planArb, { maxLength: 6 }),
        fc.array(activityArb, { maxLength: 14 }),
        fc.array(absenceArb, { maxLength: 3 }),
        fc.array(markArb, { maxLength: 10 }),
        fc.integer({ min: -1, max: 8 }),
        async (planSpecs, activitySpecs, absenceSpecs, markSpecs, todayOffset) => {
          today = addDays(MON, todayOffset);
          await db.execute(
            sql`truncate care_plan_rows, care_plans, activity_patients, activity_therapists, activities, absences, roll_call`,
          );
          // Progetti of one utente never overlap: keep each only if it clears the ones kept before it.
          const plans: { patient: number; dal: string; al: string | null; righe: { type: number; sedute: number; minuti: number }[] }[] =
            [];
          for (const p of planSpecs) {
            const dal = addDays(MON, p.start);
            const al = p.length === null ? null : addDays(dal, p.length);
            const clash = plans.some((k) => k.patient === p.patient && k.dal <= (al ?? '9999-12-31') && (k.al ?? '9999-12-31') >= dal);
            if (!clash) plans.push({ patient: p.patient, dal, al, righe: p.righe });
          }
          for (const p of plans) {
            const [row] = await db
              .insert(carePlans)
              .values({ patientId: people[p.patient], startDay: p.dal, endDay: p.al, reviewDay: p.dal, goals: '', attendance: [] })
              .returning();
            if (p.righe.length)
              await db
                .insert(carePlanRows)
                .values(
                  p.righe.map((r, i) => ({ planId: row.id, typeId: types[r.type], sessions: r.sedute, minutes: r.minuti, position: i })),
                );
          }
          const acts = activitySpecs.map((a) => ({ ...a, date: addDays(MON, a.day), end: addMinutes(a.start, a.length) }));
          for (const a of acts) {
            const [row] = await db
              .insert(activities)
              .values({
                name: 'Attività',
                roomId: room,
                day: a.date,
                weekday: weekdayOf(a.date),
                start: a.start,
                end: a.end,
                typeId: a.type === null ? null : types[a.type],
              })
              .returning();
            if (a.patients.length)
              await db.insert(activityPatients).values(a.patients.map((p) => ({ activityId: row.id, patientId: people[p] })));
          }
          const kept: { patient: number; start: string; end: string }[] = [];
          for (const r of absenceSpecs) {
            const start = addDays(MON, r.start);
            const end = addDays(start, r.length - 1);
            if (!kept.some((k) => k.patient === r.patient && k.start <= end && k.end >= start))
              kept.push({ patient: r.patient, start, end });
          }
          if (kept.length)
            await db
              .insert(absences)
              .values(kept.map((k) => ({ patientId: people[k.patient], startDay: k.start, endDay: k.end, reason: 'malattia' })));
          const marks = [...new Map(markSpecs.map((m) => [`${m.patient}:${m.day}`, m])).values()];
          if (marks.length)
            await db.insert(rollCall).values(
              marks.map((m) => ({
                day: DAYS[m.day],
                patientId: people[m.patient],
                present: m.present,
                reason: m.present ? null : 'altro',
              })),
            );

          // The independent count.
          const covers = (patient: number, day: string) =>
            plans.some((p) => p.patient === patient && p.dal <= day && (p.al === null || day <= p.al));
          const inWeek = (p: (typeof plans)[number]) => p.dal <= DAYS[6] && (p.al === null || p.al >= MON);
          const mark = (patient: number, day: string) => marks.find((m) => m.patient === patient && DAYS[m.day] === day);
          const absent = (patient: number, day: string) => {
            const m = mark(patient, day);
            if (m) return !m.present;
            return kept.some((k) => k.patient === patient && k.start <= day && k.end >= day);
          };
          const expected: Copertura['pazienti'] = [];
          const names = ['Anna Verdi', 'Bruno Bianchi', 'Carla Rossi', 'Dario Bianchi'];
          for (const patient of [1, 3, 2, 0]) {
            // Bianchi Bruno, Bianchi Dario, Rossi Carla, Verdi Anna
            const weekPlans = plans.filter((p) => p.patient === patient && inWeek(p)).sort((a, b) => (a.dal < b.dal ? 1 : -1));
            if (weekPlans.length === 0) continue;
            const seen = new Set<number>();
            const righe: Copertura['pazienti'][number]['righe'] = [];
            for (const p of weekPlans) {
              for (const r of p.righe) {
                if (seen.has(r.type)) continue;
                seen.add(r.type);
                const counted = acts.filter(
                  (a) =>
                    a.type === r.type &&
                    a.patients.includes(patient) &&
                    a.date >= MON &&
                    a.date <= DAYS[6] &&
                    covers(patient, a.date) &&
                    !absent(patient, a.date),
                );
                const delivered = counted.filter((a) => mark(patient, a.date)?.present === true);
                const past = (list: typeof counted) => list.filter((a) => a.date < today).length;
                righe.push({
                  tipo: types[r.type],
                  nome: ['Logopedia', 'Fisioterapia', 'Laboratorio'][r.type],
                  previste: r.sedute,
                  pianificate: counted.length,
                  erogate: delivered.length,
                  minutiPrevisti: r.sedute * r.minuti,
                  minutiPianificati: counted.reduce((s, a) => s + a.length, 0),
                  minutiErogati: delivered.reduce((s, a) => s + a.length, 0),
                  pianificatePassate: past(counted),
                  erogatePassate: past(delivered),
                });
              }
            }
            expected.push({ paziente: people[patient], nome: names[patient], righe });
          }
          const answer = (await admin.get<Copertura>(`/server/progetti/copertura?settimana=${MON}`)).body;
          expect(answer.settimana).toBe(MON);
          expect(answer.pazienti.map((p) => ({ ...p, righe: [...p.righe].sort((a, b) => a.tipo - b.tipo) }))).toEqual(
            expected.map((p) => ({ ...p, righe: [...p.righe].sort((a, b) => a.tipo - b.tipo) })),
          );
        },
      ),
      { numRuns: 50, seed: 20261123 },
    );
  }, 300_000);

  it('says mid-week what the days already gone planned and gave, and counts the whole week once it is over', async () => {
    const db = ctx.database.db;
    const [plan] = await db
      .insert(carePlans)
      .values({ patientId: people[0], startDay: MON, endDay: null, reviewDay: DAYS[4], goals: '', attendance: [] })
      .returning();
    await db.insert(carePlanRows).values({ planId: plan.id, typeId: types[0], sessions: 3, minutes: 45, position: 0 });
    // Logopedia on Monday (present at the roll call), Tuesday (no mark: not given) and Thursday (still to come).
    for (const day of [DAYS[0], DAYS[1], DAYS[3]]) {
      const [row] = await db
        .insert(activities)
        .values({ name: 'Logopedia', roomId: room, day, weekday: weekdayOf(day), start: '10:00', end: '10:45', typeId: types[0] })
        .returning();
      await db.insert(activityPatients).values({ activityId: row.id, patientId: people[0] });
    }
    await db.insert(rollCall).values({ day: DAYS[0], patientId: people[0], present: true });
    const riga = async (day: string) => {
      today = day;
      const answer = (await admin.get<Copertura>(`/server/progetti/copertura?settimana=${MON}`)).body;
      const { previste, pianificate, erogate, pianificatePassate, erogatePassate } = answer.pazienti[0].righe[0];
      return { previste, pianificate, erogate, pianificatePassate, erogatePassate };
    };
    // Monday: nothing is past yet.
    expect(await riga(DAYS[0])).toEqual({ previste: 3, pianificate: 3, erogate: 1, pianificatePassate: 0, erogatePassate: 0 });
    // Wednesday: Monday and Tuesday are gone, Tuesday's session without a present mark.
    expect(await riga(DAYS[2])).toEqual({ previste: 3, pianificate: 3, erogate: 1, pianificatePassate: 2, erogatePassate: 1 });
    // The week over: every planned session counts.
    expect(await riga(addDays(MON, 7))).toEqual({ previste: 3, pianificate: 3, erogate: 1, pianificatePassate: 3, erogatePassate: 1 });
  });
});

function addMinutes(time: string, minutes: number): string {
  const m = minutesOf(time) + minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
