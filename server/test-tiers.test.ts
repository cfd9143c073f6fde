/**
 * The fast tier stays fast (docs/decisions/0026-test-tiers.md): a server test
 * file that starts or kills processes belongs to SLOW_TESTS in
 * vitest.config.ts, and every file that list names exists, so a moved file
 * cannot slip into the fast tier unnoticed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOW_TESTS } from '../vitest.config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(rel);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

const NAMED = SLOW_TESTS.filter((p) => !p.includes('*'));
const isSlow = (file: string) => file.endsWith('.slow.test.ts') || NAMED.includes(file);
/** What only a slow file does: start a process (the server, a CLI) or run the killable database. */
const SPAWNS = /from ['"]node:child_process['"]|test\/server-process\.ts['"]|test\/killable-database\.ts['"]/;

describe('test tiers', () => {
  it('names only files that exist in SLOW_TESTS', () => {
    expect(NAMED.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it('keeps every test file that starts a process out of the fast tier', () => {
    const spawning = [...testFiles('server'), ...testFiles('common')].filter(
      (file) => !isSlow(file) && SPAWNS.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(spawning, 'add these to SLOW_TESTS in vitest.config.ts').toEqual([]);
  });
});
