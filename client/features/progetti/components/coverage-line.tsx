import { Link } from 'react-router';
import { mondayOf } from '../../../../common/dates.ts';
import { paths, withDay } from '../../../../common/paths.ts';
import { useCopertura } from '../api/progetti.ts';
import { underLine } from '../coverage.ts';

/** Under the calendar's day title: "3 utenti sotto il progetto questa settimana", a link to the week's Copertura; nothing when none is. */
export default function CoverageLine({ day }: { day: string }) {
  const monday = mondayOf(day);
  const copertura = useCopertura(monday);
  const line = underLine(copertura.data);
  if (!line) return null;
  return (
    <p className="coverage-line small mb-0">
      <span aria-hidden="true">▼ </span>
      <Link to={`${withDay(paths.weekPrint, day)}&vista=copertura`} className="coverage-line-link">
        {line}
      </Link>
    </p>
  );
}
