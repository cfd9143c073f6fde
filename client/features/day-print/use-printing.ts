import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the browser prints (Ctrl+P, or print media emulated): the print-only sheet exists only then, so on
 * screen the page holds each name once (for screen readers, find-in-page and the tests' queries alike).
 * beforeprint renders synchronously, before the browser lays the pages out.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => window.matchMedia('print').matches);
  useEffect(() => {
    const query = window.matchMedia('print');
    const follow = () => setPrinting(query.matches);
    const before = () => flushSync(() => setPrinting(true));
    query.addEventListener('change', follow);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', follow);
    return () => {
      query.removeEventListener('change', follow);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', follow);
    };
  }, []);
  return printing;
}
