/**
 * The layers are kept by the linter (eslint/layers.js, docs/architecture.md): common/ imports
 * neither side, the server never imports the web app's code nor the web app the server's, and
 * inside the server imports go down only, features → lib → db. This runs the project's own
 * ESLint configuration (what `npm run lint` runs) on probe files written as the code writes
 * its imports, without writing them into the tree.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'giornata/layers';
const eslint = new ESLint({ cwd: root });

/** Every error of `code` linted as if it were the file `file`, as `rule: message`. */
async function lintErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const layerErrors = async (file: string, code: string) => (await lintErrors(file, code)).filter((e) => e.startsWith(`${RULE}:`));

/** A probe that imports each of `imports` (name, path) and uses them. */
const probe = (...imports: [string, string][]) =>
  [
    ...imports.map(([name, from]) => `import { ${name} } from '${from}';`),
    `export const used = [${imports.map(([n]) => n).join(', ')}];`,
    '',
  ].join('\n');

describe('layers (ESLint)', () => {
  it('refuses a server file importing the web app', async () => {
    const errors = await layerErrors('server/probe.ts', probe(['paths', '../client/lib/api-client.ts']));
    expect(errors).toEqual([`${RULE}: server/ never imports client/: move what both need into common/.`]);
  });

  it('refuses server/db importing a server feature, and server/lib', async () => {
    const errors = await layerErrors(
      'server/db/probe.ts',
      probe(['listRooms', '../features/calendar/reads.ts'], ['notFound', '../lib/http-error.ts']),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/server\/db does not import server\/features\/calendar\/reads\.ts: the server imports downwards only/);
    expect(errors[1]).toMatch(/server\/db does not import server\/lib\/http-error\.ts/);
  });

  it('refuses server/lib importing a feature, and a feature importing the app', async () => {
    expect(await layerErrors('server/lib/probe.ts', probe(['LiveHub', '../features/live/hub.ts']))).toHaveLength(1);
    expect(await layerErrors('server/features/calendar/probe.ts', probe(['buildApp', '../../app.ts']))).toHaveLength(1);
  });

  it('refuses common/ importing either side, a type import included', async () => {
    const errors = await layerErrors(
      'common/probe.ts',
      "import type { Db } from '../server/db/client.ts';\nimport { paths } from '../client/lib/api-client.ts';\nexport type T = Db;\nexport const used = paths;\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/common\/ is shared by both sides and imports neither/);
  });

  it('refuses the web app importing the server, from a feature folder', async () => {
    const errors = await layerErrors(
      'client/features/calendar/components/probe.tsx',
      probe(['MSG', '../../../../server/lib/http-error.ts']),
    );
    expect(errors).toEqual([`${RULE}: client/ never imports server/: move what both need into common/.`]);
  });

  it('lets every layer import its own, those below and common/: no error of any rule', async () => {
    const legal: [string, string][] = [
      ['server/db/probe.ts', probe(['lockDays', './locks.ts'], ['PRESENZE_MSG', '../../common/presenze.ts'])],
      ['server/lib/probe.ts', probe(['refuseViolations', '../db/queries.ts'], ['hashPassword', './passwords.ts'])],
      [
        'server/features/calendar/probe.ts',
        probe(
          ['readDay', './reads.ts'],
          ['notFound', '../../lib/http-error.ts'],
          ['lockDays', '../../db/locks.ts'],
          ['paths', '../../../common/paths.ts'],
        ),
      ],
      ['server/probe.ts', probe(['calendarRoutes', './features/calendar/routes.ts'], ['paths', '../common/paths.ts'])],
      ['client/features/calendar/components/probe.tsx', probe(['paths', '../../../../common/paths.ts'])],
      ['common/probe.ts', probe(['addDays', './dates.ts'])],
    ];
    for (const [file, code] of legal) expect({ file, errors: await lintErrors(file, code) }).toEqual({ file, errors: [] });
  });

  it('lets a server test build the app around what it tests', async () => {
    const errors = await lintErrors('server/db/probe.test.ts', probe(['buildApp', '../app.ts'], ['seedDemo', '../lib/seed-demo.ts']));
    expect(errors).toEqual([]);
  });
});
