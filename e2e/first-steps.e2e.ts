/**
 * A centre with nothing in it yet (a fresh PostgreSQL database with only its accounts): the calendar shows "Primi
 * passi" instead of an empty grid, each step a link to its Anagrafiche tab for an administrator.
 */
import { describe, expect, test } from 'vitest';
import type { Db } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { E2E_ADMIN, E2E_VIEWER } from './fixtures.ts';
import { newPage, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { expectNoPageErrors, signIn } from './helpers.ts';

async function seedAccountsOnly(db: Db) {
  await db.insert(users).values([
    { username: E2E_ADMIN.username, passwordHash: await hashPassword(E2E_ADMIN.password), admin: 1 },
    { username: E2E_VIEWER.username, passwordHash: await hashPassword(E2E_VIEWER.password), admin: 0 },
  ]);
  return {};
}

const e2e = serverAndBrowser(seedAccountsOnly);

describe('an empty centre', () => {
  test('the administrator sees Primi passi, each step opening its Anagrafiche tab', async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.laptop);
    await signIn(page, e2e.server.url, E2E_ADMIN);
    const steps = page.getByRole('region', { name: 'Primi passi' });
    await steps.waitFor();
    expect(await steps.getByRole('link').allInnerTexts()).toEqual(['Le stanze', 'Gli operatori', 'Gli utenti', 'Gli account']);
    expect(await page.locator('.day-table, .day-list').count()).toBe(0);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await steps.getByRole('link', { name: 'Le stanze' }).click();
    await page.waitForURL(/\/anagrafiche\?scheda=stanze/);
    await page.getByRole('tab', { name: 'Stanze', selected: true }).waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });

  test('a reader is told who sets the centre up, with no links she cannot follow', async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.phone);
    await signIn(page, e2e.server.url, E2E_VIEWER);
    const steps = page.getByRole('region', { name: 'Primi passi' });
    await steps.getByText('li inserisce un amministratore in Anagrafiche').waitFor();
    expect(await steps.getByRole('link').count()).toBe(0);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expectNoPageErrors(errors);
    await context.close();
  });
});
