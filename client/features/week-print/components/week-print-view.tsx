import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatDayMonthYear, workWeek } from '../../../../common/dates.ts';
import type { PaperFormat } from '../../../../common/impostazioni.ts';
import { agendaOf, paths, withDay } from '../../../../common/paths.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { WeekHeader } from '../../../components/week-header.tsx';
import { useExport } from '../../../lib/export-record.ts';
import { useRooms } from '../../../lib/rooms.ts';
import { useWeek } from '../api/get-week.ts';
import { useWeekConflicts } from '../api/get-week-conflicts.ts';
import { ABSENT_SUFFIX, buildWeekGrid } from '../week-grid.ts';
import { saveWeekPdf, weekPdfName } from '../week-pdf.ts';
import { operatoreLabel } from '../../../../common/people.ts';

interface Props {
  day: string;
  /** Under the headline: what the route adds for this week (the Modelli whole-week writes, for administrators). */
  actions?: ReactNode;
  /** The centre's paper (Impostazioni), read when the PDF is made: handed in by the route. */
  loadPaper: () => Promise<PaperFormat>;
}

/** Stampa settimana: therapists per room and day, Monday to Friday of the displayed day's week. */
export function WeekPrintView({ day, actions, loadPaper }: Props) {
  const days = workWeek(day);
  const start = days[0];
  const stop = days[days.length - 1];
  const rooms = useRooms();
  const week = useWeek(start, stop);
  // On screen only, never in the PDF: the days whose plan has conflicts (docs/product.md, Stampa settimanale).
  const conflicts = useWeekConflicts(start, stop);
  const conflictsOn = new Map((conflicts.data?.giorni ?? []).map((g) => [g.data, g.conflitti.length]));
  const pdf = useExport();
  const loading = rooms.isPending || week.isPending;
  const grid = buildWeekGrid(days, rooms.data ?? [], week.data?.attivita ?? [], week.data?.uscite ?? []);
  const therapistIds = new Map(
    [...(week.data?.attivita ?? []), ...(week.data?.uscite ?? [])].flatMap((item) =>
      item.Terapisti.map((t) => [operatoreLabel(t), t.RifTerapista]),
    ),
  );
  const title = `Settimana dal ${formatDayMonthYear(start)} al ${formatDayMonthYear(stop)}`;

  const save = () =>
    pdf.run(async () => {
      const paper = await loadPaper();
      return {
        record: { tipo: 'settimana_pdf', dal: start, al: stop },
        make: () => saveWeekPdf(grid, title, paper, weekPdfName(start, stop)),
      };
    });

  return (
    <>
      <WeekHeader day={day} from={start} to={stop}>
        <ExportButton busy={pdf.busy} onClick={() => void save()} disabled={loading}>
          Stampa PDF
        </ExportButton>
      </WeekHeader>
      {actions}
      {loading ? (
        <div className="text-center py-5">
          <Spinner role="status" aria-label="Caricamento della settimana" />
        </div>
      ) : (
        // Focusable, so a keyboard scrolls it on a phone even when the week has no link in it (an empty week).
        <div className="week-table-scroll" tabIndex={0} role="region" aria-label="Tabella della settimana, scorrevole">
          <Table bordered className="week-table mb-0">
            <thead>
              <tr>
                <th scope="col" className="room-col" />
                {grid.headers.map((header, i) => {
                  const count = conflictsOn.get(days[i]) ?? 0;
                  return (
                    <th scope="col" key={header} className={count > 0 ? 'week-day-conflict' : undefined}>
                      <span>{header}</span>
                      {count > 0 && (
                        <Link className="week-conflict-mark" to={withDay(paths.calendar, days[i])} title="Apri la giornata nel calendario">
                          <span aria-hidden="true">⚠ </span>
                          {count === 1 ? '1 conflitto' : `${count} conflitti`}
                        </Link>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="room-col">
                    {row.label}
                  </th>
                  {row.days.map((names, i) => (
                    <td key={days[i]}>
                      {names.map((name) => (
                        <div key={name}>
                          <TherapistName name={name} ids={therapistIds} day={days[i]} />
                        </div>
                      ))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}

/** A therapist's name in the week: a link to her agenda on that day (docs/product.md, Schermate, Agenda). */
function TherapistName({ name, ids, day }: { name: string; ids: Map<string, number>; day: string }) {
  const shown = name.endsWith(ABSENT_SUFFIX) ? name.slice(0, -ABSENT_SUFFIX.length) : name;
  const id = ids.get(shown);
  if (id === undefined) return <>{name}</>;
  return (
    <Link className="link-dark" to={agendaOf('terapista', id, day)} title={`Agenda di ${shown}`}>
      {name}
    </Link>
  );
}
