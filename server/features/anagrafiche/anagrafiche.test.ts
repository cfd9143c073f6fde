import { beforeEach, describe, expect, it } from 'vitest';
import { ANAGRAFICHE_MSG as M, normalizeMobile } from '../../../common/anagrafiche.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { TRASPORTI_MSG } from '../../../common/trasporti.ts';
import { addActivity, seedCentre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, describeOnBothDatabases, VIEWER, codeOf, errorOf, signedInCentre } from '../../test/harness.ts';

const MON = '2026-11-23';
const TUE = '2026-11-24';

describe('normalizeMobile', () => {
  it.each([
    ['333 123 4567', '+393331234567'],
    ['+39 333 1234567', '+393331234567'],
    ['0039-333-123.4567', '+393331234567'],
    ['3331234567', '+393331234567'],
    ['', ''],
  ])('normalises %s', (input, expected) => expect(normalizeMobile(input)).toBe(expected));
  it.each(['06 1234567', '+44 7700 900123', '333', 'abc', '+39 333 1234567890'])('refuses %s', (input) =>
    expect(normalizeMobile(input)).toBeNull(),
  );
});

describeOnBothDatabases('anagrafiche', (ctx) => {
  let admin: TestClient;
  let viewer: TestClient;
  let centre: Awaited<ReturnType<typeof seedCentre>>;

  beforeEach(async () => {
    ({ centre, admin, viewer } = await signedInCentre(ctx));
  });

  describe('patients', () => {
    it('creates with a normalised phone, edits, lists with search and paging', async () => {
      const created = await admin.put<{ insertId: number }>('/server/anagrafiche/pazienti', {
        Nome: ' Giulia ',
        Cognome: 'Esposito',
        Cellulare: '+39 347 765 4321',
      });
      expect(created.status).toBe(200);
      const id = created.body.insertId;
      let list = await admin.get<{ items: { ID: number; Nome: string; Cellulare: string }[]; total: number }>(
        '/server/anagrafiche/pazienti?q=espo',
      );
      expect(list.body.items).toEqual([
        // Issue 30's pickup fields, '' / false when never given.
        {
          ID: id,
          Nome: 'Giulia',
          Cognome: 'Esposito',
          Cellulare: '+393477654321',
          Archiviato: false,
          Indirizzo: '',
          Carrozzina: false,
          NoteTrasporto: '',
        },
      ]);
      expect(
        (await admin.post('/server/anagrafiche/pazienti/update', { ID: id, Nome: 'Giulia', Cognome: 'Esposito Ricci', Cellulare: '' }))
          .status,
      ).toBe(200);
      list = await admin.get('/server/anagrafiche/pazienti?q=ricci');
      expect(list.body.items.map((p) => p.Cellulare)).toEqual(['']);
      for (let i = 0; i < 30; i++) await admin.put('/server/anagrafiche/pazienti', { Nome: `Nome${i}`, Cognome: 'Zeta', Cellulare: '' });
      const page2 = await admin.get<{ items: unknown[]; total: number; pagina: number }>('/server/anagrafiche/pazienti?q=zeta&pagina=2');
      expect(page2.body).toMatchObject({ total: 30, pagina: 2 });
      expect(page2.body.items).toHaveLength(5);
    });

    it.each([
      [{ Nome: '', Cognome: 'Rossi', Cellulare: '' }, M.nameInvalid],
      [{ Nome: 'Ada', Cognome: '   ', Cellulare: '' }, M.surnameInvalid],
      [{ Nome: 'Ada', Cognome: 'Rossi', Cellulare: '06 1234567' }, M.phoneInvalid],
      [{ Nome: 'Ada', Cognome: 'Rossi', Cellulare: '+44 7700 900123' }, M.phoneInvalid],
      [{ Nome: 'Ada', Cognome: 'Rossi' }, M.phoneInvalid],
    ])('refuses %j', async (payload, message) => {
      const res = await admin.put('/server/anagrafiche/pazienti', payload);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
      expect((await admin.get<{ total: number }>('/server/anagrafiche/pazienti?q=ada')).body.total).toBe(0);
    });

    it('archives a patient: gone from search, presences and new activities; past activities keep them; restorable', async () => {
      const past = await addActivity(
        ctx.database.db,
        { name: 'Ginnastica', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { patients: [centre.mario.id] },
      );
      const fresh = await addActivity(ctx.database.db, {
        name: 'Coro',
        roomId: centre.palestra.id,
        day: TUE,
        start: '09:00',
        end: '10:00',
      });
      expect((await admin.post('/server/anagrafiche/pazienti/archivia', { ID: centre.mario.id })).status).toBe(200);

      expect((await viewer.post<unknown[]>('/server/pazienti/find', { value: 'mario' })).body).toEqual([]);
      expect((await viewer.get<{ ID: number }[]>('/server/pazienti/getpresenze')).body.map((p) => p.ID)).not.toContain(centre.mario.id);
      const refused = await admin.put('/server/calendario/insertpaziente', { paziente: centre.mario.id, attivita: fresh.id });
      expect(refused.status).toBe(404);
      expect(errorOf(refused.body)).toBe(MSG.patientNotFound);
      const day = await viewer.post<{ attivita: { ID: number; Pazienti: { Nome: string }[] }[] }>('/server/calendario/giornata', {
        data: MON,
      });
      expect(day.body.attivita.find((a) => a.ID === past.id)!.Pazienti.map((p) => p.Nome)).toEqual(['Mario']);
      const archivedList = await admin.get<{ items: { ID: number }[] }>('/server/anagrafiche/pazienti?archiviati=1');
      expect(archivedList.body.items.map((p) => p.ID)).toContain(centre.mario.id);

      expect((await admin.post('/server/anagrafiche/pazienti/ripristina', { ID: centre.mario.id })).status).toBe(200);
      expect((await viewer.post<unknown[]>('/server/pazienti/find', { value: 'mario' })).body).toHaveLength(1);
    });

    it('answers 404 for a missing patient', async () => {
      const res = await admin.post('/server/anagrafiche/pazienti/archivia', { ID: 999999 });
      expect(res.status).toBe(404);
      expect(errorOf(res.body)).toBe(MSG.patientNotFound);
      expect(codeOf(res.body)).toBe(ERROR_CODES.notFound);
    });
  });

  describe('therapists', () => {
    it('creates with a unique username, links an account, archives and restores', async () => {
      const accounts = await admin.get<{ ID: number; username: string }[]>('/server/anagrafiche/utenti');
      const viewerId = accounts.body.find((a) => a.username === VIEWER.username)!.ID;
      const created = await admin.put<{ insertId: number }>('/server/anagrafiche/terapisti', {
        username: 'marta.caruso',
        RifUtente: viewerId,
      });
      expect(created.status).toBe(200);
      const dup = await admin.put('/server/anagrafiche/terapisti', { username: 'paola.neri' });
      expect(dup.status).toBe(409);
      expect(errorOf(dup.body)).toBe(M.therapistDuplicate);
      expect(codeOf(dup.body)).toBe(ERROR_CODES.conflict);
      const renameDup = await admin.post('/server/anagrafiche/terapisti/update', {
        ID: created.body.insertId,
        username: 'paola.neri',
        RifUtente: -1,
      });
      expect(renameDup.status).toBe(409);
      const badAccount = await admin.put('/server/anagrafiche/terapisti', { username: 'nuovo.op', RifUtente: 999999 });
      expect(badAccount.status).toBe(400);
      expect(errorOf(badAccount.body)).toBe(M.accountNotFound);
      expect(codeOf(badAccount.body)).toBe(ERROR_CODES.invalidInput);
      const spaces = await admin.put('/server/anagrafiche/terapisti', { username: 'con spazi' });
      expect(errorOf(spaces.body)).toBe(M.therapistUsernameInvalid);
      const list = await admin.get<{ username: string; RifUtente: number | null }[]>('/server/anagrafiche/terapisti');
      expect(list.body.find((t) => t.username === 'marta.caruso')!.RifUtente).toBe(viewerId);

      await admin.post('/server/anagrafiche/terapisti/archivia', { ID: centre.paola.id });
      expect((await viewer.post<unknown[]>('/server/terapisti/find', { value: 'paola' })).body).toEqual([]);
      expect((await viewer.get<{ username: string }[]>('/server/terapisti/getpresenze')).body.map((t) => t.username)).not.toContain(
        'paola.neri',
      );
      await admin.post('/server/anagrafiche/terapisti/ripristina', { ID: centre.paola.id });
      expect((await viewer.post<unknown[]>('/server/terapisti/find', { value: 'paola' })).body).toHaveLength(1);
    });

    it('keeps an optional Nome and Cognome, shown by every list of operatori and by the day', async () => {
      const created = await admin.put<{ insertId: number }>('/server/anagrafiche/terapisti', {
        username: 'laura.fontana',
        Nome: ' Laura ',
        Cognome: 'Fontana',
      });
      expect(created.status).toBe(200);
      const id = created.body.insertId;
      const row = (list: { ID: number }[]) => list.find((t) => t.ID === id);
      expect(row((await admin.get<{ ID: number }[]>('/server/anagrafiche/terapisti')).body)).toMatchObject({
        username: 'laura.fontana',
        Nome: 'Laura',
        Cognome: 'Fontana',
      });
      // Without them: '' (the screens show the username).
      const plain = (await admin.get<{ username: string; Nome: string }[]>('/server/anagrafiche/terapisti')).body.find(
        (t) => t.username === 'paola.neri',
      );
      expect(plain).toMatchObject({ Nome: '', Cognome: '' });
      expect(row((await viewer.get<{ ID: number }[]>('/server/terapisti/getpresenze')).body)).toEqual({
        ID: id,
        username: 'laura.fontana',
        Nome: 'Laura',
        Cognome: 'Fontana',
      });
      // Found by name, surname or username, accents and case aside.
      for (const value of ['laura', 'FONTANA', 'laura.fon', 'fontàna laura'])
        expect(
          (await viewer.post<{ ID: number }[]>('/server/terapisti/find', { value })).body.map((t) => t.ID),
          value,
        ).toEqual([id]);

      await addActivity(
        ctx.database.db,
        { name: 'Coro', roomId: centre.palestra.id, day: MON, start: '09:00', end: '10:00' },
        { therapists: [id, centre.stefano.id] },
      );
      const day = await viewer.post<{ attivita: { Terapisti: { username: string; Nome: string; Cognome: string }[] }[] }>(
        '/server/calendario/giornata',
        { data: MON },
      );
      expect(day.body.attivita[0].Terapisti.map(({ username, Nome, Cognome }) => ({ username, Nome, Cognome }))).toEqual([
        { username: 'laura.fontana', Nome: 'Laura', Cognome: 'Fontana' },
        { username: 'stefano.villa', Nome: '', Cognome: '' },
      ]);

      // Edited away: the names go, the day shows the username again.
      expect(
        (await admin.post('/server/anagrafiche/terapisti/update', { ID: id, username: 'laura.fontana', Nome: '', Cognome: '' })).status,
      ).toBe(200);
      const after = await viewer.post<{ attivita: { Terapisti: { Nome: string }[] }[] }>('/server/calendario/giornata', { data: MON });
      expect(after.body.attivita[0].Terapisti[0]).toMatchObject({ username: 'laura.fontana', Nome: '', Cognome: '' });
    });

    it.each([
      [{ Nome: 'x'.repeat(101) }, M.therapistNameInvalid],
      [{ Cognome: 'x'.repeat(101) }, M.therapistSurnameInvalid],
      [{ Nome: 'Laura\u0007' }, MSG.textInvalidChars],
      [{ Cognome: 'Fon\u202Etana' }, MSG.textInvalidChars],
      [{ Nome: 42 }, M.therapistNameInvalid],
    ])('refuses %j with 400 in Italian, creating and changing nothing', async (change, message) => {
      const list = async () => JSON.stringify((await admin.get('/server/anagrafiche/terapisti')).body);
      const before = await list();
      const created = await admin.put('/server/anagrafiche/terapisti', { username: 'laura.fontana', ...change });
      expect(created.status).toBe(400);
      expect(errorOf(created.body)).toBe(message);
      const updated = await admin.post('/server/anagrafiche/terapisti/update', { ID: centre.paola.id, username: 'paola.neri', ...change });
      expect(updated.status).toBe(400);
      expect(errorOf(updated.body)).toBe(message);
      expect(await list()).toBe(before);
    });
  });

  describe('rooms', () => {
    it('creates with a unique name, orders the columns, archives and restores', async () => {
      const created = await admin.put<{ insertId: number }>('/server/anagrafiche/stanze', { Nome: 'Atelier' });
      expect(created.status).toBe(200);
      const dup = await admin.put('/server/anagrafiche/stanze', { Nome: 'Palestra' });
      expect(dup.status).toBe(409);
      expect(errorOf(dup.body)).toBe(M.roomDuplicate);
      const columns = async () =>
        (await viewer.get<{ Nome: string; Archiviato: boolean }[]>('/server/calendario/getstanze')).body
          .filter((r) => !r.Archiviato)
          .map((r) => r.Nome);
      expect(await columns()).toEqual(['Palestra', 'Logopedia', 'Atelier']);
      await admin.post('/server/anagrafiche/stanze/sposta', { ID: created.body.insertId, direzione: 'su' });
      expect(await columns()).toEqual(['Palestra', 'Atelier', 'Logopedia']);
      await admin.post('/server/anagrafiche/stanze/sposta', { ID: centre.palestra.id, direzione: 'su' }); // already first
      await admin.post('/server/anagrafiche/stanze/sposta', { ID: centre.palestra.id, direzione: 'giu' });
      expect(await columns()).toEqual(['Atelier', 'Palestra', 'Logopedia']);
      const badDirection = await admin.post('/server/anagrafiche/stanze/sposta', { ID: centre.palestra.id, direzione: 'destra' });
      expect(badDirection.status).toBe(400);

      await admin.post('/server/anagrafiche/stanze/archivia', { ID: created.body.insertId });
      expect(await columns()).toEqual(['Palestra', 'Logopedia']);
      const refused = await admin.put('/server/calendario/createattivita', {
        nome: 'Pittura',
        stanza: created.body.insertId,
        data: MON,
        orainizio: '09:00',
        orafine: '10:00',
        trasporto: -1,
      });
      expect(errorOf(refused.body)).toBe(MSG.roomInvalid);
      await admin.post('/server/anagrafiche/stanze/ripristina', { ID: created.body.insertId });
      expect(await columns()).toContain('Atelier');
    });
  });

  describe('minibus runs', () => {
    it('creates a run with passengers and staff, shows it in the day, moves its calendar activity with it, deletes it', async () => {
      const created = await admin.put<{ insertId: number }>('/server/anagrafiche/uscite', {
        Tratta: 'Andata Sud',
        Ora: '08:15',
        OraArrivo: '09:00',
        RifPulmino: 2,
        Data: MON,
      });
      expect(created.status).toBe(200);
      const id = created.body.insertId;
      expect((await admin.put('/server/anagrafiche/uscite/passeggeri', { uscita: id, paziente: centre.lucia.id })).status).toBe(200);
      const dup = await admin.put('/server/anagrafiche/uscite/passeggeri', { uscita: id, paziente: centre.lucia.id });
      expect(dup.status).toBe(409);
      expect(errorOf(dup.body)).toBe(M.passengerDuplicate);
      const archived = await admin.put('/server/anagrafiche/uscite/passeggeri', { uscita: id, paziente: centre.archiviato.id });
      expect(errorOf(archived.body)).toBe(MSG.patientNotFound);
      expect((await admin.put('/server/anagrafiche/uscite/operatori', { uscita: id, terapista: centre.stefano.id })).status).toBe(200);
      expect(errorOf((await admin.put('/server/anagrafiche/uscite/operatori', { uscita: id, terapista: centre.stefano.id })).body)).toBe(
        M.staffDuplicate,
      );

      const placed = await admin.put<{ insertId: number }>('/server/calendario/createattivita', {
        nome: '',
        stanza: -1,
        data: MON,
        orainizio: '',
        orafine: '',
        trasporto: id,
      });
      expect(placed.status).toBe(200);
      const runs = await admin.post<
        { Tratta: string; RifPulmino: number; Pazienti: { Nome: string }[]; Terapisti: { username: string }[] }[]
      >('/server/anagrafiche/uscite/giorno', { data: MON });
      expect(runs.body).toEqual([
        expect.objectContaining({
          Tratta: 'Andata Sud',
          RifPulmino: 2,
          Pazienti: [expect.objectContaining({ Nome: 'Lucia' })],
          Terapisti: [expect.objectContaining({ username: 'stefano.villa' })],
        }),
      ]);

      expect(
        (
          await admin.post('/server/anagrafiche/uscite/update', {
            ID: id,
            Tratta: 'Andata Sud',
            Ora: '08:30',
            OraArrivo: '09:15',
            RifPulmino: 1,
            Data: MON,
          })
        ).status,
      ).toBe(200);
      const [activity] = (
        await viewer.post<{ OraInizio: string; OraFine: string }[]>('/server/calendario/getattivitasingle', {
          attivita: placed.body.insertId,
        })
      ).body;
      expect(activity).toMatchObject({ OraInizio: '08:30', OraFine: '09:15' });

      expect((await admin.post('/server/anagrafiche/uscite/passeggeri/rimuovi', { uscita: id, paziente: centre.lucia.id })).status).toBe(
        200,
      );
      expect((await admin.post('/server/anagrafiche/uscite/operatori/rimuovi', { uscita: id, terapista: centre.stefano.id })).status).toBe(
        200,
      );
      expect((await admin.post('/server/anagrafiche/uscite/elimina', { ID: id })).status).toBe(200);
      expect((await viewer.post<unknown[]>('/server/calendario/get', { data: MON })).body).toEqual([]);
      expect((await admin.post('/server/anagrafiche/uscite/elimina', { ID: id })).status).toBe(404);
    });

    it.each([
      [{ Tratta: 'A', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 1, Data: MON }, M.routeInvalid],
      [{ Tratta: 'Andata', Ora: '8:00', OraArrivo: '09:00', RifPulmino: 1, Data: MON }, M.departureInvalid],
      [{ Tratta: 'Andata', Ora: '08:00', OraArrivo: '25:00', RifPulmino: 1, Data: MON }, M.arrivalInvalid],
      [{ Tratta: 'Andata', Ora: '09:00', OraArrivo: '08:00', RifPulmino: 1, Data: MON }, M.arrivalBeforeDeparture],
      [{ Tratta: 'Andata', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 3, Data: MON }, TRASPORTI_MSG.mezzoInvalid],
      [{ Tratta: 'Andata', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 1, Data: '2026-02-30' }, MSG.dateInvalid],
    ])('refuses the run %j', async (payload, message) => {
      const res = await admin.put('/server/anagrafiche/uscite', payload);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    });
  });

  describe('accounts', () => {
    async function idOf(username: string) {
      return (await admin.get<{ ID: number; username: string }[]>('/server/anagrafiche/utenti')).body.find((a) => a.username === username)!
        .ID;
    }

    it('creates an account that can sign in, resets its password, grants and revokes administrator, disables it', async () => {
      const created = await admin.put<{ insertId: number }>('/server/anagrafiche/utenti', {
        username: 'nuova.collega',
        password: 'prima-chiave-di-nuova',
        Admin: 0,
      });
      expect(created.status).toBe(200);
      const dup = await admin.put('/server/anagrafiche/utenti', { username: 'nuova.collega', password: 'prima-chiave-di-nuova', Admin: 0 });
      expect(errorOf(dup.body)).toBe(M.accountDuplicate);
      const colleague = await new TestClient(ctx.app).login({ username: 'nuova.collega', password: 'prima-chiave-di-nuova' });
      expect((await colleague.post('/server/calendario/emptyday', { data: MON })).status).toBe(403);

      await admin.post('/server/anagrafiche/utenti/admin', { ID: created.body.insertId, Admin: 1 });
      expect((await colleague.post('/server/calendario/emptyday', { data: MON })).status).toBe(200);

      await admin.post('/server/anagrafiche/utenti/password', { ID: created.body.insertId, password: 'seconda-chiave-di-nuova' });
      expect((await colleague.get('/server/user/auth')).status).toBe(403); // its sessions ended
      await new TestClient(ctx.app).login({ username: 'nuova.collega', password: 'seconda-chiave-di-nuova' });

      await admin.post('/server/anagrafiche/utenti/disattiva', { ID: created.body.insertId, disattivato: true });
      const refused = await new TestClient(ctx.app).post('/server/user/login', {
        username: 'nuova.collega',
        pass: 'seconda-chiave-di-nuova',
      });
      expect(refused.status).toBe(401);
      expect(errorOf(refused.body)).toBe(MSG.loginFailed);
      expect(
        (await admin.get<{ username: string; Disattivato: boolean }[]>('/server/anagrafiche/utenti')).body.find(
          (a) => a.username === 'nuova.collega',
        )!.Disattivato,
      ).toBe(true);
    });

    it('refuses to revoke or disable oneself, and to remove the last administrator', async () => {
      const self = await idOf(ADMIN.username);
      const revoke = await admin.post('/server/anagrafiche/utenti/admin', { ID: self, Admin: 0 });
      expect(revoke.status).toBe(409);
      expect(errorOf(revoke.body)).toBe(M.selfRevoke);
      const disable = await admin.post('/server/anagrafiche/utenti/disattiva', { ID: self, disattivato: true });
      expect(errorOf(disable.body)).toBe(M.selfDisable);

      // A second administrator cannot remove the first while the first is the only other one... once the first is gone, the second is last.
      const second = (
        await admin.put<{ insertId: number }>('/server/anagrafiche/utenti', {
          username: 'vice.direttrice',
          password: 'vice-del-turno-pomeridiano',
          Admin: 1,
        })
      ).body.insertId;
      const vice = await new TestClient(ctx.app).login({ username: 'vice.direttrice', password: 'vice-del-turno-pomeridiano' });
      expect((await vice.post('/server/anagrafiche/utenti/admin', { ID: self, Admin: 0 })).status).toBe(200);
      const last = await vice.post('/server/anagrafiche/utenti/disattiva', { ID: second, disattivato: true });
      expect(errorOf(last.body)).toBe(M.selfDisable);
      // The demoted first administrator can no longer act.
      expect((await admin.post('/server/anagrafiche/utenti/admin', { ID: second, Admin: 0 })).status).toBe(403);
      const admins = (await vice.get<{ Admin: number; Disattivato: boolean }[]>('/server/anagrafiche/utenti')).body.filter(
        (a) => a.Admin > 0 && !a.Disattivato,
      );
      expect(admins).toHaveLength(1);
    });

    it('never leaves the centre without an administrator when two demote each other at the same moment', async () => {
      const first = await idOf(ADMIN.username);
      const second = (
        await admin.put<{ insertId: number }>('/server/anagrafiche/utenti', {
          username: 'vice.direttrice',
          password: 'vice-del-turno-pomeridiano',
          Admin: 1,
        })
      ).body.insertId;
      const vice = await new TestClient(ctx.app).login({ username: 'vice.direttrice', password: 'vice-del-turno-pomeridiano' });
      const answers = await Promise.all([
        admin.post('/server/anagrafiche/utenti/admin', { ID: second, Admin: 0 }),
        vice.post('/server/anagrafiche/utenti/admin', { ID: first, Admin: 0 }),
      ]);
      // One wins; the other is refused, by the role check (already demoted) or by the last-administrator lock.
      const [ok, refused] = [...answers].sort((a, b) => a.status - b.status);
      expect(ok.status).toBe(200);
      expect([403, 409]).toContain(refused.status);
      if (refused.status === 409) expect(errorOf(refused.body)).toBe(M.lastAdmin);
      const winner = answers[0].status === 200 ? admin : vice;
      const list = (await winner.get<{ Admin: number }[]>('/server/anagrafiche/utenti')).body;
      expect(list.filter((a) => a.Admin > 0)).toHaveLength(1);
    });
  });

  describe('roles', () => {
    const calls: [string, 'GET' | 'PUT' | 'POST', Record<string, unknown>?][] = [
      ['/server/anagrafiche/pazienti', 'GET'],
      ['/server/anagrafiche/pazienti', 'PUT', { Nome: 'Ada', Cognome: 'Neri', Cellulare: '' }],
      ['/server/anagrafiche/pazienti/archivia', 'POST', { ID: 1 }],
      ['/server/anagrafiche/terapisti', 'GET'],
      ['/server/anagrafiche/terapisti', 'PUT', { username: 'nuovo.op' }],
      ['/server/anagrafiche/stanze', 'GET'],
      ['/server/anagrafiche/stanze', 'PUT', { Nome: 'Nuova' }],
      ['/server/anagrafiche/stanze/sposta', 'POST', { ID: 1, direzione: 'su' }],
      ['/server/anagrafiche/uscite/giorno', 'POST', { data: MON }],
      ['/server/anagrafiche/uscite', 'PUT', { Tratta: 'Andata', Ora: '08:00', OraArrivo: '09:00', RifPulmino: 1, Data: MON }],
      ['/server/anagrafiche/utenti', 'GET'],
      ['/server/anagrafiche/utenti', 'PUT', { username: 'intruso', password: 'intruso-senza-permesso', Admin: 1 }],
      ['/server/anagrafiche/utenti/admin', 'POST', { ID: 2, Admin: 1 }],
    ];
    it.each(calls)('%s (%s) answers 403 to a non-administrator and to an anonymous caller', async (url, method, payload) => {
      const asViewer = await viewer.request(method, url, payload);
      expect(asViewer.status).toBe(403);
      expect(errorOf(asViewer.body)).toBe(MSG.adminOnly);
      expect(codeOf(asViewer.body)).toBe(ERROR_CODES.adminOnly);
      expect((await new TestClient(ctx.app).request(method, url, payload)).status).toBe(403);
      const accounts = await admin.get<{ username: string; Admin: number }[]>('/server/anagrafiche/utenti');
      expect(accounts.body.map((a) => [a.username, a.Admin])).toEqual([
        [ADMIN.username, 1],
        [VIEWER.username, 0],
      ]);
    });
  });
});
