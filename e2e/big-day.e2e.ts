/**
 * The bench's big day (20 rooms × 15 times, client/features/calendar/progressive-rows.ts): its first painted frame
 * holds only the rows that fill the window, and shows in the table's box exactly what the finished table shows there.
 */
import { describe, expect, test } from 'vitest';
import type { Db } from '../server/db/client.ts';
import { BENCH_ADMIN, buildSyntheticCentre, buildWideDay } from '../bench/synthetic-centre.ts';
import { newPage, serverAndBrowser, VIEWPORTS } from './harness.ts';
import { expectNoPageErrors, signIn } from './helpers.ts';

const WIDE_DAY = '2026-11-10';

const e2e = serverAndBrowser(async (db: Db) => {
  // Its rooms, people and accounts, with a Sunday for history (no activities): the big day is the only one planned.
  await buildSyntheticCentre(db, '2026-11-08', '2026-11-08');
  await buildWideDay(db, WIDE_DAY);
  return { admin: BENCH_ADMIN };
});

/** Every cell of the table that the table's box shows, by row and column index, with its place and size on the page. */
interface Seen {
  rows: number;
  cells: Record<string, string>;
}

/**
 * Records what the box shows when the calendar takes its "giornata:paint" measure (in the task after the first frame
 * with the day; client/features/calendar/paint-timing.ts) and again at "giornata:paint-complete". A script of the page's
 * own, before the app's code: the Content Security Policy forbids eval, not the DevTools protocol's scripts.
 */
const RECORDER = `
  (() => {
    const seen = (window.__seen = {});
    const look = () => {
      const box = document.querySelector('.day-table-scroll').getBoundingClientRect();
      const cells = {};
      document.querySelectorAll('.day-table tr').forEach((tr, r) => {
        Array.from(tr.children).forEach((cell, c) => {
          const b = cell.getBoundingClientRect();
          if (b.right <= box.left || b.left >= box.right || b.bottom <= box.top || b.top >= box.bottom) return;
          cells[r + ':' + c] = [b.x, b.y, b.width, b.height].map((n) => Math.round(n * 2) / 2).join(' ') + ' ' + cell.textContent.length;
        });
      });
      return { rows: document.querySelectorAll('.day-table tbody tr').length, cells };
    };
    const measure = performance.measure.bind(performance);
    performance.measure = (name, ...rest) => {
      if (name === 'giornata:paint') seen.first = look();
      if (name === 'giornata:paint-complete') seen.complete = look();
      return measure(name, ...rest);
    };
  })();`;

describe('a big day', () => {
  test.each([['laptop', VIEWPORTS.laptop] as const, ['large screen', { width: 1920, height: 1080 }] as const])(
    'on a %s, paints the rows that fill its box first, exactly as the finished table shows them, then the rest',
    async (_name, viewport) => {
      const { context, page, errors } = await newPage(e2e.browser, viewport);
      await context.addInitScript({ content: RECORDER });
      await signIn(page, e2e.server.url, e2e.server.centre.admin, WIDE_DAY);
      // Load the day again: the first load after signing in may have shown another day first.
      await page.goto(`${e2e.server.url}/calendario?data=${WIDE_DAY}`);
      const seen = (await (
        await page.waitForFunction(() => {
          const s = (window as unknown as { __seen: { first?: Seen; complete?: Seen } }).__seen;
          return s.first && s.complete ? s : null;
        })
      ).jsonValue()) as { first: Seen; complete: Seen };
      // 14 half-hours from 08:00 (15 times): 14 rows, every one of them in the table in the end.
      expect(seen.complete.rows).toBe(14);
      expect(await page.locator('.day-table tbody tr').count()).toBe(14);
      expect(await page.locator('.day-table .activity-card').count()).toBe(20 * 14);
      // The first frame held a part of the rows only…
      expect(seen.first.rows).toBeLessThan(14);
      // …and what the box showed then is what it shows now: the same cells, in the same places, of the same sizes.
      expect(Object.keys(seen.first.cells).length).toBeGreaterThan(20);
      expect(seen.first.cells).toEqual(seen.complete.cells);
      expectNoPageErrors(errors);
      await context.close();
    },
  );
});
