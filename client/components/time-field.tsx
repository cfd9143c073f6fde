import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { A11Y_MSG } from '../../common/messages.ts';
import { nearestChoice, parseTimeOfDay, parseWholeTime, timeChoices } from '../lib/time-of-day.ts';

interface Props {
  id: string;
  label: string;
  /** The time as HH:mm (HH:mm:ss is shown as HH:mm), or '' for none. */
  value: string;
  /** Called with a whole time (HH:mm) as soon as one is typed or chosen; with '' while the text is no time. */
  onChange: (time: string) => void;
  /** Called with the text as typed: an optional time's form tells "left empty" from "no time" (written but not a time). */
  onText?: (text: string) => void;
  /** An end time: 24:00 (the end of the day) is allowed and offered last. */
  endOfDay?: boolean;
  /** A message about this field from its form (the schema's), shown under it and read with it. */
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  className?: string;
}

/** Five-minute steps; Pagina su/giù move an hour. */
const HOUR_STEPS = 12;

const shown = (value: string) => (/^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : value);

/**
 * The one time field of the app, the same in every browser (a native time input shows "12:00 AM" in a browser set to
 * English): 24-hour HH:mm typed as it is written ("930", "9.30", "09:30"), or chosen from a list of 5-minute steps.
 * An ARIA combobox: ↓ opens the list on the time shown, ↑ ↓ Pagina su/giù Home Fine move, Invio chooses, Esc closes,
 * all without leaving the field. A text that is no time is named under the field when it is left.
 */
export function TimeField({ id, label, value, onChange, onText, endOfDay = false, error, autoFocus, disabled, className = 'mb-3' }: Props) {
  const [text, setText] = useState(shown(value));
  /** The last time this field itself reported: when it comes back as `value`, the text typed stays as it is. */
  const reported = useRef(value);
  const [typedError, setTypedError] = useState<string>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const choices = timeChoices({ endOfDay });
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  // The time changed from outside (the end following the start): the text follows it before the next paint and the
  // next keystroke. Synced in a passive effect, a keystroke landing first (typing the end right after the start) was
  // taken as the time already reported, then overwritten by the effect: the end shown was not the end the form held.
  useLayoutEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(shown(value));
    setTypedError(undefined);
  }, [value]);

  // The active choice stays in view while it moves.
  useEffect(() => {
    if (!open || active < 0) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const report = (time: string) => {
    if (time === reported.current) return;
    reported.current = time;
    onChange(time);
  };

  const type = (next: string) => {
    setText(next);
    onText?.(next);
    const time = parseWholeTime(next, { endOfDay });
    if (time) {
      setTypedError(undefined);
      if (open) setActive(nearestChoice(choices, time));
    }
    report(time ?? '');
  };

  /** Leaving the field (or Invio): the text is written HH:mm, or named when it is no time. */
  const settle = () => {
    if (text.trim() === '') return report('');
    const time = parseTimeOfDay(text, { endOfDay });
    if (time) {
      setText(time);
      report(time);
    } else {
      setTypedError(
        parseTimeOfDay(text, { endOfDay: true })
          ? A11Y_MSG.timeEndOfDayOnlyAsEnd
          : endOfDay
            ? A11Y_MSG.timeInvalidEnd
            : A11Y_MSG.timeInvalid,
      );
      report('');
    }
  };

  const choose = (index: number) => {
    const time = choices[index];
    setText(time);
    setTypedError(undefined);
    report(time);
    setOpen(false);
  };

  const openAt = (index?: number) => {
    const current = nearestChoice(choices, parseTimeOfDay(text, { endOfDay }));
    setActive(index ?? Math.max(0, current));
    setOpen(true);
  };

  const move = (by: number) => setActive((i) => Math.min(choices.length - 1, Math.max(0, i + by)));

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        openAt();
      } else if (e.key === 'Enter') settle();
      return;
    }
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(e.altKey ? 0 : 1),
      ArrowUp: () => (e.altKey ? setOpen(false) : move(-1)),
      PageDown: () => move(HOUR_STEPS),
      PageUp: () => move(-HOUR_STEPS),
      Home: () => setActive(0),
      End: () => setActive(choices.length - 1),
      Enter: () => (active >= 0 ? choose(active) : settle()),
      Escape: () => setOpen(false),
    };
    const action = keys[e.key];
    if (!action) return;
    // Esc closes the list, not the dialog around the field; Invio chooses, it does not submit the form.
    e.preventDefault();
    e.stopPropagation();
    action();
  };

  const message = typedError ?? error;
  return (
    <Form.Group className={['time-field', className].filter(Boolean).join(' ')} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="time-field-anchor">
        <InputGroup hasValidation>
          <Form.Control
            type="text"
            role="combobox"
            inputMode="numeric"
            autoComplete="off"
            placeholder="hh:mm"
            maxLength={8}
            className="time-field-input"
            value={text}
            autoFocus={autoFocus}
            disabled={disabled}
            isInvalid={!!message}
            aria-invalid={!!message}
            aria-describedby={[hintId, message && errorId].filter(Boolean).join(' ')}
            aria-autocomplete="none"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            onChange={(e) => type(e.target.value)}
            onBlur={() => {
              setOpen(false);
              settle();
            }}
            onKeyDown={onKeyDown}
          />
          {/* For the mouse: the keyboard opens the list with ↓ from the field itself, so the button is not a tab stop. */}
          <Button
            variant="outline-secondary"
            className="time-field-button"
            tabIndex={-1}
            aria-label={A11Y_MSG.openTimeChoices}
            title={A11Y_MSG.openTimeChoices}
            disabled={disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (open) setOpen(false);
              else openAt();
              document.getElementById(id)?.focus();
            }}
          >
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
              <path d="M8 3.5a.5.5 0 0 0-1 0V9a.5.5 0 0 0 .25.43l3.5 2a.5.5 0 0 0 .5-.86L8 8.71z" />
              <path d="M8 16A8 8 0 1 0 8 0a8 8 0 0 0 0 16m7-8A7 7 0 1 1 1 8a7 7 0 0 1 14 0" />
            </svg>
          </Button>
          {message && (
            <div id={errorId} className="invalid-feedback d-block w-100">
              {message}
            </div>
          )}
        </InputGroup>
        <ul ref={listRef} id={listId} role="listbox" aria-label={A11Y_MSG.timeChoices} className="time-field-list shadow" hidden={!open}>
          {open &&
            choices.map((choice, i) => (
              <li
                key={choice}
                id={optionId(i)}
                data-index={i}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(i)}
              >
                {choice}
              </li>
            ))}
        </ul>
      </div>
      <Form.Text id={hintId} className="visually-hidden">
        {A11Y_MSG.timeFormatHint}
      </Form.Text>
    </Form.Group>
  );
}
