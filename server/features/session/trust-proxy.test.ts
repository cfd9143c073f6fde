/**
 * Behind a reverse proxy the sign-in limit counts the address the proxy saw,
 * never one a client wrote at the left of X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { MAX_ADDRESS_FAILURES } from './rate-limit.ts';
import { TEST_SESSION_TIMES, TestClient, VIEWER, describeOnBothDatabases } from '../../test/harness.ts';

const PROXY = '127.0.0.1';
const CLIENT = '198.51.100.7';

describeOnBothDatabases('sign-in limit behind a proxy', (ctx) => {
  const settings: [string, number | string[]][] = [
    ['a hop count of 1', 1],
    ["the proxy's address", [PROXY, '10.0.0.0/8']],
  ];

  for (const [label, trustProxy] of settings) {
    describe(`TRUST_PROXY as ${label}`, () => {
      let app: App;
      beforeAll(async () => {
        app = await buildApp({ database: ctx.database, config: { cookieSecure: false, ...TEST_SESSION_TIMES, trustProxy } });
      });
      afterAll(async () => {
        await app?.close();
      });

      /** A sign-in through the proxy, which appends the address it saw to whatever the client sent. */
      const throughProxy = (client: TestClient, username: string, pass: string, forwardedFor: string) =>
        client.request('POST', '/server/user/login', { username, pass }, { 'x-forwarded-for': forwardedFor });

      it('counts the address the proxy saw, whatever the client forged before it', async () => {
        const client = new TestClient(app);
        client.remoteAddress = PROXY;
        await client.get('/server/health');
        const answers = await Promise.all(
          Array.from({ length: MAX_ADDRESS_FAILURES }, (_, i) =>
            throughProxy(client, `sconosciuto${i}`, 'sbagliata', `203.0.113.${i % 250}, ${CLIENT}`),
          ),
        );
        expect(answers.every((a) => a.status === 401)).toBe(true);
        // A new forged address on the left changes nothing: the client's address is locked.
        expect((await throughProxy(client, VIEWER.username, VIEWER.password, `192.0.2.1, ${CLIENT}`)).status).toBe(429);
        expect((await throughProxy(client, VIEWER.username, VIEWER.password, CLIENT)).status).toBe(429);
        // Another client behind the same proxy signs in.
        expect((await throughProxy(client, VIEWER.username, VIEWER.password, '198.51.100.8')).status).toBe(200);
      });
    });
  }
});
