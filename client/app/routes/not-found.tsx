import { data } from 'react-router';

/** Any path the app does not know: the error screen with "Pagina non trovata" (404). */
export function notFoundLoader(): never {
  throw data(null, { status: 404, statusText: 'Pagina non trovata' });
}
