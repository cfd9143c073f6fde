import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { weekdayAndDate } from '../../../../common/dates.ts';
import { holidayName } from '../../../../common/holidays.ts';
import { MODELLI_MSG } from '../../../../common/modelli.ts';
import type { Escluso, GiornoApplicato } from '../api/modelli.ts';

/** "Rossi Mario (utente, assente)". */
export const leftOutLabel = (e: Escluso) => `${e.nome} (${MODELLI_MSG.leftOutKinds[e.tipo]}, ${MODELLI_MSG.leftOutReasons[e.motivo]})`;

/** What happened to one day: "scritte 5", or why it was skipped. */
export function dayOutcome(day: GiornoApplicato): string {
  if (day.saltato === null) return `scritte ${day.scritto}`;
  const why = MODELLI_MSG.skipped[day.saltato];
  const holiday = day.saltato === 'festivo' ? holidayName(day.data) : null;
  return `saltato: ${why}${holiday ? ` (${holiday})` : ''}`;
}

/** The totals line of the summary: activities and runs written, and how many days were skipped. */
export function resultTotals(giorni: GiornoApplicato[]): string {
  const written = giorni.filter((g) => g.saltato === null);
  const total = written.reduce((sum, g) => sum + g.scritto, 0);
  const skipped = giorni.length - written.length;
  const skippedText = skipped === 0 ? 'nessun giorno saltato' : skipped === 1 ? '1 giorno saltato' : `${skipped} giorni saltati`;
  return `Scritte ${total} tra attività e uscite; ${skippedText}.`;
}

interface Props {
  title: string;
  giorni: GiornoApplicato[];
  onClose: () => void;
}

/** The summary of Applica modello and Incolla settimana: per day what was written or why it was skipped, and who was left out. */
export function WeekResultModal({ title, giorni, onClose }: Props) {
  // The column of who was left out appears only when someone was.
  const leftOut = giorni.some((g) => g.esclusi.length > 0);
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="week-result-title" scrollable>
      <Modal.Header closeButton closeLabel="Chiudi">
        <Modal.Title id="week-result-title">{title}</Modal.Title>
      </Modal.Header>
      {/* A long range scrolls inside the dialog: focusable, so the keyboard can scroll it too. */}
      <Modal.Body tabIndex={0}>
        <p className="week-result-totals">{resultTotals(giorni)}</p>
        <Table size="sm" className="week-result mb-0">
          <thead>
            <tr>
              <th scope="col">Giorno</th>
              <th scope="col">Esito</th>
              {leftOut && <th scope="col">Non inseriti</th>}
            </tr>
          </thead>
          <tbody>
            {giorni.map((g) => (
              <tr key={g.data} className={g.saltato ? 'text-muted' : undefined}>
                <th scope="row" className="fw-normal text-nowrap">
                  {weekdayAndDate(g.data)}
                </th>
                <td>{dayOutcome(g)}</td>
                {leftOut && <td>{g.esclusi.map(leftOutLabel).join(', ')}</td>}
              </tr>
            ))}
          </tbody>
        </Table>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>Chiudi</Button>
      </Modal.Footer>
    </Modal>
  );
}
