// Runs independent npm scripts at once (type-check, lint, format check, unit tests share no
// state), prints each one's output whole when it ends, and fails if any of them failed.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: '0' } });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          process.stdout.write(`\n== ${command} (exit ${code})\n${output}`);
          resolve(code);
        });
      }),
  ),
);
const failed = commands.filter((_, i) => results[i] !== 0);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
