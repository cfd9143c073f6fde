import { describe, expect, it } from 'vitest';
import { addressAllowed, bearerMatches } from './metrics-access.ts';

describe('metrics access', () => {
  it('matches addresses, blocks and named ranges, IPv4 written as IPv6 included', () => {
    const allowed = addressAllowed(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8']);
    for (const ok of ['127.0.0.1', '::ffff:127.0.0.1', '::1', '10.200.3.4', '::ffff:10.0.0.1', 'fd12::5'])
      expect(allowed(ok), ok).toBe(true);
    for (const no of ['127.0.0.2', '11.0.0.1', '::2', 'fe80::1', '', undefined, 'nonsense']) expect(allowed(no), String(no)).toBe(false);
    const loopback = addressAllowed(['loopback']);
    expect([loopback('127.9.9.9'), loopback('::1'), loopback('192.168.1.1')]).toEqual([true, true, false]);
    expect(addressAllowed([])('127.0.0.1')).toBe(false);
  });

  it('takes the bearer token only whole, in any case of the word Bearer', () => {
    const token = 'x'.repeat(40);
    expect(bearerMatches(token, `Bearer ${token}`)).toBe(true);
    expect(bearerMatches(token, `bearer  ${token} `)).toBe(true);
    for (const header of [`Bearer ${token}y`, `Bearer ${token.slice(1)}`, token, `Basic ${token}`, 'Bearer', undefined])
      expect(bearerMatches(token, header), String(header)).toBe(false);
    expect(bearerMatches(null, `Bearer ${token}`)).toBe(false);
  });
});
