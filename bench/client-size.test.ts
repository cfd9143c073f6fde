import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithManifest, describe as describeSizes, FIRST_VISIT_BUDGETS, firstVisitSizes, type RouteSize } from './client-size.ts';

/**
 * The bytes of each route's first visit against its budget (docs/decisions/0036-first-visit-budget.md): a production
 * build of the web app into a temporary folder, then its manifest. Bytes, not time: the same tree gives the same
 * figures on any machine, so a change that adds 20 KB to the calendar's first visit fails `npm test`.
 */
let outDir: string;
let sizes: RouteSize[];

beforeAll(async () => {
  outDir = await buildWithManifest();
  sizes = firstVisitSizes(outDir);
  console.log(describeSizes(sizes));
}, 180_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

describe('first visit of each route, gzipped', () => {
  for (const budget of FIRST_VISIT_BUDGETS) {
    it(`${budget.route}: JavaScript ≤ ${budget.jsKb} KB and CSS ≤ ${budget.cssKb} KB`, () => {
      const size = sizes.find((s) => s.route === budget.route)!;
      expect(size.jsKb, `${budget.route} JavaScript KB`).toBeLessThanOrEqual(budget.jsKb);
      expect(size.cssKb, `${budget.route} CSS KB`).toBeLessThanOrEqual(budget.cssKb);
    });
  }

  it('the calendar paints without the PDF libraries, the month calendar or zod', () => {
    const calendar = sizes.find((s) => s.route === '/calendario')!;
    expect(calendar.files.filter((f) => /jspdf|autotable|html2canvas|purify|date-popover/i.test(f))).toEqual([]);
    // zod's chunk is named after one of its modules; what matters is that none of its code is in the files.
    const withZod = calendar.files.filter((f) => f.endsWith('.js') && /ZodError|\$ZodType/.test(fs.readFileSync(`${outDir}/${f}`, 'utf8')));
    expect(withZod).toEqual([]);
  });
});
