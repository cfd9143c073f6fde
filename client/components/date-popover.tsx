import 'react-day-picker/style.css';
import { DayPicker } from 'react-day-picker';
import { it } from 'react-day-picker/locale';
import { isoToDate } from '../lib/italian-date.ts';

/**
 * The date field's month calendar (react-day-picker with its Italian locale, Monday first, weekends marked). A chunk of
 * its own, loaded when a date field's calendar button is first pointed at, focused or pressed: with date-fns it weighs
 * about 50 KB gzipped that no screen needs to paint (docs/decisions/0036-first-visit-budget.md).
 */
export default function DatePopover({ value, onSelect }: { value: string; onSelect: (day: Date | undefined) => void }) {
  return (
    <DayPicker
      mode="single"
      locale={it}
      weekStartsOn={1}
      autoFocus
      selected={value ? isoToDate(value) : undefined}
      defaultMonth={value ? isoToDate(value) : undefined}
      modifiers={{ weekend: { dayOfWeek: [0, 6] } }}
      modifiersClassNames={{ weekend: 'date-field-weekend' }}
      onSelect={onSelect}
    />
  );
}
