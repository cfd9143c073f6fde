import { Link, useLocation } from 'react-router';
import { paths } from '../../common/paths.ts';

/**
 * The error screen (docs/product.md, Schermate), in Italian: an unknown address says so ("Pagina non trovata"); any
 * other failure says that something went wrong, with the technical details folded away for whoever gives support.
 * Either way a way back. (SPEC's "Unexpected Application Error!" is React Router's English default: the departure is
 * written in docs/product.md.)
 */
export function ErrorScreen({ error, notFound = false }: { error?: unknown; notFound?: boolean }) {
  const { pathname } = useLocation();
  let detail = '';
  let stack: string | undefined;
  if (!notFound) {
    if (error instanceof Error) {
      detail = error.message;
      stack = error.stack;
    } else {
      detail = String(error);
    }
    console.error(error);
  }
  return (
    <main className="container py-5 error-screen">
      <div className="card shadow-sm border-danger-subtle">
        <div className="card-body p-4">
          <h1 className="h2 text-danger">{notFound ? 'Pagina non trovata' : 'Si è verificato un errore imprevisto'}</h1>
          <h2 className="h5 fw-normal">
            {notFound ? `Errore 404: l’indirizzo ${pathname.slice(0, 80)} non corrisponde a nessuna pagina di Giornata.` : detail}
          </h2>
          {!notFound && <p className="mb-0">Ricarica la pagina; se l’errore si ripete, avvisa chi gestisce Giornata.</p>}
          {stack && (
            <details className="mt-3">
              <summary>Dettagli tecnici</summary>
              <pre className="bg-light border rounded p-3 small mt-2 mb-0 error-stack">{stack}</pre>
            </details>
          )}
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Link className="btn btn-primary" to={paths.home}>
              Torna alla pagina iniziale
            </Link>
            {!notFound && (
              <button type="button" className="btn btn-outline-secondary" onClick={() => window.location.reload()}>
                Ricarica la pagina
              </button>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}
