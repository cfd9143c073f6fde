/**
 * The database of a test that kills its server process (kill -9 or SIGTERM) and looks at what is left: PGlite in a data
 * folder, opened by the test only while no server holds it (PGlite has no process lock), or a fresh PostgreSQL database.
 * One per describe block; removed after it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { openPglite, type Database, type DbKind } from '../db/client.ts';
import { openTestDatabase } from './harness.ts';

export function killableDatabase(kind: DbKind, prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  let pgDatabase: (Database & { url?: string }) | undefined;
  afterAll(async () => {
    await pgDatabase?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    /** Makes the PostgreSQL database (inside the test, so its time counts there); nothing to do for PGlite. */
    async create() {
      if (kind === 'postgres') pgDatabase = await openTestDatabase('postgres');
    },
    /** The environment of a server process on this database. */
    env: () => (kind === 'pglite' ? { DATA_DIR: dataDir, DATABASE_URL: '' } : { DATA_DIR: dataDir, DATABASE_URL: pgDatabase!.url! }),
    /** Runs fn on the database; the embedded folder is opened for it and closed after. */
    async withDb<T>(fn: (d: Database) => Promise<T>): Promise<T> {
      if (kind === 'postgres') return fn(pgDatabase!);
      const d = await openPglite(dataDir);
      try {
        return await fn(d);
      } finally {
        await d.close();
      }
    },
  };
}
