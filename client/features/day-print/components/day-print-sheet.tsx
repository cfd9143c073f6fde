import { useEffect, useState } from 'react';
import { untilLoaded } from '../../../lib/lazy-chunk.ts';
import { usePrinting } from '../use-printing.ts';
import type { PrintSheetProps } from './print-sheet.tsx';
import '../day-print.css';

type SheetModule = typeof import('./print-sheet.tsx');

const loadSheet = untilLoaded(() => import('./print-sheet.tsx'));
/** Once fetched, the sheet's code stays for every later day and print of the page. */
let sheetModule: SheetModule | undefined;

/** After the calendar has painted, when the browser is idle (Safari has no requestIdleCallback: a second later). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 1_000);
  return () => clearTimeout(timer);
}

/**
 * What the browser's own print of /calendario gives (Ctrl+P): the same sheet as Stampa giornata's PDF, rendered only
 * while printing; the print style sheet hides the top bar, the toolbars and the on-screen grid (day-print.css).
 *
 * The sheet's code is not part of the calendar's first visit (docs/decisions/0036-first-visit-budget.md): it is fetched
 * once the page is idle after the day has painted, so that a print, which lays the pages out right after beforeprint,
 * finds it already there and renders it in the same task. A print asked for before it came fetches it at once (and
 * shows it as soon as it is there: an emulated print, or the next one).
 */
export function DayPrintSheet(props: PrintSheetProps) {
  const printing = usePrinting();
  const [sheet, setSheet] = useState(() => sheetModule);
  useEffect(() => {
    if (sheet) return;
    let live = true;
    const fetchSheet = () =>
      void loadSheet().then((module) => {
        sheetModule = module;
        if (live) setSheet(() => module);
      });
    if (printing) fetchSheet();
    const cancel = printing ? undefined : whenIdle(fetchSheet);
    return () => {
      live = false;
      cancel?.();
    };
  }, [sheet, printing]);
  if (!printing || !sheet) return null;
  return <sheet.PrintSheet {...props} />;
}
