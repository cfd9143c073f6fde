/** The real server process: start-up, demo centre, private data folder, data folder lock, crash and graceful stop. */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './test/self-signed.ts';
import { signInOverHttp, spawnServer } from './test/server-process.ts';
import { looseEntries } from './test/loose-entries.ts';

/** A port nobody listens on now (the redirect's: the server takes it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** node with tsx's loader, as `npm start` runs the server (one process, not tsx's CLI and its child). */
const TSX = ['--import', 'tsx'];
const run = promisify(execFile);

const LOOSE_MODES_LINE = 'the data folder was open to other local users';

describe('the server process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-main-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the demo centre once, holds the data folder, survives kill -9 and stops gracefully', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' });
    // Its output is a pipe (a service's log), not a terminal: the passwords go to a private file, the output says where.
    const file = path.join(dataDir, 'demo-accounts.txt');
    expect(first.output()).toContain(`Centro demo creato: gli account e le loro password sono in ${file}`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const accounts = fs.readFileSync(file, 'utf8');
    const password = /amministratore: admin \/ (\S+)/.exec(accounts)?.[1];
    const viewerPassword = /consultazione \(sola lettura\): lettura \/ (\S+)/.exec(accounts)?.[1];
    expect(password).toBeDefined();
    expect(viewerPassword).toBeDefined();
    expect(first.output()).not.toContain(password!);
    expect(first.output()).not.toContain(viewerPassword!);
    expect((await fetch(`${first.url}/server/health`)).status).toBe(200);
    await signInOverHttp(first.url, { username: 'lettura', password: viewerPassword! });
    // The file and the output say it ends with the administrator's first password of her own; so it does.
    const ends = 'questo file viene cancellato la prima volta che admin cambia la propria password';
    expect(first.output()).toContain(ends);
    expect(accounts).toContain(ends);
    const admin = await signInOverHttp(first.url, { username: 'admin', password: password! });
    expect(fs.existsSync(file)).toBe(true);
    const changed = await admin.call('/server/user/password', { attuale: password, nuova: 'girasole-del-centro-demo' });
    expect(changed.status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);

    // While the server runs, the users tool refuses the folder instead of losing its writes.
    const refused = await run(process.execPath, [...TSX, 'server/cli/users.ts', 'remove', 'admin'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('è in uso da un altro processo');

    // A crash leaves a stale lock; the next start takes it over and finds the data.
    await first.stop('SIGKILL');
    const second = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' });
    expect(second.output()).not.toContain('Centro demo creato');
    expect(fs.existsSync(file)).toBe(false);
    await signInOverHttp(second.url, { username: 'admin', password: 'girasole-del-centro-demo' });

    expect(await second.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'giornata.lock'))).toBe(false);
  });

  it("keeps the data folder its owner's alone, and closes a folder left open to others, saying so once", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-private-'));
    try {
      const first = await spawnServer({ DATA_DIR: folder, DATABASE_URL: '', SEED_DEMO: 'true' });
      expect(looseEntries(folder)).toEqual([]); // PGlite's initdb writes its files 0666
      expect(first.output()).not.toContain(LOOSE_MODES_LINE);
      expect(await first.stop('SIGTERM')).toBe(0);
      expect(looseEntries(folder)).toEqual([]);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(folder, 'pgdata', 'PG_VERSION')).mode & 0o777).toBe(0o600);

      // A folder as an older Giornata left it: every folder 0777, every file 0666.
      await run('chmod', ['-R', 'a+rwX', folder]);
      expect(looseEntries(folder).length).toBeGreaterThan(900);
      const second = await spawnServer({ DATA_DIR: folder, DATABASE_URL: '', SEED_DEMO: 'true' });
      expect(looseEntries(folder)).toEqual([]);
      const lines = second
        .output()
        .split('\n')
        .filter((line) => line.includes(LOOSE_MODES_LINE));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ level: 40, dataDir: folder });
      expect(await second.stop('SIGTERM')).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('prints the demo passwords on a terminal, once, and writes no file', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-tty-'));
    try {
      // util-linux `script` runs the server on a pseudo-terminal; Ctrl-C typed on it stops the server.
      // `exec` leaves no shell in between: dash, as /bin/sh, would itself die of the Ctrl-C (exit 130).
      const command = `exec '${process.execPath}' --import tsx server/main.ts`;
      const env = {
        ...process.env,
        DATA_DIR: folder,
        DATABASE_URL: '',
        SEED_DEMO: 'true',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        BACKUP_TIME: 'off',
        SHELL: '/bin/sh',
      };
      const child = spawn('script', ['-qefc', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      let screen = '';
      const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          screen += chunk.toString();
          if (/pronta su http/.test(screen)) resolve();
        });
        void exited.then(() => reject(new Error(`the server exited: ${screen}`)));
      });
      child.stdin.write('\u0003');
      expect(await exited).toBe(0);
      expect(screen).toMatch(/amministratore: admin \/ \S+/);
      expect(screen).toMatch(/consultazione \(sola lettura\): lettura \/ \S+/);
      expect(fs.existsSync(path.join(folder, 'demo-accounts.txt'))).toBe(false);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('speaks HTTPS itself with TLS_CERT and TLS_KEY, redirects plain HTTP, and warns on every plain start off loopback', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-https-'));
    const certificate = selfSignedCertificate();
    const CLEAR = 'password e sessioni viaggiano in chiaro';
    try {
      const redirectPort = await freePort();
      const secure = await spawnServer({
        DATA_DIR: folder,
        DATABASE_URL: '',
        HOST: '0.0.0.0',
        TLS_CERT: certificate.certFile,
        TLS_KEY: certificate.keyFile,
        HTTP_REDIRECT_PORT: String(redirectPort),
      });
      expect(secure.url).toMatch(/^https:\/\/localhost:\d+$/);
      expect(secure.output()).not.toContain(CLEAR);
      const redirected = await fetch(`http://127.0.0.1:${redirectPort}/calendario`, { redirect: 'manual' });
      expect(redirected.status).toBe(301);
      expect(redirected.headers.get('location')).toBe(`https://127.0.0.1:${new URL(secure.url).port}/calendario`);
      expect(await secure.stop('SIGTERM')).toBe(0);

      // Plain HTTP on every address: said at each start, not once.
      for (let start = 0; start < 2; start++) {
        const plain = await spawnServer({ DATA_DIR: folder, DATABASE_URL: '', HOST: '0.0.0.0' });
        expect(plain.url).toMatch(/^http:\/\//);
        expect(plain.output()).toContain(`Attenzione: Giornata ascolta su 0.0.0.0 in HTTP semplice, senza TLS: ${CLEAR}`);
        expect(await plain.stop('SIGTERM')).toBe(0);
      }
      const local = await spawnServer({ DATA_DIR: folder, DATABASE_URL: '' });
      expect(local.output()).not.toContain(CLEAR);
      expect(await local.stop('SIGTERM')).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(certificate.dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad configuration with a clear message and a non-zero exit', async () => {
    const res = await run(process.execPath, [...TSX, 'server/main.ts'], {
      env: { ...process.env, PORT: 'ottanta', DATA_DIR: dataDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((res as { code: number }).code).toBe(1);
    expect((res as { stderr: string }).stderr).toMatch(/Configurazione non valida:\n {2}PORT/);
  });

  it('says clearly when the database cannot be opened', async () => {
    const res = await run(process.execPath, [...TSX, 'server/main.ts'], {
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nessuno', PORT: '0' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((res as { code: number }).code).toBe(1);
    expect((res as { stderr: string }).stderr).toContain(
      'Impossibile aprire o migrare il database postgres://postgres@127.0.0.1:1/nessuno',
    );
  });
});
