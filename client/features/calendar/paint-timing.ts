/**
 * User Timing marks for the benchmark (npm run bench): "giornata:data" when
 * the day's answer arrives, and the measure "giornata:paint" from there to the
 * first frame painted after the table rendered it. Free when nobody reads them.
 */
import { useEffect, useLayoutEffect } from 'react';

export const DATA_MARK = 'giornata:data';
export const PAINT_MEASURE = 'giornata:paint';
/** From the data to the table's DOM in the page (React's work; the rest of the paint is the browser's style and layout). */
export const RENDER_MEASURE = 'giornata:render';

export function markDayDataArrived() {
  performance.mark(DATA_MARK);
}

/** Call from the component that renders the day: measures once per arrival of data. */
export function useDayPaintMeasure(dependency: unknown) {
  useLayoutEffect(() => {
    if (performance.getEntriesByName(DATA_MARK, 'mark').length === 0) return;
    performance.clearMeasures(RENDER_MEASURE);
    performance.measure(RENDER_MEASURE, DATA_MARK);
  }, [dependency]);
  useEffect(() => {
    const marks = performance.getEntriesByName(DATA_MARK, 'mark');
    if (marks.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this commit is painted before the task queued from requestAnimationFrame runs.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        performance.clearMeasures(PAINT_MEASURE);
        performance.measure(PAINT_MEASURE, DATA_MARK);
        performance.clearMarks(DATA_MARK);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [dependency]);
}
