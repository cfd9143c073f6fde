import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDayMonthYear } from '../../common/dates.ts';
import { paths, withDay } from '../../common/paths.ts';

interface Props {
  /** The day Indietro opens in the calendar. */
  day: string;
  from: string;
  to: string;
  /** The buttons after the title (Stampa PDF, the week before and after). */
  children: ReactNode;
}

/** The heading of a week's page (the printed week, the coverage): Indietro, "Settimana dal … al …", its buttons. */
export function WeekHeader({ day, from, to, children }: Props) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <Link className="btn btn-outline-secondary" to={withDay(paths.calendar, day)}>
        Indietro
      </Link>
      <h1 className="h4 mb-0 me-auto">
        Settimana dal <span className="text-nowrap">{formatDayMonthYear(from)}</span> al{' '}
        <span className="text-nowrap">{formatDayMonthYear(to)}</span>
      </h1>
      {children}
    </div>
  );
}
