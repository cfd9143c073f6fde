import fs from 'node:fs';
import path from 'node:path';

/** Folders and files under `dir` (itself included) that other local users could read or enter. */
export function looseEntries(dir: string): string[] {
  const loose = (fs.statSync(dir).mode & 0o077) !== 0 ? [dir] : [];
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(dir, entry);
    if ((fs.lstatSync(full).mode & 0o077) !== 0) loose.push(full);
  }
  return loose;
}
