import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { seedCentre, addGinnastica } from '../../test/fixtures.ts';
import { ADMIN, TestClient, VIEWER, buildTestApp, describeOnBothDatabases } from '../../test/harness.ts';

const MON = '2026-11-23';

describeOnBothDatabases('the cached day', {}, (ctx) => {
  // Two app instances on one database, as two server processes on one PostgreSQL.
  let second: App;
  beforeAll(async () => {
    second = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await second.close();
  });

  it('never answers a day older than the last change, whoever made it', async () => {
    const centre = await seedCentre(ctx.database.db);
    const a = await addGinnastica(ctx.database.db, centre, MON);
    const reader = await new TestClient(ctx.app).login(VIEWER);
    const writer = await new TestClient(second).login(ADMIN);
    const patientsOf = async () =>
      (
        await reader.post<{ attivita: { Pazienti: { Nome: string; Cognome: string }[] }[] }>('/server/calendario/giornata', { data: MON })
      ).body.attivita.flatMap((x) => x.Pazienti.map((p) => `${p.Nome} ${p.Cognome}`));
    const weekTherapists = async () =>
      (
        await reader.post<{ attivita: { Terapisti: { username: string }[] }[] }>('/server/calendario/settimana', {
          datastart: MON,
          datastop: '2026-11-27',
        })
      ).body.attivita.flatMap((x) => x.Terapisti.map((t) => t.username));

    expect(await patientsOf()).toEqual([]);
    expect(await weekTherapists()).toEqual([]);
    // A write through the other process.
    await writer.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: a.id });
    await writer.put('/server/calendario/insertterapista', { terapista: centre.paola.id, attivita: a.id });
    expect(await patientsOf()).toEqual(['Mario Rossi']);
    expect(await weekTherapists()).toEqual(['paola.neri']);
    // A write straight into the database (the users tool, a restore, another program).
    await ctx.database.db.execute(sql`update patients set first_name = 'Mariano' where id = ${centre.mario.id}`);
    expect(await patientsOf()).toEqual(['Mariano Rossi']);
    await ctx.database.db.execute(sql`update therapists set username = 'paola.n' where id = ${centre.paola.id}`);
    expect(await weekTherapists()).toEqual(['paola.n']);
    // A write that fails leaves the version, and the answer, as they were.
    const refused = await writer.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: a.id });
    expect(refused.status).toBe(409);
    expect(await patientsOf()).toEqual(['Mariano Rossi']);
    await writer.post('/server/calendario/emptyday', { data: MON });
    expect(await patientsOf()).toEqual([]);
  });

  it('sends a browser the same day gzipped, and a client that does not take gzip the plain JSON', async () => {
    const centre = await seedCentre(ctx.database.db);
    const a = await addGinnastica(ctx.database.db, centre, MON);
    const admin = await new TestClient(ctx.app).login(ADMIN);
    await admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: a.id });
    const read = (acceptEncoding?: string) =>
      admin.request('POST', '/server/calendario/giornata', { data: MON }, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
    const plain = await read();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.stringify(plain.body)).toContain('Rossi');
    // What Chromium sends: the cached answer's gzip, the same JSON once unpacked, a fraction of its bytes.
    const browser = await read('gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(browser.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(browser.raw).toString()).toBe(plain.text);
    expect(browser.raw.length).toBeLessThan(plain.raw.length);
    // The same for a week, and "gzip;q=0" (gzip refused) or another encoding alone get the plain JSON.
    const week = await admin.request(
      'POST',
      '/server/calendario/settimana',
      { datastart: MON, datastop: '2026-11-27' },
      { 'accept-encoding': 'gzip' },
    );
    expect(week.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(week.raw).toString())).toMatchObject({ attivita: [expect.objectContaining({ ID: a.id })] });
    for (const refused of ['gzip;q=0', 'br', 'identity']) {
      const answer = await read(refused);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.text).toBe(plain.text);
    }
  });
});
