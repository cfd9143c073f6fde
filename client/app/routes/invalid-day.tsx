import Button from 'react-bootstrap/Button';
import { todayLocal } from '../../../common/dates.ts';

/** A `?data=` that is no date (a mistyped or cut address): said plainly, with the way to today. */
export function InvalidDay({ value, onToday }: { value: string; onToday: (today: string) => void }) {
  return (
    <main className="container py-4">
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3" role="alert">
        <span>
          <strong>Data non valida</strong>: «{value.slice(0, 40)}» non è una data del calendario.
        </span>
        <Button variant="primary" onClick={() => onToday(todayLocal())}>
          Vai a oggi
        </Button>
      </div>
    </main>
  );
}
