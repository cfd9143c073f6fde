/** Density: the demo centre's Monday at 1366×768 shows the morning on the first screen; many rooms keep times and runs in view. */
import { describe, expect, test } from 'vitest';
import type { Db } from '../server/db/client.ts';
import { seedDemo } from '../server/lib/seed-demo.ts';
import { MON } from './dates.ts';
import { newPage, readmeScreenshot, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { callServer, expectNoPageErrors, openDay, signIn } from './helpers.ts';

// The demo centre, seeded for the week of MON (its accounts' passwords come back from the seed).
const e2e = serverAndBrowser((db: Db) => seedDemo(db, MON));

describe('density at 1366×768', () => {
  test("the demo's Monday shows the first 09:00 activity whole above the fold, without scrolling", async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.laptop);
    await signIn(page, e2e.server.url, e2e.server.centre.admin, MON);
    const first = page.locator('.activity-card:not(.transport-card)').filter({ hasText: '09:00–' }).first();
    await first.waitFor();
    const box = await first.boundingBox();
    const scrolled = await page.evaluate(() => [window.scrollY, document.querySelector('.day-table-scroll')!.scrollTop]);
    expect(scrolled).toEqual([0, 0]);
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y + box!.height).toBeLessThan(VIEWPORTS.laptop.height);
    // The grid reaches the window's bottom edge.
    const grid = await page.locator('.day-table-scroll').boundingBox();
    expect(grid!.y + grid!.height).toBeGreaterThan(VIEWPORTS.laptop.height - 40);
    await readmeScreenshot(page, 'calendario-1366x768');
    expectNoPageErrors(errors);
    await context.close();
  });

  test('with eight rooms or more, the time column and Attività esterne stay in view while scrolling sideways', async () => {
    const { context, page, errors } = await newPage(e2e.browser, VIEWPORTS.laptop);
    await signIn(page, e2e.server.url, e2e.server.centre.admin, MON);
    for (const name of ['Sala Blu', 'Sala Verde', 'Orto']) {
      expect((await callServer(page, 'PUT', '/server/anagrafiche/stanze', { Nome: name })).status).toBe(200);
    }
    await openDay(page, e2e.server.url, MON);
    expect(await page.locator('.day-table thead th').count()).toBe(1 + 9 + 1);
    const scroller = page.locator('.day-table-scroll');
    const before = await scroller.boundingBox();
    await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const time = await page.getByRole('columnheader', { name: 'Ora' }).boundingBox();
    const external = await page.getByRole('columnheader', { name: 'Attività esterne' }).boundingBox();
    expect(time!.x).toBeGreaterThanOrEqual(before!.x);
    expect(time!.x).toBeLessThan(before!.x + 5);
    expect(external!.x + external!.width).toBeLessThanOrEqual(before!.x + before!.width);
    // Scrolled back to the start, Attività esterne is still at the right edge, not beyond it.
    await scroller.evaluate((el) => (el.scrollLeft = 0));
    const externalAtStart = await page.getByRole('columnheader', { name: 'Attività esterne' }).boundingBox();
    expect(externalAtStart!.x + externalAtStart!.width).toBeLessThanOrEqual(before!.x + before!.width);
    expectNoPageErrors(errors);
    await context.close();
  });
});
