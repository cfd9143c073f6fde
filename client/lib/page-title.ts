import { useEffect } from 'react';
import { A11Y_MSG } from '../../common/messages.ts';

/** "Calendario · lunedì 23 novembre 2026 · Giornata": the screen first, so a tab or a screen reader names it at once. */
export function pageTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.filter(Boolean), A11Y_MSG.appName].join(' · ');
}

/** Sets the browser tab's title for the screen shown (docs/product.md, Aspetto). */
export function usePageTitle(...parts: (string | null | undefined)[]) {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
