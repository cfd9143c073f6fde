import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { usePeopleSearch, type PersonKind, type PersonMatch } from '../lib/people-search.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

const TITLES: Record<PersonKind, string> = { paziente: 'Aggiungi Paziente', terapista: 'Aggiungi Terapista' };
const SEARCH_LABELS: Record<PersonKind, string> = { paziente: 'Cerca paziente', terapista: 'Cerca terapista' };

interface Props {
  kind: PersonKind;
  /** What the person is added to, shown under the title (an activity, a minibus run). */
  context: string;
  /** Adds the chosen person; resolves to something truthy when done, which closes the dialog. */
  onAdd: (person: PersonMatch) => Promise<unknown>;
  busy: boolean;
  /** A warning to show beside a person found, before they are added (e.g. "già in Logopedia 09:00–10:00"). */
  noteFor?: (person: PersonMatch) => string | undefined;
  onClose: () => void;
  /** When the dialog chooses rather than adds (e.g. who is absent): its title and its button. */
  title?: string;
  actionLabel?: string;
}

/**
 * Aggiungi Paziente / Aggiungi Terapista, shared by the calendar (activities)
 * and Anagrafiche (minibus runs): search as you type (accents and case aside), arrows move, Enter adds
 * the highlighted person; nobody is highlighted until something is typed or an arrow pressed. Archived people are never offered (the server's search).
 * The results are a listbox of their own that Tab reaches: a long list scrolls by
 * keyboard (arrows, Home, End, Page Up/Down) and the highlighted person stays in view.
 */
export function PersonSearchDialog({ kind, context, onAdd, busy, noteFor, onClose, title, actionLabel = 'Aggiungi' }: Props) {
  const [text, setText] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useDebouncedValue(text.trim(), 200);
  const results = usePeopleSearch(kind, search, true);
  const matches = results.data ?? [];
  // Until the answer for what is typed now arrives, the list shows the previous one: adding from it would pick the wrong person.
  const stale = search !== text.trim() || results.isPlaceholderData;
  const listId = `risultati-${kind}`;
  const optionId = (index: number) => `${listId}-${index}`;

  // Nobody is highlighted before something is typed: an early Enter adds no one (the arrows still choose on purpose).
  useEffect(() => setHighlighted(search === '' ? -1 : 0), [results.data, search]);
  // The highlighted person stays in view in a long list (jsdom has no scrollIntoView). A block, not an expression:
  // newer browsers' scrollIntoView returns a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    document.getElementById(`${listId}-${highlighted}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [listId, highlighted, results.data]);

  const add = async (index: number) => {
    const person = matches[index];
    if (!person || busy || stale) return;
    if (await onAdd(person)) onClose();
  };

  /** In the search field the arrows move; in the list Home and End go to the first and the last person too. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, inList: boolean) => {
    const last = matches.length - 1;
    const move: Record<string, (i: number) => number> = {
      ArrowDown: (i) => Math.min(i + 1, last),
      ArrowUp: (i) => Math.max(i - 1, 0),
      ...(inList
        ? { Home: () => 0, End: () => last, PageDown: (i: number) => Math.min(i + 5, last), PageUp: (i: number) => Math.max(i - 5, 0) }
        : {}),
    };
    if (Object.hasOwn(move, event.key)) {
      event.preventDefault();
      setHighlighted((i) => Math.max(move[event.key](i), 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void add(highlighted);
    }
  };

  return (
    <Modal show onHide={onClose} onEntered={() => inputRef.current?.focus()} aria-labelledby="person-search-title">
      <Modal.Header closeButton closeLabel="Chiudi">
        <Modal.Title id="person-search-title">{title ?? TITLES[kind]}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-muted small mb-2">{context}</p>
        <Form.Label htmlFor="person-search-input">{SEARCH_LABELS[kind]}</Form.Label>
        <Form.Control
          id="person-search-input"
          ref={inputRef}
          type="search"
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => onKeyDown(e, false)}
          role="combobox"
          aria-expanded={matches.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={matches[highlighted] ? optionId(highlighted) : undefined}
          placeholder={kind === 'paziente' ? 'Nome o cognome' : 'Nome, cognome o username'}
        />
        <div className="mt-2">
          {results.isFetching && matches.length === 0 && <Spinner size="sm" aria-label="Ricerca in corso" />}
          {!results.isFetching && matches.length === 0 && <p className="text-muted small mb-0">Nessun risultato</p>}
          <ListGroup
            as="ul"
            id={listId}
            role="listbox"
            aria-label="Risultati"
            aria-busy={stale}
            tabIndex={matches.length > 0 ? 0 : undefined}
            aria-activedescendant={matches[highlighted] ? optionId(highlighted) : undefined}
            onKeyDown={(e: KeyboardEvent<HTMLElement>) => onKeyDown(e, true)}
            className={['search-results', stale && 'opacity-50'].filter(Boolean).join(' ')}
          >
            {matches.map((person, index) => {
              const note = noteFor?.(person);
              return (
                <ListGroup.Item
                  as="li"
                  key={person.ID}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === highlighted}
                  active={index === highlighted}
                  action
                  onClick={() => {
                    setHighlighted(index);
                    inputRef.current?.focus();
                  }}
                  onDoubleClick={() => void add(index)}
                >
                  {person.label}
                  {person.detail && <small className="ms-2 opacity-75">{person.detail}</small>}
                  {note && (
                    <small className="busy-note d-block">
                      <span aria-hidden="true">⚠ </span>
                      {note}
                    </small>
                  )}
                </ListGroup.Item>
              );
            })}
          </ListGroup>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Annulla
        </Button>
        <Button onClick={() => void add(highlighted)} disabled={!matches[highlighted] || busy || stale}>
          {actionLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
