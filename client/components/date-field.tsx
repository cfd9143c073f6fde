import { Suspense, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { A11Y_MSG } from '../../common/messages.ts';
import { dateToIso, formatItalianDate, parseItalianDate } from '../lib/italian-date.ts';
import { lazyChunk } from '../lib/lazy-chunk.ts';

/**
 * The month calendar is a chunk of its own (date-popover.tsx), asked for as soon as the button is pointed at or
 * focused; the popover opens once it is there, the button busy meanwhile.
 */
let LoadedPopover: (typeof import('./date-popover.tsx'))['default'] | null = null;
const loadPopover = () =>
  import('./date-popover.tsx').then((module) => {
    LoadedPopover = module.default;
    return module;
  });
const DatePopover = lazyChunk(loadPopover);

interface Props {
  id: string;
  label: string;
  /** The chosen day as yyyy-mm-dd, or '' for none yet. */
  value: string;
  /** Called with a real day (yyyy-mm-dd) as soon as one is typed or chosen; with '' when an optional field is emptied. */
  onChange: (day: string) => void;
  disabled?: boolean;
  required?: boolean;
  size?: 'sm';
  /** A message about this field from its form (the schema's), shown under it and read with it. */
  error?: string;
  /** Marks the field invalid when its message is shown elsewhere (a period's refusal), read through `describedBy`. */
  invalid?: boolean;
  /** Ids of other elements that describe the field (the message shown elsewhere). */
  describedBy?: string;
  className?: string;
  labelClassName?: string;
}

/**
 * The one date field of the app, the same in every browser: a day typed as gg/mm/aaaa or chosen in a calendar popover
 * with Italian month and weekday names, Monday first and weekends marked (react-day-picker with its Italian locale).
 * Escape or Tab away closes the popover; choosing a day gives the focus back to the field.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  disabled,
  required,
  size,
  error,
  invalid,
  describedBy,
  className,
  labelClassName,
}: Props) {
  const [text, setText] = useState(formatItalianDate(value));
  /** The last day this field itself reported: when it comes back as `value`, the text typed stays as it is. */
  const reported = useRef(value);
  const [typedError, setTypedError] = useState<string>();
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const popoverId = useId();

  // The day changed from outside (‹ ›, Oggi, back and forward, a link): the text follows it.
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(formatItalianDate(value));
    setTypedError(undefined);
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!popoverRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const type = (next: string) => {
    setText(next);
    const day = parseItalianDate(next) ?? '';
    if (day) setTypedError(undefined);
    // An optional field (a form's) holds no day while its text is none, so the form cannot save a stale one;
    // a required one (a toolbar's) keeps showing the last good day.
    if (day !== value && (day || !required)) {
      reported.current = day;
      onChange(day);
    }
  };

  /** Leaving the field (or Enter): a text that is no day is named, and the last good day stays. */
  const settle = () => {
    if (text.trim() === '') {
      if (required) setTypedError(A11Y_MSG.dateRequired);
      return;
    }
    const day = parseItalianDate(text);
    if (!day) setTypedError(A11Y_MSG.dateInvalid);
    else setText(formatItalianDate(day));
  };

  /** Opens the month calendar once its code is there (at once when it already is). */
  const openPopover = () => {
    if (LoadedPopover) return setOpen(true);
    setOpening(true);
    loadPopover()
      .then(() => setOpen(true))
      .catch(() => undefined) // offline: the field still takes a typed day, and the button can be pressed again
      .finally(() => setOpening(false));
  };

  const close = (focus: HTMLElement | null) => {
    setOpen(false);
    focus?.focus();
  };

  const message = typedError ?? error;
  const described = [hintId, message && errorId, describedBy].filter(Boolean).join(' ');
  return (
    // Bootstrap's form classes in plain markup: react-bootstrap's Form brings every form control into the first visit.
    <div className={['date-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={['form-label', labelClassName].filter(Boolean).join(' ')}>
        {label}
      </label>
      <div className="date-field-anchor">
        <InputGroup size={size} className="flex-nowrap">
          <input
            ref={inputRef}
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="gg/mm/aaaa"
            maxLength={10}
            className={message || invalid ? 'date-field-input form-control is-invalid' : 'date-field-input form-control'}
            value={text}
            disabled={disabled}
            required={required}
            aria-invalid={!!message || !!invalid}
            aria-describedby={described}
            onChange={(e) => type(e.target.value)}
            onBlur={settle}
            onKeyDown={(e) => {
              if (e.key === 'Enter') settle();
              if (e.key === 'ArrowDown' && e.altKey) {
                e.preventDefault();
                openPopover();
              }
            }}
          />
          <Button
            ref={buttonRef}
            variant="outline-secondary"
            className="date-field-button"
            aria-label={A11Y_MSG.openCalendar(label)}
            title={A11Y_MSG.openCalendar(label)}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? popoverId : undefined}
            disabled={disabled}
            aria-busy={opening || undefined}
            onClick={() => (open ? setOpen(false) : openPopover())}
            onPointerEnter={() => void loadPopover()}
            onFocus={() => void loadPopover()}
          >
            {opening ? (
              <Spinner animation="border" size="sm" aria-hidden="true" className="date-field-opening" />
            ) : (
              <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
                <path d="M4 0a.5.5 0 0 1 .5.5V1h7V.5a.5.5 0 0 1 1 0V1h1A1.5 1.5 0 0 1 15 2.5v12a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 14.5v-12A1.5 1.5 0 0 1 2.5 1h1V.5A.5.5 0 0 1 4 0M2 5v9.5a.5.5 0 0 0 .5.5h11a.5.5 0 0 0 .5-.5V5zm2 2h2v2H4zm3 0h2v2H7zm3 0h2v2h-2zm-6 3h2v2H4zm3 0h2v2H7z" />
              </svg>
            )}
          </Button>
        </InputGroup>
        {open && (
          <div
            ref={popoverRef}
            id={popoverId}
            className="date-field-popover shadow"
            role="dialog"
            aria-label={A11Y_MSG.calendarDialog(label)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                close(buttonRef.current);
              }
            }}
            onBlur={(e) => {
              if (!popoverRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
            }}
          >
            {/* Opened once its code is there (openPopover): no fallback flashes; Suspense only as a safety net. */}
            {(() => {
              const Popover = LoadedPopover ?? DatePopover;
              return (
                <Suspense
                  fallback={
                    <div className="date-field-loading" role="status">
                      <Spinner animation="border" size="sm" aria-hidden="true" /> {A11Y_MSG.calendarLoading}
                    </div>
                  }
                >
                  <Popover
                    value={value}
                    onSelect={(day) => {
                      if (day) {
                        const iso = dateToIso(day);
                        setTypedError(undefined);
                        setText(formatItalianDate(iso));
                        reported.current = iso;
                        if (iso !== value) onChange(iso);
                      }
                      close(inputRef.current);
                    }}
                  />
                </Suspense>
              );
            })()}
          </div>
        )}
      </div>
      <small id={hintId} className="form-text visually-hidden">
        {A11Y_MSG.dateFormatHint}
      </small>
      {message && (
        <div id={errorId} className="invalid-feedback d-block">
          {message}
        </div>
      )}
    </div>
  );
}
