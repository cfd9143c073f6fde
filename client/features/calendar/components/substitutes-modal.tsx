import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { Sostituto } from '../../../../common/progetti.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useUndoAction } from '../../../lib/undo.ts';
import { useSubstitute } from '../api/people-writes.ts';
import type { ConflictEntry, ConflictPlace } from '../conflicts.ts';

interface Props {
  day: string;
  /** The operatore's conflict: absent, of another profile, or outside her availability. */
  entry: ConflictEntry;
  onClose: () => void;
}

const activityIdOf = (place: ConflictPlace) => Number(place.cardKey.slice(1));

/**
 * Chi può sostituire (docs/product.md, Calendario): for each of her activities of the day, the operatori of the
 * required profile who are free then, best first, each with the server's reason; one click swaps her out and the
 * chosen one in, with Annulla in the toast.
 */
export function SubstitutesModal({ day, entry, onClose }: Props) {
  const activities = entry.places.filter((p) => p.cardKey.startsWith('a'));
  return (
    <Modal show onHide={onClose} aria-labelledby="sostituti-title">
      <Modal.Header closeButton closeLabel="Chiudi">
        <Modal.Title id="sostituti-title">Chi può sostituire {entry.nome}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {activities.map((place) => (
          <PlaceCandidates key={place.cardKey} day={day} place={place} terapista={entry.ID} nome={entry.nome} onDone={onClose} />
        ))}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Chiudi
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function PlaceCandidates({
  day,
  place,
  terapista,
  nome,
  onDone,
}: {
  day: string;
  place: ConflictPlace;
  terapista: number;
  nome: string;
  onDone: () => void;
}) {
  const attivita = activityIdOf(place);
  const candidates = useQuery({
    queryKey: ['sostituti', attivita, terapista],
    queryFn: () => api.post<Sostituto[]>('/progetti/sostituti', { attivita, terapista }),
    staleTime: 0,
  });
  const swap = useSubstitute(day);
  const undoAction = useUndoAction();
  const choose = async (s: Sostituto) => {
    const done = await withToasts(swap.mutateAsync({ attivita, terapista, sostituto: s.terapista }), {
      loading: 'Sostituisco…',
      success: `${s.nome} al posto di ${nome} in ${place.label}`,
      action: ({ operazione }) => (operazione ? undoAction(operazione, 'attivita') : undefined),
    });
    if (done) onDone();
  };
  const headingId = `sostituti-${attivita}`;
  return (
    <section aria-labelledby={headingId} className="mb-3">
      <h3 id={headingId} className="h6">
        {place.label}
      </h3>
      {candidates.isPending ? (
        <Spinner size="sm" role="status" aria-label={`Cerco chi può sostituire in ${place.label}`} />
      ) : candidates.isError ? (
        <p className="text-danger mb-0">{errorMessage(candidates.error)}</p>
      ) : candidates.data.length === 0 ? (
        <p className="text-muted mb-0">Nessun operatore del profilo richiesto è libero e disponibile in questo orario.</p>
      ) : (
        <ul className="list-unstyled mb-0 substitutes">
          {candidates.data.map((s) => (
            <li key={s.terapista} className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <span className="me-auto">
                <strong>{s.nome}</strong> <span className="text-muted small">— {s.motivo}</span>
              </span>
              <Button
                size="sm"
                variant="outline-primary"
                disabled={swap.isPending}
                onClick={() => void choose(s)}
                aria-label={`Metti ${s.nome} al posto di ${nome} in ${place.label}`}
              >
                Metti {s.nome}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
