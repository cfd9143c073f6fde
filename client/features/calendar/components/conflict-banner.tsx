import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { cardElementId, conflictsTopic, countConflicts, hasSentence, type ConflictEntry } from '../conflicts.ts';

const LIST_ID = 'elenco-conflitti';

/** Scrolls the card into view and moves the focus there (the cards take focus from script only). */
function goToCard(cardKey: string) {
  const card = document.getElementById(cardElementId(cardKey));
  if (!card) return;
  card.scrollIntoView({ block: 'center', inline: 'center' });
  card.focus({ preventScroll: true });
}

/**
 * "N conflitti" above the day's table, a live region so a conflict made or solved is announced; it
 * opens the list of who (or which room) is in two places, where and when, each place a link to its card.
 */
interface Props {
  entries: ConflictEntry[];
  /** Administrators only: "Togli dalle attività del giorno" beside each absent person. */
  onRemoveAbsent?: (entry: ConflictEntry) => void;
  /** Administrators only: "Chi può sostituire" beside an absent operatore, or one of the wrong profile or out of her hours. */
  onSubstitute?: (entry: ConflictEntry) => void;
  busy?: boolean;
}

/** Whether an entry offers Chi può sostituire: an operatore absent, of another profile, or outside her availability. */
export const offersSubstitute = (entry: ConflictEntry) =>
  (entry.tipo === 'assente' && entry.persona === 'terapista') || entry.tipo === 'profilo' || entry.tipo === 'disponibilita';

export function ConflictBanner({ entries, onRemoveAbsent, onSubstitute, busy }: Props) {
  const [open, setOpen] = useState(false);
  const count = entries.length;
  return (
    <div className={count > 0 ? 'conflict-banner' : undefined}>
      <div role="status" className="conflict-banner-text">
        {count > 0 && (
          <>
            <span className="conflict-icon" aria-hidden="true">
              ⚠
            </span>{' '}
            <strong>{countConflicts(count)}</strong> nella giornata: {conflictsTopic(entries)}
          </>
        )}
      </div>
      {count > 0 && (
        <>
          <Button
            variant="link"
            size="sm"
            className="conflict-toggle"
            aria-expanded={open}
            aria-controls={LIST_ID}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Nascondi elenco' : 'Mostra elenco'}
          </Button>
          {open && (
            <ul id={LIST_ID} className="conflict-list" aria-label="Elenco dei conflitti">
              {entries.map((entry) => (
                <li key={entry.key}>
                  {hasSentence(entry.tipo) ? (
                    <span className="conflict-who">{entry.testo ?? entry.nome}</span>
                  ) : (
                    <span className="conflict-who">{entry.nome}</span>
                  )}
                  {entry.tipo === 'assente' && <> assente ({entry.motivo ?? 'altro'}) ma in programma</>}:{' '}
                  {entry.places.map((place, i) => (
                    <span key={place.cardKey}>
                      {i > 0 && ', '}
                      <button
                        type="button"
                        className="conflict-place"
                        title="Mostra nel calendario"
                        onClick={() => goToCard(place.cardKey)}
                      >
                        {place.label}
                      </button>
                    </span>
                  ))}
                  {entry.tipo === 'assente' && onRemoveAbsent && (
                    <Button
                      variant="outline-danger"
                      size="sm"
                      className="ms-2 py-0"
                      disabled={busy}
                      aria-label={`Togli ${entry.nome} dalle attività del giorno`}
                      onClick={() => onRemoveAbsent(entry)}
                    >
                      Togli dalle attività del giorno
                    </Button>
                  )}
                  {onSubstitute && offersSubstitute(entry) && entry.places.some((p) => p.cardKey.startsWith('a')) && (
                    <Button
                      variant="outline-primary"
                      size="sm"
                      className="ms-2 py-0"
                      disabled={busy}
                      aria-label={`Chi può sostituire ${entry.nome}`}
                      onClick={() => onSubstitute(entry)}
                    >
                      Chi può sostituire
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
