import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../../common/dates.ts';
import { italianHolidays } from '../../../common/holidays.ts';
import { ABSENCE_REASONS, type AbsenceReason, type MonthRegister, type RegisterTotals } from '../../../common/presenze.ts';
import { absences, patients as patientsTable, rollCall } from '../../db/schema.ts';
import { addActivity, type Centre } from '../../test/fixtures.ts';
import { TestClient, describeOnBothDatabases, signedInCentre } from '../../test/harness.ts';

/** March 2027: Monday the 1st, Easter Monday the 29th. */
const MONTH = '2027-03';
const DAYS = Array.from({ length: 31 }, (_, i) => `${MONTH}-${String(i + 1).padStart(2, '0')}`);
const CLOSING_DAY = '2027-03-19';

const emptyTotals = (): RegisterTotals => ({
  presenti: 0,
  assenti: 0,
  giustificate: 0,
  ingiustificate: 0,
  perMotivo: { malattia: 0, ferie: 0, permesso: 0, ricovero: 0, altro: 0 },
});

describeOnBothDatabases('monthly register', (ctx) => {
  let admin: TestClient, viewer: TestClient, centre: Centre;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });

  const register = async (mese = MONTH) => {
    const res = await viewer.get<MonthRegister>(`/server/presenze/mese?mese=${mese}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const record = async (persona: number, dal: string, al: string, motivo: AbsenceReason = 'malattia', giustificata = true) => {
    const res = await admin.put('/server/presenze/assenze', { tipo: 'paziente', persona, dal, al, motivo, giustificata });
    expect(res.status).toBe(200);
  };

  it('has one row per day, public holidays and closing days marked, and the patients of the month', async () => {
    await admin.put('/server/presenze/chiusure', { data: CLOSING_DAY, descrizione: 'San Giuseppe, patrono' });
    await addActivity(
      ctx.database.db,
      { name: 'Coro', roomId: centre.palestra.id, day: '2027-03-03', start: '09:00', end: '10:00' },
      { patients: [centre.archiviato.id] },
    );
    await addActivity(
      ctx.database.db,
      { name: 'Coro', roomId: centre.palestra.id, day: '2027-04-01', start: '09:00', end: '10:00' },
      { patients: [centre.lucia.id] },
    );
    const body = await register();
    expect(body.mese).toBe(MONTH);
    expect(body.chiuso).toBeNull();
    expect(body.giorni.map((g) => g.data)).toEqual(DAYS);
    expect(body.giorni.find((g) => g.data === '2027-03-29')).toEqual({
      data: '2027-03-29',
      festivo: "Lunedì dell'Angelo",
      chiusura: null,
      presenti: 0,
      assenti: 0,
    });
    expect(body.giorni.find((g) => g.data === CLOSING_DAY)).toMatchObject({ festivo: null, chiusura: 'San Giuseppe, patrono' });
    expect(body.giorni.filter((g) => g.festivo !== null).map((g) => g.data)).toEqual(['2027-03-29']);
    // An archived patient who was in an activity of the month is in its register; one only in April is not.
    expect(body.pazienti).toEqual([
      { ID: centre.archiviato.id, Nome: 'Ugo', Cognome: 'Archiviato', giorni: {}, totali: emptyTotals(), assenzaLunga: false },
    ]);
    expect((await register('2026-02')).giorni).toHaveLength(28);
    expect((await register('2028-02')).giorni).toHaveLength(29);
    const december = await register('2026-12');
    expect(december.giorni.filter((g) => g.festivo).map((g) => [g.data, g.festivo])).toEqual([
      ['2026-12-08', 'Immacolata Concezione'],
      ['2026-12-25', 'Natale'],
      ['2026-12-26', 'Santo Stefano'],
    ]);
  });

  it("counts 4 ottobre (from 2026) and the centre's patron saint's day as holidays, not as days of absence", async () => {
    expect((await admin.post('/server/impostazioni', { patrono: '10-06' })).status).toBe(200);
    await record(centre.mario.id, '2027-10-04', '2027-10-08');
    const october = await register('2027-10');
    expect(october.giorni.filter((g) => g.festivo).map((g) => [g.data, g.festivo])).toEqual([
      ['2027-10-04', "San Francesco d'Assisi"],
      ['2027-10-06', 'Santo patrono'],
    ]);
    // Monday to Friday absent: three working days, the two holidays not counted.
    expect(october.pazienti.find((p) => p.ID === centre.mario.id)?.totali.assenti).toBe(3);
  });

  it('counts a recorded absence on working days only, a mark on any day, and splits justified from unjustified', async () => {
    await admin.put('/server/presenze/chiusure', { data: CLOSING_DAY, descrizione: 'Patrono' });
    // Friday 19 (closing day) to Tuesday 30 (Easter Monday the 29th): working days 22–26 and 30.
    await record(centre.mario.id, '2027-03-19', '2027-03-30', 'malattia', true);
    // Two unjustified days for Lucia, one a Saturday with a mark.
    await record(centre.lucia.id, '2027-03-02', '2027-03-03', 'permesso', false);
    const db = ctx.database.db;
    await db.insert(rollCall).values([
      { day: '2027-03-06', patientId: centre.lucia.id, present: false, reason: 'altro', justified: false },
      { day: '2027-03-04', patientId: centre.lucia.id, present: true },
      // A presence within Mario's absence wins over it.
      { day: '2027-03-23', patientId: centre.mario.id, present: true },
    ]);
    const body = await register();
    const mario = body.pazienti.find((p) => p.ID === centre.mario.id)!;
    expect(Object.keys(mario.giorni).sort()).toEqual(['2027-03-22', '2027-03-23', '2027-03-24', '2027-03-25', '2027-03-26', '2027-03-30']);
    expect(mario.giorni['2027-03-23']).toEqual({ stato: 'P' });
    expect(mario.giorni['2027-03-22']).toEqual({ stato: 'A', motivo: 'malattia', giustificata: true });
    expect(mario.totali).toEqual({
      ...emptyTotals(),
      presenti: 1,
      assenti: 5,
      giustificate: 5,
      perMotivo: { ...emptyTotals().perMotivo, malattia: 5 },
    });
    const lucia = body.pazienti.find((p) => p.ID === centre.lucia.id)!;
    expect(lucia.giorni['2027-03-06']).toEqual({ stato: 'A', motivo: 'altro', giustificata: false });
    expect(lucia.totali).toEqual({
      ...emptyTotals(),
      presenti: 1,
      assenti: 3,
      ingiustificate: 3,
      perMotivo: { ...emptyTotals().perMotivo, permesso: 2, altro: 1 },
    });
    expect(body.totali).toEqual({
      presenti: 2,
      assenti: 8,
      giustificate: 5,
      ingiustificate: 3,
      perMotivo: { malattia: 5, ferie: 0, permesso: 2, ricovero: 0, altro: 1 },
    });
    expect(body.giorni.find((g) => g.data === '2027-03-23')).toMatchObject({ presenti: 1, assenti: 0 });
    expect(body.giorni.find((g) => g.data === '2027-03-29')).toMatchObject({ presenti: 0, assenti: 0 });
  });

  it('flags 30 or more consecutive days of absence, chained across absences and months, not 29', async () => {
    const db = ctx.database.db;
    const [a, b, c, d] = await db
      .insert(patientsTable)
      .values(['Anna', 'Bruno', 'Carla', 'Dario'].map((firstName) => ({ firstName, lastName: 'Test', mobile: '' })))
      .returning();
    await record(a.id, '2027-03-01', '2027-03-29'); // 29 days
    await record(b.id, '2027-03-01', '2027-03-30'); // 30 days
    await record(c.id, '2027-03-10', '2027-03-24', 'ferie'); // 15 + 15 chained
    await record(c.id, '2027-03-25', '2027-04-08', 'malattia');
    await record(d.id, '2027-02-10', '2027-03-01'); // 20 days, then a gap of one day, then 10
    await record(d.id, '2027-03-03', '2027-03-12');
    const flags = Object.fromEntries((await register()).pazienti.map((p) => [p.Nome, p.assenzaLunga]));
    expect(flags).toEqual({ Anna: false, Bruno: true, Carla: true, Dario: false });
    // The stretch touching a month flags it even when most of it lies in another month.
    expect((await register('2027-04')).pazienti.find((p) => p.ID === c.id)!.assenzaLunga).toBe(true);
    expect((await register('2027-05')).pazienti.find((p) => p.ID === c.id)).toBeUndefined();
  });

  it('has month totals equal to the sum of the daily rows and of a separate count, for random marks and absences', async () => {
    const db = ctx.database.db;
    await admin.put('/server/presenze/chiusure', { data: CLOSING_DAY, descrizione: 'Patrono' });
    const patients = [centre.mario.id, centre.lucia.id, centre.archiviato.id];
    const reason = fc.constantFrom(...ABSENCE_REASONS);
    const markArb = fc.record({
      patient: fc.constantFrom(...patients),
      day: fc.constantFrom(...DAYS),
      present: fc.boolean(),
      reason,
      justified: fc.boolean(),
    });
    const absenceArb = fc.record({
      patient: fc.constantFrom(...patients),
      // From late February to early April, so some absences straddle the month's edges.
      start: fc.integer({ min: -10, max: 35 }),
      length: fc.integer({ min: 1, max: 12 }),
      reason,
      justified: fc.boolean(),
    });
    const holidays = italianHolidays(2027);
    const closed = (day: string) => [0, 6].includes(weekdayOf(day)) || holidays.has(day) || day === CLOSING_DAY;

    await fc.assert(
      fc.asyncProperty(fc.array(markArb, { maxLength: 25 }), fc.array(absenceArb, { maxLength: 6 }), async (marks, ranges) => {
        await db.execute(sql`truncate roll_call, absences`);
        const uniqueMarks = [...new Map(marks.map((m) => [`${m.patient}:${m.day}`, m])).values()];
        // Absences of one person never overlap: keep each only if it clears the ones kept before it.
        const kept: { patient: number; start: string; end: string; reason: AbsenceReason; justified: boolean }[] = [];
        for (const r of ranges) {
          const start = addDays('2027-03-01', r.start);
          const end = addDays(start, r.length - 1);
          if (!kept.some((k) => k.patient === r.patient && k.start <= end && k.end >= start))
            kept.push({ patient: r.patient, start, end, reason: r.reason, justified: r.justified });
        }
        if (uniqueMarks.length)
          await db.insert(rollCall).values(
            uniqueMarks.map((m) => ({
              day: m.day,
              patientId: m.patient,
              present: m.present,
              reason: m.present ? null : m.reason,
              justified: m.present ? true : m.justified,
            })),
          );
        if (kept.length)
          await db
            .insert(absences)
            .values(
              kept.map((k) => ({ patientId: k.patient, startDay: k.start, endDay: k.end, reason: k.reason, justified: k.justified })),
            );

        // The separate count: day by day, patient by patient.
        const expected = emptyTotals();
        const expectedDays = new Map(DAYS.map((d) => [d, { presenti: 0, assenti: 0 }]));
        const expectedPatients = new Map<number, RegisterTotals>();
        for (const patient of patients) {
          const own = emptyTotals();
          for (const day of DAYS) {
            const mark = uniqueMarks.find((m) => m.patient === patient && m.day === day);
            const absence = kept.find((k) => k.patient === patient && k.start <= day && k.end >= day);
            let state: { present: boolean; reason: AbsenceReason; justified: boolean } | null = null;
            if (mark) state = mark;
            else if (absence && !closed(day)) state = { present: false, reason: absence.reason, justified: absence.justified };
            if (!state) continue;
            for (const t of [own, expected]) {
              if (state.present) t.presenti++;
              else {
                t.assenti++;
                t[state.justified ? 'giustificate' : 'ingiustificate']++;
                t.perMotivo[state.reason]++;
              }
            }
            expectedDays.get(day)![state.present ? 'presenti' : 'assenti']++;
          }
          if (own.presenti + own.assenti > 0) expectedPatients.set(patient, own);
        }

        const body = await register();
        expect(body.totali).toEqual(expected);
        expect(body.giorni.map((g) => [g.data, g.presenti, g.assenti])).toEqual(
          DAYS.map((d) => [d, expectedDays.get(d)!.presenti, expectedDays.get(d)!.assenti]),
        );
        for (const p of body.pazienti) {
          expect(p.totali).toEqual(expectedPatients.get(p.ID) ?? emptyTotals());
          expect(p.totali.presenti + p.totali.assenti).toBe(Object.keys(p.giorni).length);
        }
        // The month's totals are the sum of the daily rows and of the patients' totals.
        expect(body.giorni.reduce((s, g) => s + g.presenti, 0)).toBe(body.totali.presenti);
        expect(body.giorni.reduce((s, g) => s + g.assenti, 0)).toBe(body.totali.assenti);
        expect(body.totali.giustificate + body.totali.ingiustificate).toBe(body.totali.assenti);
        expect(Object.values(body.totali.perMotivo).reduce((s, n) => s + n, 0)).toBe(body.totali.assenti);
        expect(body.pazienti.reduce((s, p) => s + p.totali.presenti, 0)).toBe(body.totali.presenti);
      }),
      { numRuns: 20, seed: 20270301 },
    );
  }, 120_000);
});
