/**
 * deploy/giornata.service is the unit the README tells an installer to copy: systemd itself
 * checks it (`systemd-analyze verify`, Debian's systemd package; .ci/run installs it), and the
 * hardening the README promises is in it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const UNIT = path.join(root, 'deploy/giornata.service');

/** On a developer's machine without systemd the check is skipped; in CI (.ci/run installs it) it always runs. */
const canVerify = process.env.CI === 'true' || ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].some((file) => fs.existsSync(file));

/** The unit's `Key=value` lines, every value of a key repeated. */
function settings(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) map.set(match[1], [...(map.get(match[1]) ?? []), match[2]]);
  }
  return map;
}

describe('deploy/giornata.service', () => {
  it.runIf(canVerify)('passes systemd-analyze verify', async () => {
    const { stdout, stderr } = await promisify(execFile)('systemd-analyze', ['verify', UNIT], {
      env: { ...process.env, SYSTEMD_LOG_COLOR: '0' },
    });
    // verify exits 0 with warnings too: the unit must give none.
    expect(`${stdout}${stderr}`.trim()).toBe('');
  });

  it('runs the server hardened, writing only the data and backup folders, restarted on failure', () => {
    const unit = settings(fs.readFileSync(UNIT, 'utf8'));
    expect(unit.get('NoNewPrivileges')).toEqual(['yes']);
    expect(unit.get('ProtectSystem')).toEqual(['strict']);
    expect(unit.get('ReadWritePaths')?.join(' ').split(/\s+/).sort()).toEqual(['/var/backups/giornata', '/var/lib/giornata']);
    expect(unit.get('Restart')).toEqual(['on-failure']);
    expect(unit.get('ExecStart')).toEqual(['/usr/bin/node --import tsx server/main.ts']);
    const environment = unit.get('Environment') ?? [];
    expect(environment).toContain('DATA_DIR=/var/lib/giornata');
    expect(environment).toContain('BACKUP_DIR=/var/backups/giornata');
    expect(unit.get('User')).toEqual(['giornata']);
  });
});
