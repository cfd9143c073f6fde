/**
 * A PostgreSQL database of a bench's own, beside DATABASE_URL's: created empty, dropped (with its connections) at the end.
 */
import pg from 'pg';

export interface ScratchPostgres {
  /** The database's connection string. */
  url: string;
  drop(): Promise<void>;
}

export async function scratchPostgres(prefix: string): Promise<ScratchPostgres> {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL.');
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
