import { useEffect, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MONTHS_IT } from '../../common/dates.ts';
import { shiftMonth } from '../lib/months.ts';

interface Props {
  id: string;
  label: string;
  /** The chosen month as yyyy-mm. */
  value: string;
  /** Called with a month (yyyy-mm, years 1900–2999) as soon as one is chosen or its year typed whole. */
  onChange: (month: string) => void;
  size?: 'sm';
}

const YEAR = /^\d{4}$/;
const isYear = (text: string) => YEAR.test(text) && Number(text) >= 1900 && Number(text) <= 2999;

/**
 * The one month field of the app, the same in every browser (a native month input shows "November 2026" in a browser
 * set to English): the month chosen among its Italian names, the year typed or stepped with ↑ ↓, all by keyboard.
 * A year that is not whole yet changes nothing; leaving it brings back the month's own.
 */
export function MonthField({ id, label, value, onChange, size }: Props) {
  const [year, month] = [value.slice(0, 4), value.slice(5, 7)];
  const [yearText, setYearText] = useState(year);
  // The month changed from outside (‹ ›, a link): the year's text follows it.
  useEffect(() => setYearText(year), [year]);

  const typeYear = (text: string) => {
    setYearText(text);
    if (isYear(text) && text !== year) onChange(`${text}-${month}`);
  };
  const stepYear = (by: number) => {
    const next = String(Number(year) + by);
    if (isYear(next)) typeYear(next);
  };

  return (
    <div className="d-flex align-items-center gap-2 month-field">
      <Form.Label htmlFor={`${id}-month`} className="mb-0">
        {label}
      </Form.Label>
      <Form.Select id={`${id}-month`} size={size} value={month} onChange={(e) => onChange(`${year}-${e.target.value}`)}>
        {MONTHS_IT.map((name, i) => (
          <option key={name} value={String(i + 1).padStart(2, '0')}>
            {name}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        id={`${id}-year`}
        size={size}
        aria-label="Anno"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        className="month-field-year"
        value={yearText}
        onChange={(e) => typeYear(e.target.value.trim())}
        onBlur={() => setYearText(year)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            stepYear(e.key === 'ArrowUp' ? 1 : -1);
          }
        }}
      />
    </div>
  );
}

/** The month field between ‹ and ›, which step to the month before and after: the months of Presenze's registers. */
export function MonthStepper({ id, value, onChange }: Pick<Props, 'id' | 'value' | 'onChange'>) {
  return (
    <div className="d-flex align-items-center gap-2">
      <Button variant="outline-secondary" size="sm" onClick={() => onChange(shiftMonth(value, -1))} aria-label="Mese precedente">
        ‹
      </Button>
      <MonthField id={id} label="Mese" size="sm" value={value} onChange={onChange} />
      <Button variant="outline-secondary" size="sm" onClick={() => onChange(shiftMonth(value, 1))} aria-label="Mese successivo">
        ›
      </Button>
    </div>
  );
}

/**
 * A month's section of Presenze (the register, the transports): its heading and the month stepper in one toolbar,
 * then what the section shows. The stepper's id is `<id>-month`, the heading's `<id>-title`.
 */
export function MonthSection({
  id,
  title,
  value,
  onChange,
  children,
}: Pick<Props, 'value' | 'onChange'> & { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="presenze-toolbar">
        <h2 id={`${id}-title`} className="h5 mb-0 me-auto">
          {title}
        </h2>
        <MonthStepper id={`${id}-month`} value={value} onChange={onChange} />
      </div>
      {children}
    </section>
  );
}
