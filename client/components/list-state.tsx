import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '../lib/api-client.ts';

interface Props {
  /** Read with the spinner: "Caricamento appello", "Caricamento uscite". */
  label: string;
  /** The read the list shows (a TanStack query): loading, or failed with the server's message. */
  query: { isPending: boolean; error: unknown };
  empty: boolean;
  emptyText: string;
}

/** What a list shows instead of rows: loading, the server's error, or that there is nothing. */
export function ListState({ label, query, empty, emptyText }: Props) {
  if (query.isPending)
    return (
      <div className="text-center py-4">
        <Spinner role="status" aria-label={`Caricamento ${label}`} />
      </div>
    );
  if (query.error) return <Alert variant="danger">{errorMessage(query.error)}</Alert>;
  if (empty) return <p className="text-muted py-3 mb-0">{emptyText}</p>;
  return null;
}
