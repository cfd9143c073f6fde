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
export function ConflictNotes({ conflicts }: { conflicts?: CardConflict[] }) {
  if (!conflicts?.length) return null;
  return (
    <ul className="conflict-notes">
      {conflicts.map((c) => (
        <li key={`${c.tipo}-${c.persona ?? ''}-${c.ID}`}>
          <span className="visually-hidden">Conflitto: </span>
          {c.text}
        </li>
      ))}
    </ul>
  );
}
