import { useSearchParams } from 'react-router';

/**
 * The page's search parameters, and a function that sets some of them in place (null removes one):
 * a screen whose tab, day or filter lives in the URL changes it without a new history entry.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}
