import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.ts';

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
