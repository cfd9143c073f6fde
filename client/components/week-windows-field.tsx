import Button from 'react-bootstrap/Button';
import { WEEKDAYS_IT } from '../../common/dates.ts';
import type { Finestra } from '../../common/progetti.ts';
import { TimeField } from './time-field.tsx';

interface Props {
  /** Prefix of the fields' ids. */
  id: string;
  legend: string;
  /** Windows, any order: shown by weekday (1 = lunedì … 6 = sabato), each day's by start. */
  value: Finestra[];
  onChange: (windows: Finestra[]) => void;
  /** 5 for an operatore's availability, 1 for a utente's frequenza. */
  maxPerDay: number;
  /** The window a new one of a day starts as. */
  defaultWindow: { dalle: string; alle: string };
  /** Messages of the schema, under `${index}.dalle` / `${index}.alle` / `${index}.giorno` (index in `value`), or `form`. */
  errors?: Partial<Record<string, string>>;
  hint?: string;
}

const DAYS = [1, 2, 3, 4, 5, 6] as const;

/**
 * A week of time windows typed with the keyboard (docs/product.md, Anagrafiche, Operatori): one line per weekday with its
 * windows (Dalle, Alle, Togli) and «Aggiungi fascia». No dragging: every change is a field or a button reached with Tab.
 * Shared by the operatore's availability and the utente's frequenza.
 */
export function WeekWindowsField({ id, legend, value, onChange, maxPerDay, defaultWindow, errors = {}, hint }: Props) {
  const indexed = value.map((w, i) => ({ w, i }));
  const set = (index: number, change: Partial<Finestra>) => onChange(value.map((w, i) => (i === index ? { ...w, ...change } : w)));
  const add = (giorno: number) => {
    const ofDay = value.filter((w) => w.giorno === giorno).sort((a, b) => a.alle.localeCompare(b.alle));
    const last = ofDay[ofDay.length - 1];
    // A second window starts where the first ends, an hour long: the coordinator corrects the times.
    const next = last ? { dalle: last.alle, alle: last.alle < '23:00' ? addHour(last.alle) : '24:00' } : defaultWindow;
    onChange([...value, { giorno, ...next }]);
  };
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="week-windows mb-3" aria-describedby={hintId}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {hint && (
        <p id={hintId} className="form-text mt-0 mb-2">
          {hint}
        </p>
      )}
      {DAYS.map((giorno) => {
        const day = WEEKDAYS_IT[giorno];
        const windows = indexed.filter(({ w }) => w.giorno === giorno).sort((a, b) => a.w.dalle.localeCompare(b.w.dalle));
        return (
          <div key={giorno} className="week-windows-day" role="group" aria-label={day}>
            <div className="week-windows-name fw-semibold">{day}</div>
            <div className="week-windows-list">
              {windows.length === 0 && <span className="text-muted small week-windows-none">nessuna fascia</span>}
              {windows.map(({ w, i }, n) => {
                const label = windows.length > 1 ? `${day}, fascia ${n + 1}` : day;
                return (
                  <div key={i} className="week-windows-row">
                    <TimeField
                      id={`${id}-${i}-dalle`}
                      label={`${label}: dalle`}
                      value={w.dalle}
                      onChange={(dalle) => set(i, { dalle })}
                      error={errors[`${i}.dalle`] ?? errors[`${i}.giorno`]}
                      className="week-windows-time"
                    />
                    <TimeField
                      id={`${id}-${i}-alle`}
                      label={`${label}: alle`}
                      value={w.alle}
                      onChange={(alle) => set(i, { alle })}
                      endOfDay
                      error={errors[`${i}.alle`]}
                      className="week-windows-time"
                    />
                    <Button
                      size="sm"
                      variant="outline-danger"
                      className="week-windows-remove"
                      onClick={() => onChange(value.filter((_, k) => k !== i))}
                      aria-label={`Togli ${label} ${w.dalle}–${w.alle}`}
                    >
                      Togli
                    </Button>
                  </div>
                );
              })}
              {windows.length < maxPerDay && (
                <Button size="sm" variant="outline-secondary" className="week-windows-add" onClick={() => add(giorno)}>
                  {maxPerDay === 1 ? `Aggiungi ${day.toLowerCase()}` : `Aggiungi fascia di ${day.toLowerCase()}`}
                </Button>
              )}
            </div>
          </div>
        );
      })}
      {errors.form && <div className="invalid-feedback d-block">{errors.form}</div>}
    </fieldset>
  );
}

function addHour(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A list's issues as this field's errors: `1.alle` for the second window's end, `form` for the list as a whole. */
export function windowErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const key = issue.path.length >= 2 ? `${String(issue.path[0])}.${String(issue.path[1])}` : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
