/**
 * axe-core run inside the page, on the WCAG 2 A and AA rules (2.0 and 2.1). The app's Content-Security-Policy
 * refuses an added <script>, so axe's source is evaluated through the DevTools protocol (page.evaluate) instead.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The serious and critical violations of the page as it is now (the whole document: open modals and toasts included). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeRawViolation[] }> } }).axe;
    type AxeRawViolation = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] }[];
    };
    // A contrast failure names its colours, so the fix can be read from the report.
    const detail = (n: AxeRawViolation['nodes'][number]) => {
      const data = n.any[0]?.data;
      return data?.fgColor ? ` (${data.fgColor} su ${data.bgColor}, ${data.contrastRatio}:1)` : '';
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ') + detail(n)),
    }));
  }, WCAG_AA);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A short report of violations: one line per rule with its number of elements, then up to eight of their selectors. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id} (${v.targets.length}): ${v.help}\n    ${v.targets.slice(0, 8).join('\n    ')}`)
    .join('\n');
}
