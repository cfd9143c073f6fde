/**
 * Files that hold the centre's data (the embedded database, backups, the
 * demo accounts' passwords) are this user's alone: folders 0700, files 0600.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Files created from now on by this process are private (server and every command-line tool call this first). */
export function privateUmask() {
  process.umask(0o077);
}

/** What Giornata keeps in its data folder: the rest of a folder a centre chose is left alone. */
const OWN_ENTRIES = ['pgdata', 'giornata.lock', 'demo-accounts.txt', 'backups'];

/** Takes away group's and others' rights from one entry; true when it had any. */
function restrict(entry: string, stat: fs.Stats): boolean {
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) === 0) return false;
  fs.chmodSync(entry, mode & 0o700);
  return true;
}

function restrictTree(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(entry);
  } catch {
    return 0; // not there (yet)
  }
  if (stat.isSymbolicLink()) return 0;
  let fixed = restrict(entry, stat) ? 1 : 0;
  if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) fixed += restrictTree(path.join(entry, name));
  return fixed;
}

/**
 * Makes the data folder and what Giornata keeps in it readable by this user
 * only; answers how many folders and files were open to others.
 */
export function makeDataDirPrivate(dataDir: string): number {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let fixed = restrict(dataDir, fs.statSync(dataDir)) ? 1 : 0;
  for (const name of OWN_ENTRIES) fixed += restrictTree(path.join(dataDir, name));
  return fixed;
}

/** Writes a file readable by this user only, also when it existed with looser modes. */
export function writePrivateFile(file: string, data: string | Uint8Array) {
  const fd = fs.openSync(file, 'w', 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    fs.writeFileSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
}
