import type { CardConflict } from '../conflicts.ts';

/** The warning sign of a card or a name in conflict (its words are in the card's notes). */
export function ConflictIcon() {
  return (
    <span className="conflict-icon me-1" aria-hidden="true">
      ⚠
    </span>
  );
}

/** One line per conflict of the card, read as "Conflitto: paola.neri anche in Logopedia 09:30–10:30". */
export function ConflictNotes({ conflicts, onSubstitute }: { conflicts?: CardConflict[]; onSubstitute?: (c: CardConflict) => void }) {
  if (!conflicts?.length) return null;
  return (
    <ul className="conflict-notes">
      {conflicts.map((c) => (
        <li key={`${c.tipo}-${c.persona ?? ''}-${c.ID}`}>
          <span className="visually-hidden">Conflitto: </span>
          {c.text}
          {onSubstitute && substitutable(c) && (
            <>
              {' '}
              <button type="button" className="conflict-substitute" onClick={() => onSubstitute(c)}>
                Chi può sostituire<span className="visually-hidden"> ({c.text})</span>
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** An operatore absent, of another profile or outside her availability: someone may stand in for her. */
const substitutable = (c: CardConflict) =>
  (c.tipo === 'assente' && c.persona === 'terapista') || c.tipo === 'profilo' || c.tipo === 'disponibilita';
