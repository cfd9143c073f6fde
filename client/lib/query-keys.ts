/**
 * The roots of the cache keys that more than one feature reads or invalidates
 * (features do not import each other, so the shared keys live here once).
 */
export const QUERY_KEYS = {
  rooms: ['stanze'],
  day: ['giornata'],
  week: ['settimana'],
  search: ['cerca'],
} as const;
