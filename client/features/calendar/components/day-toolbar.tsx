import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { Link } from 'react-router';
import { addDays, formatDayMonthYear, isWeekend, todayLocal, weekdayOf, WEEKDAYS_IT } from '../../../../common/dates.ts';
import { A11Y_MSG } from '../../../../common/messages.ts';
import { DateField } from '../../../components/date-field.tsx';
import { formatItalianDate, longItalianDate } from '../../../lib/italian-date.ts';
import { shortDayLabel } from '../copied-day.ts';
import { paths, withDay } from '../../../../common/paths.ts';

export interface AdminToolbarActions {
  copiedDay: string | null;
  onCopy: () => void;
  onPaste: () => void;
  onCancelCopy: () => void;
  onEmpty: () => void;
  onCreate: () => void;
}

interface Props {
  day: string;
  onDayChange: (day: string) => void;
  /** The date picker is disabled while an operation runs (the day must not change under it). */
  busy: boolean;
  admin?: AdminToolbarActions;
  /** Replaces the date headline, the picker and Stampa PDF (a template day has no date of its own). */
  header?: ReactNode;
  /** A line about the day (the progetti's coverage): in the actions' row for administrators, under the title for others. */
  note?: ReactNode;
  /** Beside Stampa PDF: Stampa giornata, given by the route (features/day-print). */
  print?: ReactNode;
}

export function DayToolbar({ day, onDayChange, busy, admin, header, print, note }: Props) {
  return (
    <div className="day-toolbar">
      {header}
      <div className={header ? 'd-none' : 'd-flex flex-wrap align-items-end gap-3 mb-2'}>
        <h1 className="h3 mb-0 me-auto day-headline">
          {WEEKDAYS_IT[weekdayOf(day)]} {formatDayMonthYear(day)}
        </h1>
        <div className="d-flex align-items-end gap-1 day-nav" role="group" aria-label="Giorno mostrato">
          <Button
            variant="outline-secondary"
            onClick={() => onDayChange(addDays(day, -1))}
            disabled={busy}
            aria-label={A11Y_MSG.previousDay}
            title={`${A11Y_MSG.previousDay}: ${longItalianDate(addDays(day, -1))}`}
          >
            <span aria-hidden="true">‹</span>
          </Button>
          <DateField
            id="calendar-date"
            label="Data"
            value={day}
            onChange={onDayChange}
            disabled={busy}
            required
            labelClassName="small mb-1"
            className="date-picker"
          />
          <Button
            variant="outline-secondary"
            onClick={() => onDayChange(addDays(day, 1))}
            disabled={busy}
            aria-label={A11Y_MSG.nextDay}
            title={`${A11Y_MSG.nextDay}: ${longItalianDate(addDays(day, 1))}`}
          >
            <span aria-hidden="true">›</span>
          </Button>
          <Button
            variant="outline-secondary"
            onClick={() => onDayChange(todayLocal())}
            disabled={busy}
            title={formatItalianDate(todayLocal())}
          >
            {A11Y_MSG.today}
          </Button>
        </div>
        {isWeekend(day) && (
          <Badge bg="warning" text="dark" className="align-self-center">
            {A11Y_MSG.weekend}
          </Badge>
        )}
        {print}
        <Link className="btn btn-outline-dark" to={withDay(paths.weekPrint, day)}>
          Stampa PDF
        </Link>
      </div>
      {!admin && note && <div className="mb-2">{note}</div>}
      {admin && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3" role="toolbar" aria-label="Azioni sulla giornata">
          <Button variant="outline-primary" onClick={admin.onCopy} disabled={busy}>
            Copia Giornata
          </Button>
          {admin.copiedDay && (
            <ButtonGroup>
              <Button variant="primary" onClick={admin.onPaste} disabled={busy}>
                Incolla giornata
              </Button>
              <Button
                variant="outline-primary"
                onClick={admin.onCancelCopy}
                aria-label="Annulla copia"
                title="Annulla copia"
                disabled={busy}
              >
                X
              </Button>
            </ButtonGroup>
          )}
          {admin.copiedDay && (
            <Badge bg="light" text="dark" className="border" title={`Giornata copiata: ${formatDayMonthYear(admin.copiedDay)}`}>
              Copiata: {shortDayLabel(admin.copiedDay)}
            </Badge>
          )}
          <Button variant="outline-danger" onClick={admin.onEmpty} disabled={busy}>
            Svuota Giornata
          </Button>
          {note}
          <Button variant="success" onClick={admin.onCreate} disabled={busy} className="ms-sm-auto" title="Nuova attività">
            [+] Attività
          </Button>
        </div>
      )}
    </div>
  );
}
