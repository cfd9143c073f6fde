/**
 * User Timing marks for the benchmark (npm run bench): "giornata:data" when
 * the day's answer arrives, the measure "giornata:paint" from there to the
 * first frame painted after the table rendered it (of a big day, the rows that
 * fill the window: client/features/calendar/progressive-rows.ts), and
 * "giornata:paint-complete" to the frame that painted its last row. Free when
 * nobody reads them.
 */
import { useEffect, useLayoutEffect } from 'react';

export const DATA_MARK = 'giornata:data';
export const PAINT_MEASURE = 'giornata:paint';
/** From the data to the frame that painted every row of the day (the same frame as PAINT_MEASURE's for a small day). */
export const PAINT_COMPLETE_MEASURE = 'giornata:paint-complete';
/** From the data to the table's DOM in the page (React's work; the rest of the paint is the browser's style and layout). */
export const RENDER_MEASURE = 'giornata:render';

export function markDayDataArrived() {
  performance.mark(DATA_MARK);
}

/** The measure `name` from the data's mark, in the task after the next frame (painted by then). */
function afterNextFrame(name: string, clearMark: boolean) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The frame after this commit is painted before the task queued from requestAnimationFrame runs.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (performance.getEntriesByName(DATA_MARK, 'mark').length === 0) return;
      performance.clearMeasures(name);
      performance.measure(name, DATA_MARK);
      if (clearMark) performance.clearMarks(DATA_MARK);
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer) clearTimeout(timer);
  };
}

/** Call from the component that renders the day: measures once per arrival of data; `complete` once every row is in. */
export function useDayPaintMeasure(dependency: unknown, complete = true) {
  useLayoutEffect(() => {
    if (performance.getEntriesByName(DATA_MARK, 'mark').length === 0) return;
    performance.clearMeasures(RENDER_MEASURE);
    performance.measure(RENDER_MEASURE, DATA_MARK);
  }, [dependency]);
  useEffect(() => {
    if (performance.getEntriesByName(DATA_MARK, 'mark').length === 0) return;
    return afterNextFrame(PAINT_MEASURE, false);
  }, [dependency]);
  useEffect(() => {
    if (!complete || performance.getEntriesByName(DATA_MARK, 'mark').length === 0) return;
    // Queued after the paint measure's own (effects run in order): the mark is cleared once both are taken.
    return afterNextFrame(PAINT_COMPLETE_MEASURE, true);
  }, [dependency, complete]);
}
