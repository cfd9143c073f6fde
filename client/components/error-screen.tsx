import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../common/paths.ts';

/** The error screen (docs/product.md, Schermate), in the app's style: "Unexpected Application Error!", then the status and text, or the message and stack. */
export function ErrorScreen({ error: given }: { error?: unknown }) {
  const routeError = useRouteError();
  const error = given ?? routeError;
  let detail: string;
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText}`;
  } else if (error instanceof Error) {
    detail = error.message;
    stack = error.stack;
  } else {
    detail = String(error);
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="container py-5 error-screen">
      <div className="card shadow-sm border-danger-subtle">
        <div className="card-body p-4">
          <h1 className="h2 text-danger">Unexpected Application Error!</h1>
          <h2 className="h4 fw-normal">{detail}</h2>
          {stack && <pre className="bg-light border rounded p-3 small mt-3 mb-3 error-stack">{stack}</pre>}
          <Link className="btn btn-primary mt-3" to={paths.home}>
            Torna alla pagina iniziale
          </Link>
        </div>
      </div>
    </main>
  );
}
