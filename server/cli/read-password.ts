/**
 * A new password for a command-line tool, never from its arguments: on a
 * terminal it is typed without echo, twice; from a pipe or a file it is the
 * first line of standard input.
 */
import readline from 'node:readline/promises';
import { Writable } from 'node:stream';
import { CliError } from './open-for-cli.ts';

/** One line typed on the terminal, shown as nothing. The prompt goes to standard error, so standard output stays the tool's. */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  const aborted = new Promise<never>((_, reject) => rl.once('SIGINT', () => reject(new CliError('Annullato'))));
  try {
    const answer = rl.question(question);
    muted = true; // after the prompt is written, before anything is typed
    return await Promise.race([answer, aborted]);
  } finally {
    muted = false;
    process.stderr.write('\n');
    rl.close();
  }
}

/** The first line of standard input (without its line ending), or null when it is empty. */
async function firstLineOfInput(): Promise<string | null> {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    for await (const line of rl) return line;
    return null;
  } finally {
    rl.close();
    process.stdin.destroy();
  }
}

export async function readNewPassword(question: string): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await askHidden(question);
    const second = await askHidden('Ripeti la password: ');
    if (first !== second) throw new CliError('Le due password non coincidono: nulla è cambiato.');
    return first;
  }
  const line = await firstLineOfInput();
  if (line === null) {
    throw new CliError(
      'Nessuna password sullo standard input. Lancia il comando da un terminale per scriverla, oppure: printf \'%s\\n\' "$PW" | npm run users -- …',
    );
  }
  return line;
}
