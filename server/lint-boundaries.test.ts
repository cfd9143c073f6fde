/**
 * The boundary between features is kept by the linter (eslint.config.js): a
 * file of one feature folder that imports from another feature folder fails
 * `npm run lint`, on the client and on the server alike. This runs the
 * project's own ESLint configuration on a few imports written as the code
 * writes them (relative paths with their .ts/.tsx ending).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'giornata/feature-boundaries';
const eslint = new ESLint({ cwd: root });

/** The messages of the boundary rule for `code` linted as if it were the file `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

/** A source file of a client feature, as a path relative to client/features/<feature>/components. */
function someClientFile(feature: string): string {
  const dir = path.join(root, 'client/features', feature);
  const file = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
  if (!file) throw new Error(`no source file in client/features/${feature}`);
  return `../../${feature}/${file.split(path.sep).join('/')}`;
}

describe('feature boundaries (ESLint)', () => {
  it('refuses a server feature importing another server feature', async () => {
    const errors = await boundaryErrors(
      'server/features/anagrafiche/x.ts',
      "import { listRooms } from '../calendar/reads.ts';\nexport const rooms = listRooms;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/A feature does not import another feature/);
  });

  it('refuses a re-export and a type import across server features too', async () => {
    const errors = await boundaryErrors(
      'server/features/people-search/x.ts',
      "export { listRooms } from '../calendar/reads.ts';\nimport type { SessionTimes } from '../session/store.ts';\nexport type T = SessionTimes;\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('refuses a client feature importing another client feature, from a nested folder', async () => {
    const target = someClientFile('calendar');
    const errors = await boundaryErrors(
      'client/features/anagrafiche/components/x.tsx',
      `import * as other from '${target}';\nexport const used = other;\n`,
    );
    expect(errors).toHaveLength(1);
  });

  it('lets a server feature import its own files, server/lib, server/db and common/', async () => {
    const errors = await boundaryErrors(
      'server/features/anagrafiche/x.ts',
      [
        "import { createRun } from './runs.ts';",
        "import { requireAdmin } from '../../lib/guards.ts';",
        "import { readRunsWithPeople } from '../../db/day-read.ts';",
        "import { MSG } from '../../../common/messages.ts';",
        'export const used = [createRun, requireAdmin, readRunsWithPeople, MSG];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('lets a client feature import its own files and client/lib', async () => {
    const own = someClientFile('anagrafiche').replace('../../anagrafiche/', '../');
    const errors = await boundaryErrors(
      'client/features/anagrafiche/components/x.tsx',
      `import * as own from '${own}';\nimport * as api from '../../../lib/api-client.ts';\nexport const used = [own, api];\n`,
    );
    expect(errors).toEqual([]);
  });

  it('lets server/app.ts import every feature', async () => {
    const errors = await boundaryErrors(
      'server/app.ts',
      "import { calendarRoutes } from './features/calendar/routes.ts';\nexport const used = calendarRoutes;\n",
    );
    expect(errors).toEqual([]);
  });
});
