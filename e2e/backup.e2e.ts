/**
 * Backups by themselves (issue 33): the server starts at 10:00 in Rome on Wednesday 25 November 2026 with
 * BACKUP_TIME=02:30, takes the night's backup it missed, restores it into a scratch database to verify it; an
 * administrator sees it in Anagrafiche → Centro, verified, with its download, and no red note; a consultazione account
 * has no Anagrafiche, so no Backup panel. axe finds nothing serious in the tab.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WED } from './dates.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { E2E_ADMIN, E2E_VIEWER, seedE2eCentre } from './fixtures.ts';
import { E2E_DB_KIND, fixToday, launchBrowser, newPage, startServer, type RunningServer } from './harness.ts';
import { expectNoPageErrors, signIn } from './helpers.ts';

fixToday(WED);

describe('the Backup panel', () => {
  let server: RunningServer;
  let browser: Browser;
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-e2e-backups-'));
  beforeAll(async () => {
    server = await startServer(E2E_DB_KIND, seedE2eCentre, { BACKUP_TIME: '02:30', BACKUP_DIR: backupDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  test('shows an administrator last night’s backup, verified, with its download', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.url, E2E_ADMIN);
    const panel = page.getByRole('region', { name: 'Backup' });
    // The backup is written and verified (in a child process) while the server answers: reload until it is recorded.
    for (let attempt = 0; attempt < 60; attempt++) {
      await page.goto(`${server.url}/anagrafiche?scheda=centro`);
      await panel.getByText('Backup conservati').waitFor();
      if ((await panel.getByText(/^Verificato:/).count()) > 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    await expect.poll(() => panel.getByText(/^Verificato: ripristinato in un database di prova, [\d.]+ righe$/).count()).toBe(1);
    expect(await panel.getByText(/^25-11-2026 10:\d\d, \d+ kB$/).count()).toBe(1);
    expect(await panel.getByRole('alert').count()).toBe(0);
    const link = panel.getByRole('link', { name: 'Scarica l’ultimo backup (giornata-2026-11-25T0230.json.gz)' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('giornata-2026-11-25T0230.json.gz');
    expect(fs.readdirSync(backupDir)).toEqual(['giornata-2026-11-25T0230.json.gz']);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expectNoPageErrors(errors);
    await context.close();
  });

  test('is not there for a consultazione account', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.url, E2E_VIEWER);
    await page.goto(`${server.url}/anagrafiche?scheda=centro`);
    await page.waitForURL(/\/calendario/);
    expect(await page.getByRole('region', { name: 'Backup' }).count()).toBe(0);
    const answer = await page.evaluate(async () => (await fetch('/server/backup/stato')).status);
    expect(answer).toBe(403);
    await context.close();
  });
});
