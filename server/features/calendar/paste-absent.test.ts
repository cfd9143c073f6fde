/** Pasting a day leaves out the people absent on the target day (Presenze) and names them in the answer. */
import { beforeEach, expect, it } from 'vitest';
import type { Giornata } from '../../../common/schemas.ts';
import { absences, rollCall } from '../../db/schema.ts';
import { addActivity, addRun, seedCentre, type Centre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, describeOnBothDatabases } from '../../test/harness.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';

describeOnBothDatabases('paste and absences', (ctx) => {
  let admin: TestClient;
  let centre: Centre;

  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
    admin = await new TestClient(ctx.app).login(ADMIN);
    const db = ctx.database.db;
    const run = await addRun(
      db,
      { route: 'Andata', departure: '08:00', arrival: '08:45', minibus: 1, day: MON },
      {
        patients: [centre.mario.id, centre.lucia.id],
        therapists: [centre.paola.id],
      },
    );
    await addActivity(db, { name: 'TRASPORTO', roomId: null, day: MON, start: '08:00', end: '08:45', transportRunId: run.id });
    await addActivity(
      db,
      { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id, centre.lucia.id], therapists: [centre.paola.id, centre.stefano.id] },
    );
  });

  const tuesday = async () => (await admin.post<Giornata>('/server/calendario/giornata', { data: TUE })).body;

  it('pastes everyone when nobody is absent on the target day', async () => {
    const res = await admin.post('/server/calendario/pasteday', { from: MON, to: TUE });
    expect(res.body).toMatchObject({ pasted: 1, esclusi: [] });
    const day = await tuesday();
    expect(day.attivita.find((a) => a.NomeAttivita === 'Ginnastica')!.Pazienti.map((p) => p.Nome)).toEqual(['Lucia', 'Mario']);
  });

  it('leaves out an absent therapist and a patient marked absent, from activities and runs, and says who', async () => {
    // Paola is sick from Tuesday to Thursday; Lucia was marked absent at Tuesday's roll call.
    await ctx.database.db
      .insert(absences)
      .values({ therapistId: centre.paola.id, startDay: TUE, endDay: '2026-11-26', reason: 'malattia' });
    await ctx.database.db.insert(rollCall).values({ day: TUE, patientId: centre.lucia.id, present: false, reason: 'ferie' });
    // An absence that ended on Monday does not touch Tuesday.
    await ctx.database.db.insert(absences).values({ patientId: centre.mario.id, startDay: '2026-11-20', endDay: MON, reason: 'permesso' });

    const res = await admin.post<{ pasted: number; esclusi: unknown[]; conflitti: unknown[] }>('/server/calendario/pasteday', {
      from: MON,
      to: TUE,
    });
    expect(res.status).toBe(200);
    expect(res.body.pasted).toBe(1);
    expect(res.body.esclusi).toEqual([
      { tipo: 'paziente', ID: centre.lucia.id, nome: 'Lucia Bianchi', motivo: 'ferie' },
      { tipo: 'terapista', ID: centre.paola.id, nome: 'paola.neri', motivo: 'malattia' },
    ]);
    // The run lost its only operatore, its autista (issue 30): the one conflict left.
    expect(res.body.conflitti).toMatchObject([{ tipo: 'autista', nome: 'Andata', testo: 'Andata: nessun operatore a bordo' }]);

    const day = await tuesday();
    const gym = day.attivita.find((a) => a.NomeAttivita === 'Ginnastica')!;
    expect(gym.Pazienti.map((p) => p.Nome)).toEqual(['Mario']);
    expect(gym.Terapisti.map((t) => t.username)).toEqual(['stefano.villa']);
    expect(day.uscite[0].Pazienti.map((p) => p.Nome)).toEqual(['Mario']);
    expect(day.uscite[0].Terapisti).toEqual([]);
    // Monday keeps everyone.
    const monday = (await admin.post<Giornata>('/server/calendario/giornata', { data: MON })).body;
    expect(monday.attivita.find((a) => a.NomeAttivita === 'Ginnastica')!.Pazienti).toHaveLength(2);
  });
});
