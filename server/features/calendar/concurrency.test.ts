import { beforeEach, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { users } from '../../db/schema.ts';
import { addActivity, seedCentre, type Centre, addGinnastica } from '../../test/fixtures.ts';
import { ADMIN, TestClient, describeOnBothDatabases, fixtureHash } from '../../test/harness.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const SECOND_ADMIN = { username: 'vicedirettrice', password: 'vice-del-turno-pomeridiano' };

describeOnBothDatabases('concurrent writes', (ctx) => {
  let first: TestClient;
  let second: TestClient;
  let centre: Centre;

  beforeEach(async () => {
    await ctx.database.db
      .insert(users)
      .values({ username: SECOND_ADMIN.username, passwordHash: await fixtureHash(SECOND_ADMIN.password), admin: 1 });
    centre = await seedCentre(ctx.database.db);
    first = await new TestClient(ctx.app).login(ADMIN);
    second = await new TestClient(ctx.app).login(SECOND_ADMIN);
  });

  async function summary(day: string) {
    const res = await first.post<{
      attivita: { NomeAttivita: string; OraInizio: string; Pazienti: { RifPaziente: number }[]; Terapisti: { RifTerapista: number }[] }[];
    }>('/server/calendario/giornata', { data: day });
    return res.body.attivita.map(
      (a) =>
        `${a.OraInizio} ${a.NomeAttivita} p${a.Pazienti.map((p) => p.RifPaziente).join(',')} t${a.Terapisti.map((t) => t.RifTerapista).join(',')}`,
    );
  }

  it('ends a day as one whole paste, the other, or empty, when two administrators paste and empty it at once', async () => {
    for (let i = 0; i < 6; i++) {
      await addActivity(
        ctx.database.db,
        { name: `Lunedì ${i}`, roomId: centre.palestra.id, day: MON, start: `0${i + 1}:00`, end: `0${i + 1}:30` },
        { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id] },
      );
      await addActivity(
        ctx.database.db,
        { name: `Mercoledì ${i}`, roomId: centre.logopedia.id, day: WED, start: `1${i}:00`, end: `1${i}:30` },
        { patients: [centre.lucia.id], therapists: [centre.stefano.id, centre.paola.id] },
      );
    }
    const fromMonday = await summary(MON);
    const fromWednesday = await summary(WED);
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([
        first.post('/server/calendario/pasteday', { from: MON, to: TUE }),
        second.post('/server/calendario/pasteday', { from: WED, to: TUE }),
        round % 2 === 0
          ? first.post('/server/calendario/emptyday', { data: TUE })
          : second.post('/server/calendario/pasteday', { from: MON, to: TUE }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const tuesday = await summary(TUE);
      const whole = [fromMonday, fromWednesday, []].find((candidate) => JSON.stringify(candidate) === JSON.stringify(tuesday));
      expect(whole, `round ${round}: ${JSON.stringify(tuesday)}`).toBeDefined();
      outcomes.add(JSON.stringify(tuesday));
    }
    expect(await summary(MON)).toEqual(fromMonday);
    expect(await summary(WED)).toEqual(fromWednesday);
  });

  it('lets exactly one of 50 simultaneous inserts of one patient into one activity succeed', async () => {
    const activity = await addGinnastica(ctx.database.db, centre, MON);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? first : second).put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: activity.id }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(49);
    for (const a of refused) expect(a).toMatchObject({ status: 409, body: { error: MSG.patientDuplicate, code: ERROR_CODES.conflict } });
    expect((await first.get<unknown[]>(`/server/calendario/getpazienti?data=${MON}`)).body).toHaveLength(1);
  });
});
