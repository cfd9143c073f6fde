import { describe, expect, it } from 'vitest';
import { HASH_CONCURRENCY, hashForUnknownUser, hashPassword, hashingStats, needsRehash, verifyPassword } from './passwords.ts';
import { legacyScryptHash } from '../test/legacy-hash.ts';

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane) and verifies", async () => {
    const stored = await hashPassword('una password lunga');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword('una password lunga', stored)).toBe(true);
    expect(await verifyPassword('un’altra', stored)).toBe(false);
  });

  it('still verifies a hash of the first versions (scrypt N=2^14) and asks for it to be replaced', async () => {
    const stored = legacyScryptHash('vecchia password');
    expect(await verifyPassword('vecchia password', stored)).toBe(true);
    expect(await verifyPassword('sbagliata', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    for (const stored of ['', 'scrypt$', 'scrypt$x$8$1$a$b', '$argon2id$rotto', 'md5$abc'])
      expect(await verifyPassword('qualcosa', stored)).toBe(false);
  });

  it('verifies an unknown user against a hash of the same cost', async () => {
    expect(await hashForUnknownUser()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it(`runs at most ${HASH_CONCURRENCY} hashes at once, however many are asked for`, async () => {
    const stored = await hashPassword('burst');
    hashingStats.peakConcurrent = 0;
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => verifyPassword(i % 2 ? 'burst' : 'no', stored)));
    expect(results.filter(Boolean)).toHaveLength(12);
    expect(hashingStats.peakConcurrent).toBe(HASH_CONCURRENCY);
  });
});
