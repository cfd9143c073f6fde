import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PersonSearchDialog } from '../../../components/person-search-dialog.tsx';
import type { PersonKind, PersonMatch } from '../../../lib/people-search.ts';
import { rememberPersonName } from '../person-names.ts';

const WHO: Record<PersonKind, string> = { paziente: 'l’utente', terapista: 'l’operatore' };

interface Props {
  kinds: readonly PersonKind[];
  /** Under the dialog's title: what the choice is for. */
  context: string;
  onChoose: (kind: PersonKind, id: number) => void;
  /** "Cambia…" once someone is chosen (the tab with one kind only). */
  changing?: boolean;
}

/** Scegli l’utente… / Scegli l’operatore…: the shared search dialog, choosing rather than adding; focus returns to the button. */
export function PersonChoice({ kinds, context, onChoose, changing = false }: Props) {
  const [choosing, setChoosing] = useState<PersonKind | null>(null);
  const buttons = useRef<Partial<Record<PersonKind, HTMLButtonElement | null>>>({});
  return (
    <>
      {kinds.map((kind) => (
        <Button
          key={kind}
          ref={(el: HTMLButtonElement | null) => {
            buttons.current[kind] = el;
          }}
          variant="outline-primary"
          size="sm"
          className="text-nowrap"
          onClick={() => setChoosing(kind)}
        >
          {changing ? 'Cambia…' : `Scegli ${WHO[kind]}…`}
        </Button>
      ))}
      {choosing && (
        <PersonSearchDialog
          kind={choosing}
          context={context}
          title={`Scegli ${WHO[choosing]}`}
          actionLabel="Scegli"
          busy={false}
          onAdd={(match: PersonMatch) => {
            rememberPersonName(choosing, match.ID, match.label);
            onChoose(choosing, match.ID);
            return Promise.resolve(true);
          }}
          onClose={() => {
            const kind = choosing;
            setChoosing(null);
            // Back on the button that opened the search (after the dialog's own focus handling).
            setTimeout(() => buttons.current[kind]?.focus(), 0);
          }}
        />
      )}
    </>
  );
}
