import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { formatDate, isWeekend, todayLocal, weekdayOf, WEEKDAYS_IT } from '../../../../common/dates.ts';
import type { MonthRegister, RegisterDay } from '../../../../common/presenze.ts';
import { weekdayInitial } from '../month.ts';
import { monthName } from '../../../lib/months.ts';
import { cellDescription, cellText, LEGEND, patientName, TOTAL_HEADERS, TOTAL_HEADERS_SCREEN, totalValues } from '../register-cells.ts';

/** A day the centre is closed: its name (holiday, closing day, Sabato/Domenica), or null on an open day. */
export function dayOffName(day: RegisterDay): string | null {
  if (day.festivo) return day.festivo;
  if (day.chiusura) return `Chiusura del centro: ${day.chiusura}`;
  return isWeekend(day.data) ? WEEKDAYS_IT[weekdayOf(day.data)] : null;
}

/** The register of a month: patients × days, sticky names, totals per patient and per day, and the legend. */
export function RegisterGrid({ register, today = todayLocal() }: { register: MonthRegister; today?: string }) {
  const days = register.giorni;
  const off = days.map(dayOffName);
  // A day still to come has no count yet: blank, not a zero that reads as "nobody came".
  const dayCount = (i: number, count: number) => (off[i] || days[i].data > today ? '' : count);
  const offClass = (i: number) => (off[i] ? 'day-off' : undefined);
  return (
    <>
      <div className="register-scroll" tabIndex={0} role="region" aria-label={`Registro di ${monthName(register.mese)}, scorrevole`}>
        <Table bordered size="sm" className="register-table mb-0" aria-label={`Registro presenze di ${monthName(register.mese)}`}>
          <thead>
            <tr>
              <th scope="col" className="name-col">
                Cognome Nome
              </th>
              {days.map((g, i) => (
                <th
                  scope="col"
                  key={g.data}
                  className={offClass(i)}
                  title={off[i] ?? undefined}
                  aria-label={`${WEEKDAYS_IT[weekdayOf(g.data)]} ${formatDate(g.data)}${g.festivo || g.chiusura ? `, ${off[i]}` : ''}`}
                >
                  <span className="d-block">{Number(g.data.slice(8))}</span>
                  <span className="register-weekday">{weekdayInitial(g.data)}</span>
                </th>
              ))}
              {TOTAL_HEADERS_SCREEN.map((h, i) => (
                <th scope="col" key={h} className="total-col" title={TOTAL_HEADERS[i]} aria-label={TOTAL_HEADERS[i]}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {register.pazienti.map((p) => (
              <tr key={p.ID}>
                <th scope="row" className="name-col">
                  {patientName(p)}
                  {p.assenzaLunga && (
                    <Badge bg="danger" className="ms-2 fw-normal">
                      assente da 30+ giorni
                    </Badge>
                  )}
                </th>
                {days.map((g, i) => {
                  const cell = p.giorni[g.data];
                  return (
                    <td
                      key={g.data}
                      className={[offClass(i), cell?.stato === 'A' ? 'cell-absent' : undefined].filter(Boolean).join(' ') || undefined}
                      title={`${formatDate(g.data)}: ${cellDescription(cell)}`}
                    >
                      {cellText(cell)}
                    </td>
                  );
                })}
                {totalValues(p.totali).map((value, i) => (
                  <td key={TOTAL_HEADERS[i]} className="total-col">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <DayCounts title="Presenti del giorno" cells={days.map((g, i) => dayCount(i, g.presenti))} offClass={offClass} />
              <td className="total-col">{register.totali.presenti}</td>
              <td colSpan={TOTAL_HEADERS.length - 1} />
            </tr>
            <tr>
              <DayCounts title="Assenti del giorno" cells={days.map((g, i) => dayCount(i, g.assenti))} offClass={offClass} />
              <td className="total-col" />
              {totalValues(register.totali)
                .slice(1)
                .map((value, i) => (
                  <td key={TOTAL_HEADERS[i + 1]} className="total-col">
                    {value}
                  </td>
                ))}
            </tr>
          </tfoot>
        </Table>
      </div>
      <p className="register-legend small text-muted mt-2 mb-0">
        <span className="fw-semibold">Legenda:</span>{' '}
        {LEGEND.map(([code, meaning], i) => (
          <span key={code}>
            {i > 0 && ' · '}
            <strong>{code}</strong> {meaning}
          </span>
        ))}
        . Le colonne in grigio sono sabati, domeniche, festività e chiusure del centro (il nome compare passandoci sopra).
      </p>
    </>
  );
}

/** A footer row's heading and its count for each day of the month. */
function DayCounts({ title, cells, offClass }: { title: string; cells: ReactNode[]; offClass: (i: number) => string | undefined }) {
  return (
    <>
      <th scope="row" className="name-col">
        {title}
      </th>
      {cells.map((cell, i) => (
        <td key={i} className={offClass(i)}>
          {cell}
        </td>
      ))}
    </>
  );
}
