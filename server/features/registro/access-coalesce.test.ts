/**
 * The access log cannot be used as a weapon (docs/decisions/0022-coalesced-access-log.md): a flood
 * of identical reads leaves one entry per 10 minutes with its count and first/last time, different
 * reads stay apart, "Accessi a" shows the entry as one line, the buffer still reaches the database
 * within a second, the database lets a row only count up, and an administrator's mark of an
 * abusive account's rows (never a deletion) shows in "Accessi a" and the registro and is itself a row.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_MSG, type AccessRow, type AuditRow } from '../../../common/audit.ts';
import { addDays, todayInRome } from '../../../common/dates.ts';
import { users } from '../../db/schema.ts';
import { ACCESS_COALESCE_MS, ACCESS_FLUSH_MS } from '../../lib/access-log.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { addActivity, seedCentre, type Centre } from '../../test/fixtures.ts';
import { ADMIN, TestClient, describeOnBothDatabases, errorOf } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

interface LogRow {
  id: number;
  kind: string;
  day: string | null;
  day_to: string | null;
  patient_id: number | null;
  conteggio: number;
  at: string;
  ultima: string | null;
}

let accounts = 0;
/** An account of this run only: the access log is never emptied, so each case reads its own rows. */
const freshName = () => `lettore.${process.pid}.${Date.now().toString(36)}.${++accounts}`;

describeOnBothDatabases('coalesced access log', (ctx) => {
  let centre: Centre;
  let admin: TestClient;

  beforeEach(async () => {
    centre = await seedCentre(ctx.database.db);
    admin = await new TestClient(ctx.app).login(ADMIN);
    ctx.app.accessLog!.now = () => Date.now();
  });

  async function reader(): Promise<{ client: TestClient; id: number; username: string }> {
    const username = freshName();
    const password = 'lettura-a-raffica';
    const [row] = await ctx.database.db
      .insert(users)
      .values({ username, passwordHash: await hashPassword(password), admin: 0 })
      .returning({ id: users.id });
    return { client: await new TestClient(ctx.app).login({ username, password }), id: row.id, username };
  }

  async function logRowsOf(username: string): Promise<LogRow[]> {
    const result = await rowsOf<LogRow>(
      ctx.database.db,
      sql`
      select id, kind, day::text as day, day_to::text as day_to, patient_id, conteggio,
             to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
             to_char(ultima at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ultima
      from access_log where username = ${username} order by id`,
    );
    return result.map((r) => ({ ...r, id: Number(r.id), conteggio: Number(r.conteggio) }));
  }

  const dayRead = (client: TestClient, data: string) => client.post('/server/calendario/giornata', { data });

  it('turns a flood of 5,000 identical day reads into one entry counting them, shown in "Accessi a" as one line', async () => {
    const day = addDays(todayInRome(), 3);
    await addActivity(
      ctx.database.db,
      { name: 'Ginnastica', roomId: centre.palestra.id, day, start: '09:00', end: '10:00' },
      { patients: [centre.mario.id] },
    );
    const flooder = await reader();
    let ok = 0;
    for (let i = 0; i < 100; i++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => dayRead(flooder.client, day)));
      ok += answers.filter((a) => a.status === 200).length;
    }
    await ctx.app.accessLog!.flush();
    // Every read answered counts, in one row (the reads spanned several one-second writes: they met the row in the database).
    expect(ok).toBeGreaterThan(0);
    const rows = await logRowsOf(flooder.username);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'giornata', day, conteggio: ok });
    expect(rows[0].ultima! >= rows[0].at).toBe(true);
    if (ok === 5000) expect(rows[0].conteggio).toBe(5000);

    const page = await admin.get<{ items: AccessRow[] }>(`/server/registro/accessi?paziente=${centre.mario.id}`);
    expect(page.status).toBe(200);
    const mine = page.body.items.filter((r) => r.utente === flooder.username);
    expect(mine).toEqual([
      expect.objectContaining({ tipo: 'giornata', giorno: day, conteggio: ok, ultima: rows[0].ultima, quando: rows[0].at }),
    ]);
  }, 240_000);

  it('keeps different days, kinds and utenti apart, and counts each', async () => {
    const { client, username } = await reader();
    const [a, b] = [addDays(todayInRome(), 5), addDays(todayInRome(), 6)];
    for (const day of [a, a, b, a, b]) expect((await dayRead(client, day)).status).toBe(200);
    const agenda = (ID: number) => client.post('/server/agenda', { tipo: 'paziente', ID, datastart: a, datastop: addDays(a, 6) });
    for (const ID of [centre.mario.id, centre.lucia.id, centre.mario.id]) expect((await agenda(ID)).status).toBe(200);
    expect(
      (await client.post('/server/agenda', { tipo: 'paziente', ID: centre.mario.id, datastart: b, datastop: addDays(b, 6) })).status,
    ).toBe(200);
    await ctx.app.accessLog!.flush();
    const rows = await logRowsOf(username);
    expect(rows.map((r) => [r.kind, r.day, r.day_to, r.patient_id, r.conteggio])).toEqual([
      ['giornata', a, null, null, 3],
      ['giornata', b, null, null, 2],
      ['paziente', a, addDays(a, 6), centre.mario.id, 2],
      ['paziente', a, addDays(a, 6), centre.lucia.id, 1],
      ['paziente', b, addDays(b, 6), centre.mario.id, 1],
    ]);
    // One read stays as it was: no last time.
    expect(rows[3].ultima).toBeNull();
  });

  it('starts a new entry 10 minutes after the first read of the last one, in memory and in the database', async () => {
    const { client, username } = await reader();
    const day = addDays(todayInRome(), 7);
    const t0 = Date.now() - 60 * 60 * 1000;
    const at = (ms: number) => {
      ctx.app.accessLog!.now = () => t0 + ms;
    };
    const read = async (ms: number, flush = true) => {
      at(ms);
      expect((await dayRead(client, day)).status).toBe(200);
      if (flush) await ctx.app.accessLog!.flush();
    };
    await read(0);
    await read(5 * 60_000);
    await read(ACCESS_COALESCE_MS - 1);
    // Exactly 10 minutes after the first: a new entry.
    await read(ACCESS_COALESCE_MS);
    // In memory: the fourth entry's reads, then one 10 minutes later still unwritten, written together.
    await read(ACCESS_COALESCE_MS + 1000, false);
    await read(2 * ACCESS_COALESCE_MS + 1000, false);
    await ctx.app.accessLog!.flush();
    const iso = (ms: number) => new Date(t0 + ms).toISOString();
    expect((await logRowsOf(username)).map((r) => [r.at, r.conteggio, r.ultima])).toEqual([
      [iso(0), 3, iso(ACCESS_COALESCE_MS - 1)],
      [iso(ACCESS_COALESCE_MS), 2, iso(ACCESS_COALESCE_MS + 1000)],
      [iso(2 * ACCESS_COALESCE_MS + 1000), 1, null],
    ]);
  });

  it('still writes the reads of the last second within a second, however many coalesce', async () => {
    const { client, username } = await reader();
    const day = addDays(todayInRome(), 8);
    for (let i = 0; i < 20; i++) expect((await dayRead(client, day)).status).toBe(200);
    // No flush asked: the buffer's own timer writes it (so kill -9 loses at most the last second).
    await new Promise((resolve) => setTimeout(resolve, ACCESS_FLUSH_MS + 500));
    expect((await logRowsOf(username)).map((r) => r.conteggio)).toEqual([20]);
    for (let i = 0; i < 5; i++) expect((await dayRead(client, day)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, ACCESS_FLUSH_MS + 500));
    expect((await logRowsOf(username)).map((r) => r.conteggio)).toEqual([25]);
  });

  it('lets the database change a row only to count more reads', async () => {
    const { client, username } = await reader();
    expect((await dayRead(client, addDays(todayInRome(), 9))).status).toBe(200);
    await ctx.app.accessLog!.flush();
    const [row] = await logRowsOf(username);
    const refused = [
      sql`update access_log set conteggio = conteggio + 1, ultima = now(), username = 'altro' where id = ${row.id}`,
      sql`update access_log set conteggio = 0, ultima = now() where id = ${row.id}`,
      sql`update access_log set conteggio = conteggio + 1, ultima = at - interval '1 minute' where id = ${row.id}`,
      sql`update access_log set day = day + 1 where id = ${row.id}`,
    ];
    for (const statement of refused) await expect(ctx.database.db.execute(statement)).rejects.toThrow();
    await ctx.database.db.execute(sql`update access_log set conteggio = conteggio + 2, ultima = now() where id = ${row.id}`);
    expect((await logRowsOf(username)).map((r) => r.conteggio)).toEqual([3]);
  });

  describe('marking an abusive account', () => {
    it("marks the account's rows up to now in 'Accessi a' and the registro, deletes nothing, and records who did it", async () => {
      const day = addDays(todayInRome(), 10);
      await addActivity(
        ctx.database.db,
        { name: 'Logopedia', roomId: centre.logopedia.id, day, start: '11:00', end: '12:00' },
        { patients: [centre.lucia.id] },
      );
      const abuser = await reader();
      expect((await dayRead(abuser.client, day)).status).toBe(200);
      expect((await dayRead(admin, day)).status).toBe(200);
      await ctx.app.accessLog!.flush();
      const before = await logRowsOf(abuser.username);

      // Refused: not an administrator, an account that does not exist, a bad reason. Nothing written.
      const refusedViewer = await abuser.client.post('/server/registro/segnala', { ID: abuser.id });
      expect(refusedViewer.status).toBe(403);
      const unknown = await admin.post('/server/registro/segnala', { ID: 999_999 });
      expect(unknown.status).toBe(404);
      expect(errorOf(unknown.body)).toBe(AUDIT_MSG.markAccountNotFound);
      const tooLong = await admin.post('/server/registro/segnala', { ID: abuser.id, motivo: 'x'.repeat(201) });
      expect(tooLong.status).toBe(400);
      expect(errorOf(tooLong.body)).toBe(AUDIT_MSG.markMotiveInvalid);
      const marks = async () =>
        (await admin.get<{ items: AuditRow[] }>(`/server/registro?azione=account.segnala`)).body.items.filter((r) =>
          r.frase.includes(abuser.username),
        );
      expect(await marks()).toEqual([]);

      const marked = await admin.post<{ ok: boolean; operazione: number; fino: string }>('/server/registro/segnala', {
        ID: abuser.id,
        motivo: 'letture a raffica',
      });
      expect(marked.status).toBe(200);
      // A later read of the same account is not covered by the mark.
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await dayRead(abuser.client, addDays(day, 1))).status).toBe(200);
      await ctx.app.accessLog!.flush();

      const accessi = await admin.get<{ items: AccessRow[] }>(`/server/registro/accessi?paziente=${centre.lucia.id}`);
      const onDay = accessi.body.items.filter((r) => r.giorno === day);
      expect(onDay.find((r) => r.utente === abuser.username)).toMatchObject({ segnalata: true });
      expect(onDay.find((r) => r.utente === ADMIN.username)).toMatchObject({ segnalata: false });

      const registro = await admin.get<{ items: AuditRow[] }>(`/server/registro?utente=${abuser.id}`);
      const signIn = registro.body.items.find((r) => r.azione === 'accesso.riuscito');
      expect(signIn).toMatchObject({ segnalata: true });
      const [mark] = await marks();
      expect(mark).toMatchObject({
        ID: marked.body.operazione,
        utente: ADMIN.username,
        azione: 'account.segnala',
        segnalata: false,
        frase: `Righe dell’account ${abuser.username} segnalate come abuso fino a questo momento (motivo: letture a raffica)`,
      });
      // Nothing deleted or changed; the read after the mark is a row of its own, not marked.
      const after = await logRowsOf(abuser.username);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after).toHaveLength(before.length + 1);
    });
  });
});
