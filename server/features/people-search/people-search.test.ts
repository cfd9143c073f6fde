import { beforeEach, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.ts';
import { patients, therapists } from '../../db/schema.ts';
import { seedCentre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, describeOnBothDatabases, VIEWER } from '../../test/harness.ts';

describeOnBothDatabases('search', (ctx) => {
  let viewer: TestClient;
  beforeEach(async () => {
    await seedCentre(ctx.database.db);
    await ctx.database.db.insert(patients).values([
      { firstName: 'Maria', lastName: 'Rossini', mobile: '' },
      { firstName: 'Percento', lastName: '100%_vero', mobile: '' },
    ]);
    await ctx.database.db.insert(therapists).values({ username: 'paolo.rossi' });
    viewer = await new TestClient(ctx.app).login(VIEWER);
  });

  const names = (body: unknown) => (body as { Nome: string; Cognome: string }[]).map((p) => `${p.Nome} ${p.Cognome}`);

  it('finds patients by first name, last name or both, case-insensitive, never archived ones', async () => {
    expect(names((await viewer.post('/server/pazienti/find/', { value: 'ROSS' })).body)).toEqual(['Mario Rossi', 'Maria Rossini']);
    expect(names((await viewer.post('/server/pazienti/find', { value: 'mario rossi' })).body)).toEqual(['Mario Rossi']);
    expect(names((await viewer.post('/server/pazienti/find', { value: 'rossi mar' })).body)).toEqual(['Mario Rossi', 'Maria Rossini']);
    expect(names((await viewer.post('/server/pazienti/find', { value: 'archiviato' })).body)).toEqual([]);
  });

  it('finds people as they are typed: accents, case, apostrophes and doubled letters aside', async () => {
    await ctx.database.db.insert(patients).values([
      { firstName: 'Niccolò', lastName: 'Foà', mobile: '' },
      { firstName: 'Nicola', lastName: 'D’Angelo', mobile: '' },
    ]);
    expect(names((await viewer.post('/server/pazienti/find', { value: 'foa' })).body)).toEqual(['Niccolò Foà']);
    expect(names((await viewer.post('/server/pazienti/find', { value: 'nicolo' })).body)).toEqual(['Niccolò Foà']);
    expect(names((await viewer.post('/server/pazienti/find', { value: "FOA' NICCOLO" })).body)).toEqual(['Niccolò Foà']);
    expect(names((await viewer.post('/server/pazienti/find', { value: 'dangelo' })).body)).toEqual(['Nicola D’Angelo']);
    expect(names((await viewer.post('/server/pazienti/find', { value: 'nico' })).body)).toEqual(['Nicola D’Angelo', 'Niccolò Foà']);
    // The list of the Anagrafiche searches the same way.
    const admin = await new TestClient(ctx.app).login(ADMIN);
    const page = await admin.get<{ items: { Nome: string; Cognome: string }[] }>('/server/anagrafiche/pazienti?q=foa');
    expect(names(page.body.items)).toEqual(['Niccolò Foà']);
  });

  it('answers Nome, Cognome and Cellulare (and the ID) of each result', async () => {
    const res = await viewer.post('/server/pazienti/find/', { value: 'lucia' });
    expect(res.body).toEqual([{ ID: expect.any(Number), Nome: 'Lucia', Cognome: 'Bianchi', Cellulare: '+393334445555' }]);
  });

  it('takes % and _ literally', async () => {
    expect(names((await viewer.post('/server/pazienti/find', { value: '%' })).body)).toEqual(['Percento 100%_vero']);
    expect(names((await viewer.post('/server/pazienti/find', { value: '_' })).body)).toEqual(['Percento 100%_vero']);
  });

  it('finds a patient from the fields of a search result', async () => {
    const res = await viewer.post<{ ID: number }[]>('/server/pazienti/getfromfind/', {
      nome: 'Mario',
      cognome: 'Rossi',
      cellulare: '+393331112222',
    });
    expect(res.body).toHaveLength(1);
    expect((await viewer.post('/server/pazienti/getfromfind', { nome: 'Mario', cognome: 'Rossi', cellulare: 'altro' })).body).toEqual([]);
  });

  it('finds therapists by username and from a result', async () => {
    const res = await viewer.post<{ username: string }[]>('/server/terapisti/find/', { value: 'ROSS' });
    expect(res.body.map((t) => t.username)).toEqual(['paolo.rossi']);
    const exact = await viewer.post('/server/terapisti/getfromfind/', { username: 'paola.neri' });
    expect(exact.body).toEqual([{ ID: expect.any(Number), username: 'paola.neri', Nome: '', Cognome: '' }]);
  });

  it('refuses a search text that is not a string or too long', async () => {
    for (const value of [42, null, 'x'.repeat(101)]) {
      const res = await viewer.post('/server/pazienti/find', { value });
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toBe(MSG.searchInvalid);
    }
  });
});
