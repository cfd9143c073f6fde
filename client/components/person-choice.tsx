import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { kindWithArticle } from '../../common/words.ts';
import type { PersonKind, PersonMatch } from '../lib/people-search.ts';
import { PersonSearchDialog } from './person-search-dialog.tsx';

interface ChoiceOptions {
  /** Under the dialog's title: what the choice is for. */
  context: (kind: PersonKind) => string;
  onChoose: (kind: PersonKind, person: PersonMatch) => void;
}

interface ButtonOptions {
  /** "Cambia…" once someone is chosen. */
  changing?: boolean;
  size?: 'sm';
  describedBy?: string;
}

/**
 * Scegli l’utente… / Scegli l’operatore…: the shared search dialog, choosing rather than adding (who is absent in
 * Presenze, whom a filter of the Registro is on). `button(kind)` draws the button that opens it and `dialog` the dialog
 * while it is open; `choosing` lets a form step aside meanwhile (two dialogs on top of each other read badly). Focus
 * goes back to the button once the dialog closes.
 */
export function usePersonChoice({ context, onChoose }: ChoiceOptions) {
  const [kind, setKind] = useState<PersonKind | null>(null);
  const buttons = useRef<Partial<Record<PersonKind, HTMLButtonElement | null>>>({});
  const button = (of: PersonKind, { changing = false, size, describedBy }: ButtonOptions = {}) => (
    <Button
      key={of}
      ref={(el: HTMLButtonElement | null) => {
        buttons.current[of] = el;
      }}
      variant="outline-primary"
      size={size}
      className="text-nowrap"
      onClick={() => setKind(of)}
      aria-describedby={describedBy}
    >
      {changing ? 'Cambia…' : `Scegli ${kindWithArticle(of)}…`}
    </Button>
  );
  const dialog = kind && (
    <PersonSearchDialog
      kind={kind}
      context={context(kind)}
      title={`Scegli ${kindWithArticle(kind)}`}
      actionLabel="Scegli"
      busy={false}
      onAdd={(match) => {
        onChoose(kind, match);
        return Promise.resolve(true);
      }}
      onClose={() => {
        setKind(null);
        // Back on the button that opened the search (after the dialog's own focus handling, once a form is back).
        setTimeout(() => buttons.current[kind]?.focus(), 0);
      }}
    />
  );
  return { choosing: kind !== null, button, dialog };
}

interface Props {
  kinds: readonly PersonKind[];
  context: string;
  onChoose: (kind: PersonKind, person: PersonMatch) => void;
  changing?: boolean;
}

/** A toolbar's choice of a person: one small button per kind, and the search dialog. */
export function PersonChoice({ kinds, context, onChoose, changing = false }: Props) {
  const choice = usePersonChoice({ context: () => context, onChoose });
  return (
    <>
      {kinds.map((kind) => choice.button(kind, { changing, size: 'sm' }))}
      {choice.dialog}
    </>
  );
}
