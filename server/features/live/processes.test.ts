/**
 * Two real server processes on one PostgreSQL (README, "Più processi"): a
 * write through one reaches a stream held by the other, and a session ended
 * on one ends its stream on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCentre } from '../../test/fixtures.ts';
import { ADMIN, VIEWER, createAccounts, openTestDatabase } from '../../test/harness.ts';
import { signInOverHttp, spawnServer, type ServerProcess } from '../../test/server-process.ts';
import { openEventStream, type EventStreamReader } from './event-stream-reader.ts';

const MON = '2026-11-23';

describe('live events across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const streams: EventStreamReader[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await createAccounts(database);
    const env = { DATABASE_URL: database.url! };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  });

  it('delivers a write made through process A to a stream held on process B', async () => {
    const centre = await seedCentre(database.db);
    const writer = await signInOverHttp(a.url, ADMIN);
    const watcher = await signInOverHttp(b.url, VIEWER);
    const onB = await openEventStream(b.url, { cookie: watcher.cookie });
    streams.push(onB);
    expect(onB.status).toBe(200);
    await onB.until(() => onB.comments.includes('connesso'));
    const res = await writer.call(
      '/server/calendario/createattivita',
      { nome: 'Coro', stanza: centre.palestra.id, giorno: 1, data: MON, orainizio: '14:00', orafine: '15:00', trasporto: -1 },
      'PUT',
    );
    expect(res.status).toBe(200);
    await onB.until(() => onB.messages.length > 0, 2000);
    expect(onB.data()).toEqual([{ tipo: 'giornata', data: MON }]);
  });

  it('ends the stream on process B when its session logs out through process A', async () => {
    const viewer = await signInOverHttp(a.url, VIEWER);
    const onB = await openEventStream(b.url, { cookie: viewer.cookie });
    streams.push(onB);
    expect(onB.status).toBe(200);
    await onB.until(() => onB.comments.includes('connesso'));
    expect((await viewer.call('/server/user/logout', {})).status).toBe(200);
    await onB.until(() => onB.ended, 2000);
  });
});
