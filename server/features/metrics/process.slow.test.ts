/**
 * The real server process, over a real socket: with no setting a scraper on this computer reads the
 * metrics (the address judged is the socket's, and without TRUST_PROXY an X-Forwarded-For changes
 * nothing), and /server/ready answers once the server listens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../../test/server-process.ts';

describe('metrics and readiness of the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-metrics-'));
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answer readiness, and the metrics to a scraper on this computer with no setting', async () => {
    const ready = await fetch(`${server.url}/server/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'pronto', database: 'pglite' }]);
    const res = await fetch(`${server.url}/server/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^giornata_http_request_duration_seconds_count\{method="GET",route="\/server\/ready",status="200"\} 1$/m);
    expect(text).toMatch(/^giornata_db_pool_connections\{state="total"\} 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});
