/**
 * Password hashing: argon2id with OWASP's recommended parameters (19 MiB of
 * memory, 2 passes, 1 lane), from a package that ships its binary for each
 * platform, so nothing is compiled at install. Hashes written before it
 * (`scrypt$16384$…`) still verify, and the sign-in replaces them
 * (needsRehash). At most HASH_CONCURRENCY hashes run at once, whoever asks:
 * a burst of sign-ins waits its turn instead of taking all memory and CPU.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { passwordProblem } from '../../common/passwords.ts';
import { badRequest } from './http-error.ts';
import { limitConcurrency } from './limit-concurrency.ts';

/** Algorithm.Argon2id: the package's enum is a const enum, which isolated modules cannot read as a value. */
const ARGON2ID = 2 as Algorithm.Argon2id;
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

/** How many hashes (new or verified) may run at the same time in this process. */
export const HASH_CONCURRENCY = 2;

/** What this process has done, for tests that count the verifications a burst reached. */
export const hashingStats = { verifications: 0, hashes: 0, peakConcurrent: 0 };

const limited = limitConcurrency(HASH_CONCURRENCY, (running) => {
  hashingStats.peakConcurrent = Math.max(hashingStats.peakConcurrent, running);
});

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

export function hashPassword(password: string): Promise<string> {
  return limited(() => {
    hashingStats.hashes++;
    return argon2Hash(password, ARGON2_PARAMS);
  });
}

/** The format of the first versions, kept readable until every account has signed in once. */
async function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltB64, keyB64] = stored.split('$');
  const N = Number(n);
  if (!saltB64 || !keyB64 || !Number.isInteger(N) || N < 2 || N > 2 ** 20) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r) + 16 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

function verifyStored(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) return argon2Verify(stored, password).catch(() => false);
  if (stored.startsWith('scrypt$')) return verifyLegacyScrypt(password, stored);
  return Promise.resolve(false);
}

/** Each (stored hash, password) pair's answer, once rememberVerifications() has been called: the tests only. */
let remembered: Map<string, Promise<boolean>> | undefined;

/**
 * For the test harness (server/test/harness.ts), never the server: a test file signs the same two accounts in before
 * each of its tests, and each sign-in verified the same hash against the same password at the production cost again,
 * about a sixth of the fast tier's time. The answer of a pair cannot change (the hash holds its salt and parameters),
 * so it is computed once per process; the verification still takes its turn and is counted in hashingStats.
 */
export function rememberVerifications(): void {
  remembered ??= new Map();
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return limited(async () => {
    hashingStats.verifications++;
    if (remembered === undefined) return verifyStored(password, stored);
    const key = `${stored}\u0000${password}`;
    let answer = remembered.get(key);
    if (answer === undefined) {
      answer = verifyStored(password, stored);
      remembered.set(key, answer);
    }
    return answer;
  });
}

/** Whether a stored hash was made with other parameters than today's, and should be replaced once its password is known. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

/** A hash of nothing, verified against when the username is unknown so both answers take the same time. */
let dummyHash: Promise<string> | undefined;
export function hashForUnknownUser(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}

/**
 * The rule of new passwords (common/passwords.ts) with the account's own username, where the body's schema could not
 * know it (an administrator's reset, one's own change): 400 with the rule's message.
 */
export function requireStrongPassword(password: string, username: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw badRequest(problem);
}
