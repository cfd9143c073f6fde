import { data } from 'react-router';

/** Any path the app does not know: the error screen with 404 Not Found. */
export function notFoundLoader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}
