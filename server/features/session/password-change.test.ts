/** A new password ends the sessions that knew the old one; the current-password check has an attempt limit. */
import { expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors.ts';
import { MSG } from '../../../common/messages.ts';
import { PASSWORD_MSG } from '../../../common/passwords.ts';
import { SESSION_MSG as M } from '../../../common/session.ts';
import { ADMIN, TestClient, VIEWER, describeOnBothDatabases, errorOf } from '../../test/harness.ts';

describeOnBothDatabases('changing a password', (ctx) => {
  const signedIn = async (client: TestClient) => (await client.get('/server/user/auth')).status === 200;

  it('lets every user change their own password with the current one', async () => {
    const here = await new TestClient(ctx.app).login(VIEWER);
    const wrong = await here.post('/server/user/password', { attuale: 'sbagliata', nuova: 'ombrello-giallo-di-marzo' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body)).toBe(M.wrongCurrentPassword);
    expect((await here.post('/server/user/password', { attuale: VIEWER.password, nuova: 'ombrello-giallo-di-marzo' })).status).toBe(200);
    await new TestClient(ctx.app).login({ username: VIEWER.username, password: 'ombrello-giallo-di-marzo' });
    const short = await here.post('/server/user/password', { attuale: 'ombrello-giallo-di-marzo', nuova: 'abc' });
    expect(errorOf(short.body)).toBe(PASSWORD_MSG.tooShort);
  });

  it('ends her other sessions and keeps the one she changed it from', async () => {
    const here = await new TestClient(ctx.app).login(VIEWER);
    const phone = await new TestClient(ctx.app).login(VIEWER);
    const home = await new TestClient(ctx.app).login(VIEWER);
    const admin = await new TestClient(ctx.app).login(ADMIN);
    const res = await here.post('/server/user/password', { attuale: VIEWER.password, nuova: 'una nuova segreta' });
    expect(res.status).toBe(200);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(home)).toBe(false);
    expect(await signedIn(admin)).toBe(true);
    // The session she kept still writes.
    expect((await here.post('/server/user/password', { attuale: 'una nuova segreta', nuova: 'e ancora unaltra' })).status).toBe(200);
  });

  it('leaves every session alive when the current password is wrong', async () => {
    const here = await new TestClient(ctx.app).login(VIEWER);
    const phone = await new TestClient(ctx.app).login(VIEWER);
    const res = await here.post('/server/user/password', { attuale: 'sbagliata', nuova: 'una nuova segreta' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe(M.wrongCurrentPassword);
    expect(await signedIn(phone)).toBe(true);
  });

  it('answers 429 after 5 wrong current passwords, even to the right one, and changes nothing', async () => {
    const here = await new TestClient(ctx.app).login(VIEWER);
    for (let i = 0; i < 5; i++)
      expect((await here.post('/server/user/password', { attuale: 'sbagliata', nuova: 'una nuova segreta' })).status).toBe(400);
    const limited = await here.post('/server/user/password', { attuale: VIEWER.password, nuova: 'una nuova segreta' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: MSG.tooManyRequests, code: ERROR_CODES.tooManyRequests });
    await new TestClient(ctx.app).login(VIEWER);
    // Another account's check is not affected.
    const admin = await new TestClient(ctx.app).login(ADMIN);
    expect((await admin.post('/server/user/password', { attuale: ADMIN.password, nuova: 'nuova per admin' })).status).toBe(200);
  });

  it('answers at most 5 wrong current passwords sent at once with 400, the rest 429', async () => {
    const here = await new TestClient(ctx.app).login(VIEWER);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => here.post('/server/user/password', { attuale: 'sbagliata', nuova: 'una nuova segreta' })),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(35);
  });

  it("ends every session of the person whose password an administrator resets, the admin's own untouched", async () => {
    const admin = await new TestClient(ctx.app).login(ADMIN);
    const one = await new TestClient(ctx.app).login(VIEWER);
    const two = await new TestClient(ctx.app).login(VIEWER);
    const accounts = await admin.get<{ ID: number; username: string }[]>('/server/anagrafiche/utenti');
    const viewerId = accounts.body.find((a) => a.username === VIEWER.username)!.ID;
    expect((await admin.post('/server/anagrafiche/utenti/password', { ID: viewerId, password: 'scelta da admin' })).status).toBe(200);
    expect(await signedIn(one)).toBe(false);
    expect(await signedIn(two)).toBe(false);
    expect(await signedIn(admin)).toBe(true);
    await new TestClient(ctx.app).login({ username: VIEWER.username, password: 'scelta da admin' });
  });
});
