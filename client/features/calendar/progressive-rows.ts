/**
 * A big day's table is put in the page in chunks: the rows that fill the table's box first, painted in their own frame,
 * then half as many after each painted frame, none of them a long task (over 50 ms). Each chunk is laid out in the
 * task that puts it in, so the frame after it only paints. The browser's style and layout of a 20-room day costs about
 * 8 µs an element the first time: its ~7,400 elements in one piece were the long task of its paint, and a window's
 * height of rows (~2,500 elements) still was, 50–95 ms a frame on these machines
 * (docs/decisions/0043-paint-and-precompressed-assets.md, docs/performance.md).
 */
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { DayGrid, PlacedItem } from './day-grid.ts';

/** Under this many cells (rows × columns) the whole table goes in at once: it paints in one short task. */
export const PROGRESSIVE_MIN_CELLS = 150;

/*
 * Rough heights in px, on the low side: a chunk ends once its rows would fill the target height, so a low guess
 * only puts a row or two more in it; the rows it shows never leave part of the table's box empty.
 */
const ROW_PX = 36;
const CARD_PX = 64;
const PERSON_PX = 24;

const itemPx = (item: PlacedItem) =>
  item.kind === 'activity' ? CARD_PX + PERSON_PX * (item.activity.Pazienti.length + item.activity.Terapisti.length) : CARD_PX;

/** Each row's guessed height: its tallest cell, a cell spanning rows shared among them. */
export function rowHeights(grid: DayGrid): number[] {
  return grid.rows.map((row) => {
    let px = ROW_PX;
    for (const cell of row.cells) {
      if (cell.kind !== 'activities') continue;
      px = Math.max(px, cell.items.reduce((sum, item) => sum + itemPx(item), 0) / cell.rowSpan);
    }
    return px;
  });
}

/** The end (exclusive) of the chunk of rows that starts at `from` and fills `targetPx`; at least one row. */
export function chunkEnd(heights: number[], from: number, targetPx: number): number {
  let end = from;
  let px = 0;
  while (end < heights.length && px < targetPx) px += heights[end++];
  return Math.max(end, Math.min(from + 1, heights.length));
}

const windowHeight = () => (typeof window === 'undefined' ? 800 : window.innerHeight);
/**
 * The least a desktop puts above the table's box (the app's bar, the day's title and its toolbar: 234 px at 1366 × 768
 * with no conflict banner): what is left of the window is about what the box shows of the rows.
 */
const ABOVE_TABLE_PX = 200;

/**
 * Each chunk's target height, for a window `windowPx` tall: the first fills what the table's box shows (the rows of a
 * whole window were twice as many, and their style and layout a long task); each later one half of that, so that its
 * layout and the paint of its frame each stay short.
 */
export const chunkTargetPx = (windowPx: number, first: boolean) => Math.max(ROW_PX, windowPx - ABOVE_TABLE_PX) / (first ? 1 : 2);

/**
 * How many of the grid's rows the table shows: all of a small day; of a big one the rows that fill the table's box,
 * then half as many again after each painted frame. Each chunk is laid out in the task that puts it in (read back from
 * `box`), so the frame after it only paints. Once every row is shown, a new grid of the same mounted table (a write
 * read again) shows all its rows at once: only the first paint of a day is in chunks, no row ever disappears.
 */
export function useProgressiveRows(grid: DayGrid, box: RefObject<HTMLElement | null>): { shown: number; complete: boolean } {
  const heights = useMemo(() => rowHeights(grid), [grid]);
  const [shown, setShown] = useState(() =>
    grid.rows.length * grid.columns.length >= PROGRESSIVE_MIN_CELLS ? chunkEnd(heights, 0, chunkTargetPx(windowHeight(), true)) : Infinity,
  );
  const chunked = useRef(shown !== Infinity);
  const complete = shown >= grid.rows.length;
  useLayoutEffect(() => {
    // Reading a size lays the new rows out now, in this task, instead of in the frame that paints them.
    if (chunked.current) void box.current?.offsetHeight;
    if (shown === Infinity) chunked.current = false;
  }, [shown, box]);
  useEffect(() => {
    if (complete) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that paints the rows shown so far; in React's background lane, so rendering them yields too.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() =>
        startTransition(() =>
          setShown((n) => {
            const next = chunkEnd(heights, n, chunkTargetPx(windowHeight(), false));
            return next >= heights.length ? Infinity : next;
          }),
        ),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [complete, shown, heights]);
  return { shown: Math.min(shown, grid.rows.length), complete };
}
