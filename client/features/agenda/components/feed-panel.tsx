import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { AGENDA_MSG } from '../../../../common/agenda.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFeedState, useMakeFeedLink, useRevokeFeedLink } from '../api/calendar-feed.ts';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    : null;

/**
 * Calendario sul telefono: the therapist's personal calendar link (docs/product.md, Schermate,
 * Agenda). The full URL is shown once, right after it is made: the server keeps only its hash.
 */
export function FeedPanel({ therapistId }: { therapistId: number }) {
  const state = useFeedState(therapistId, true);
  const make = useMakeFeedLink(therapistId);
  const revoke = useRevokeFeedLink(therapistId);
  const [url, setUrl] = useState<string | null>(null);
  const busy = make.isPending || revoke.isPending;
  const active = state.data?.attivo ?? false;

  const create = async () => {
    if (active && !window.confirm(AGENDA_MSG.confirmRegenerate)) return;
    try {
      const made = await make.mutateAsync();
      setUrl(new URL(made.url, window.location.origin).toString());
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const stop = async () => {
    if (!window.confirm(AGENDA_MSG.confirmRevoke)) return;
    try {
      await revoke.mutateAsync();
      setUrl(null);
      toast.success(AGENDA_MSG.icalRevoked);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card className="feed-panel mt-4" as="section" aria-labelledby="feed-title">
      <Card.Body>
        <h2 id="feed-title" className="h5">
          Calendario sul telefono
        </h2>
        <p className="small text-muted mb-2">
          Un link personale da aggiungere al calendario del telefono (Google Calendar, Calendario di iPhone): mostra le attività e le uscite
          da 30 giorni fa a 90 giorni avanti e si aggiorna da solo. Degli utenti dice solo quanti sono, o le iniziali se il centro lo ha
          scelto. Chi ha il link vede l&apos;agenda: non condividerlo. Il link smette di funzionare dopo 180 giorni senza uso, se cambiano
          la password o l&apos;account del terapista o di chi l&apos;ha creato, o se il terapista viene archiviato: basta crearne uno nuovo.
        </p>
        {state.isPending ? (
          <Spinner size="sm" role="status" aria-label="Caricamento del calendario sul telefono" />
        ) : state.isError ? (
          <Alert variant="warning" className="py-2 mb-2">
            {errorMessage(state.error)}
          </Alert>
        ) : (
          <p className="mb-2" data-testid="feed-state">
            {active ? (
              <>
                <strong>Attivo</strong>
                {state.data?.creato && <> · creato il {when(state.data.creato)}</>}
                {' · '}
                {state.data?.ultimouso ? <>ultimo uso il {when(state.data.ultimouso)}</> : 'mai usato finora'}
                {state.data?.scade && <> · scade il {when(state.data.scade)} se non viene usato</>}
              </>
            ) : (
              <strong>Non attivo</strong>
            )}
          </p>
        )}
        {url && (
          <Form.Group controlId="feed-url" className="mb-2">
            <Form.Label className="small mb-1">Copia questo indirizzo e aggiungilo come calendario “da URL” sul telefono:</Form.Label>
            <Form.Control readOnly value={url} onFocus={(e) => e.target.select()} />
          </Form.Group>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button variant={active ? 'outline-primary' : 'primary'} onClick={() => void create()} disabled={busy || state.isPending}>
            {make.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {active ? 'Rigenera link' : 'Crea link'}
          </Button>
          {active && (
            <Button variant="outline-danger" onClick={() => void stop()} disabled={busy}>
              Revoca
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
