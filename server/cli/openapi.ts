/**
 * `npm run docs:openapi`: writes docs/openapi.json, the OpenAPI document of /server as the server
 * generates it from its routes' schemas (server/lib/openapi.ts). The app is built on an empty
 * database in memory: the document depends on the routes only, never on data or configuration.
 * server/openapi.test.ts fails while the committed file differs from what this writes.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { openPglite } from '../db/client.ts';
import { documentText } from '../lib/openapi.ts';

export const DOCUMENT_FILE = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

const database = await openPglite('memory://');
try {
  const app = await buildApp({ database, config: { cookieSecure: false, sessionIdleMs: 3_600_000, sessionMaxMs: 86_400_000 } });
  await app.ready();
  fs.writeFileSync(DOCUMENT_FILE, documentText(app.swagger()));
  await app.close();
  console.log(`Scritto ${DOCUMENT_FILE}`);
} finally {
  await database.close();
}
