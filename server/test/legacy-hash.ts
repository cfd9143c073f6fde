/** A password hash as the first versions wrote it (scrypt, N=2^14), for the tests of the transparent rehash. */
import { randomBytes, scryptSync } from 'node:crypto';

export function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}
