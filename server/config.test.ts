import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig, readTls, trustProxyOption } from './config.ts';
import { selfSignedCertificate } from './test/self-signed.ts';

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is off unless set', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('takes a number of proxies in front of the server', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
  });

  it("takes the proxies' addresses and CIDR blocks, v4 and v6", () => {
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it("refuses 'true' at start-up, saying why and what to write instead", () => {
    expect(() => trustProxy('true')).toThrow(ConfigError);
    expect(() => trustProxy('true')).toThrow(
      /TRUST_PROXY: 'true' non è più accettato.*X-Forwarded-For.*es\. 1.*127\.0\.0\.1,10\.0\.0\.0\/8/,
    );
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', '1.5', '-1', 'proxy.example'])('refuses %s with a clear message', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: atteso un numero di proxy/);
  });

  it('turns a hop count into a trust that believes exactly that many hops, nearest first', () => {
    const trust = trustProxyOption(1);
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect(fn('127.0.0.1', 0)).toBe(true);
    expect(fn('203.0.113.9', 1)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(trustProxyOption(false)).toBe(false);
  });
});

describe('AUDIT_RETENTION_DAYS', () => {
  const retention = (value: string | undefined) => loadConfig({ AUDIT_RETENTION_DAYS: value }).auditRetentionDays;

  it('keeps the registro ten years unless set, and takes any whole number of days from 730', () => {
    expect(retention(undefined)).toBe(3650);
    expect(retention('730')).toBe(730);
    expect(retention('5000')).toBe(5000);
  });

  it.each(['729', '365', '0', '-1'])('refuses %s at start-up, saying the registro is kept at least 24 months', (value) => {
    expect(() => retention(value)).toThrow(ConfigError);
    expect(() => retention(value)).toThrow(/AUDIT_RETENTION_DAYS: il registro va conservato almeno 730 giorni \(24 mesi\)/);
  });

  it.each(['dieci anni', '1000.5'])('refuses %s as not a number of days', (value) => {
    expect(() => retention(value)).toThrow(/AUDIT_RETENTION_DAYS: atteso un numero intero di giorni/);
  });
});

describe('TLS_CERT, TLS_KEY and HTTP_REDIRECT_PORT', () => {
  it('serve HTTPS with both files, and make cookies Secure', () => {
    const config = loadConfig({ TLS_CERT: 'cert.pem', TLS_KEY: 'key.pem', HTTP_REDIRECT_PORT: '80' });
    expect(config.tls).toEqual({ certFile: path.resolve('cert.pem'), keyFile: path.resolve('key.pem') });
    expect(config.httpRedirectPort).toBe(80);
    expect(config.cookieSecure).toBe(true);
    expect(loadConfig({}).tls).toBeNull();
    expect(loadConfig({}).cookieSecure).toBe(false);
  });

  it.each([
    [{ TLS_CERT: 'cert.pem' }, /TLS_KEY: TLS_CERT e TLS_KEY vanno indicati insieme/],
    [{ TLS_KEY: 'key.pem' }, /TLS_CERT: TLS_CERT e TLS_KEY vanno indicati insieme/],
    [{ HTTP_REDIRECT_PORT: '80' }, /HTTP_REDIRECT_PORT: serve solo con HTTPS/],
    [{ TLS_CERT: 'c', TLS_KEY: 'k', HTTP_REDIRECT_PORT: 'ottanta' }, /HTTP_REDIRECT_PORT: atteso un numero di porta/],
    [{ TLS_CERT: 'c', TLS_KEY: 'k', PORT: '8443', HTTP_REDIRECT_PORT: '8443' }, /HTTP_REDIRECT_PORT: deve essere diversa da PORT/],
  ])('refuse %j at start-up with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('stop the start when a file cannot be read or the key is not the certificate’s', () => {
    const one = selfSignedCertificate();
    const other = selfSignedCertificate();
    try {
      expect(readTls({ certFile: one.certFile, keyFile: one.keyFile }).cert).toContain('BEGIN CERTIFICATE');
      expect(() => readTls({ certFile: path.join(one.dir, 'nessuno.pem'), keyFile: one.keyFile })).toThrow(
        /TLS_CERT: file non leggibile \(.*nessuno\.pem\): ENOENT/,
      );
      expect(() => readTls({ certFile: one.certFile, keyFile: other.keyFile })).toThrow(
        /TLS_CERT, TLS_KEY: non sono un certificato PEM e la sua chiave privata/,
      );
    } finally {
      fs.rmSync(one.dir, { recursive: true, force: true });
      fs.rmSync(other.dir, { recursive: true, force: true });
    }
  });

  it('tell loopback addresses from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'centro.local', 'fd00::1']) expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('CALLS_PER_MINUTE', () => {
  const calls = (value: string | undefined) => loadConfig({ CALLS_PER_MINUTE: value }).callsPerMinute;

  it('lets each account make 600 calls a minute unless set, and takes any whole number from 60', () => {
    expect(calls(undefined)).toBe(600);
    expect(calls('60')).toBe(60);
    expect(calls('5000')).toBe(5000);
  });

  it.each(['59', '0', '-1', 'molti', '1.5'])('refuses %s at start-up', (value) => {
    expect(() => calls(value)).toThrow(ConfigError);
    expect(() => calls(value)).toThrow(/CALLS_PER_MINUTE: atteso un numero intero di chiamate al minuto/);
  });
});

describe('the daily backup (BACKUP_TIME, BACKUP_DIR, BACKUP_KEEP)', () => {
  it('is at 02:30 into DATA_DIR/backups on the embedded database, keeping 14', () => {
    expect(loadConfig({ DATA_DIR: '/srv/giornata' }).backup).toEqual({ time: '02:30', dir: '/srv/giornata/backups', keep: 14 });
  });

  it('is off with BACKUP_TIME=off, and on PostgreSQL unless BACKUP_DIR is set', () => {
    expect(loadConfig({ BACKUP_TIME: 'off' }).backup.time).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://db/giornata' }).backup.dir).toBeNull();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/giornata', BACKUP_DIR: '/var/backups/giornata', BACKUP_TIME: '23:05' }).backup,
    ).toEqual({
      time: '23:05',
      dir: '/var/backups/giornata',
      keep: 14,
    });
  });

  it('refuses a time that is not HH:MM and a count below 1, in Italian', () => {
    expect(() => loadConfig({ BACKUP_TIME: '2:30' })).toThrow(/BACKUP_TIME: atteso un orario HH:MM \(es\. 02:30\) oppure off/);
    expect(() => loadConfig({ BACKUP_TIME: '24:00' })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: atteso un numero intero di backup, almeno 1/);
    expect(loadConfig({ BACKUP_KEEP: '30' }).backup.keep).toBe(30);
  });
});

describe('METRICS_ALLOW and METRICS_TOKEN', () => {
  const metrics = (env: NodeJS.ProcessEnv) => loadConfig(env).metrics;

  it('open the metrics to loopback only, without a token, unless set', () => {
    expect(metrics({})).toEqual({ allow: ['127.0.0.1', '::1'], token: null });
    expect(metrics({ METRICS_ALLOW: '', METRICS_TOKEN: '' })).toEqual({ allow: ['127.0.0.1', '::1'], token: null });
  });

  it('take addresses and CIDR blocks, v4 and v6, or none', () => {
    expect(metrics({ METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8,fd00::/8,loopback' }).allow).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    expect(metrics({ METRICS_ALLOW: 'none' }).allow).toEqual([]);
  });

  it.each(['tutti', '10.0.0.0/33', '300.1.1.1', 'prometheus.example', '127.0.0.1,,::1'])(
    'refuse METRICS_ALLOW=%s with a clear message',
    (value) => {
      expect(() => metrics({ METRICS_ALLOW: value })).toThrow(ConfigError);
      expect(() => metrics({ METRICS_ALLOW: value })).toThrow(/METRICS_ALLOW: attesi indirizzi e blocchi CIDR separati da virgole/);
    },
  );

  it('take a token of at least 32 characters without spaces, and refuse a shorter one', () => {
    const token = 'b'.repeat(16) + '0123456789abcdef';
    expect(metrics({ METRICS_TOKEN: token }).token).toBe(token);
    for (const bad of ['corto', 'a'.repeat(31), `${'a'.repeat(20)} ${'b'.repeat(20)}`])
      expect(() => metrics({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN: atteso un token di almeno 32 caratteri, senza spazi/);
  });
});
