import type { PaperFormat } from '../../../../common/impostazioni.ts';
import type { Giornata, Room } from '../../../../common/schemas.ts';
import { buildDaySheet, dayTitle, NOTHING_PLANNED, peopleLines } from '../day-sheet.ts';

export interface PrintSheetProps {
  day: string;
  giornata: Giornata;
  rooms: Room[];
  /** The centre's name; empty until the settings are read. */
  centre: string;
  paper: PaperFormat;
}

/** The sheet itself, in a chunk of its own (day-print-sheet.tsx renders it while the browser prints). */
export function PrintSheet({ day, giornata, rooms, centre, paper }: PrintSheetProps) {
  const sections = buildDaySheet(giornata, rooms);
  return (
    <section className="day-print-sheet">
      {/* @page cannot read a variable: the paper of the centre's settings is written here. */}
      <style>{`@media print { @page { size: ${paper === 'Letter' ? 'letter' : 'A4'} landscape; margin: 10mm; } }`}</style>
      <div className="day-print-centre">{centre}</div>
      <h2 className="day-print-title">{dayTitle(day)}</h2>
      {sections.length === 0 ? (
        <p>{NOTHING_PLANNED}</p>
      ) : (
        // One table per band, as in the PDF: its head (the room and the columns) is printed again on each page it runs over.
        sections.map((section) => (
          <table key={section.key} className="day-print-table">
            <colgroup>
              <col className="day-print-time" />
              <col className="day-print-what" />
              <col />
              <col className="day-print-staff" />
            </colgroup>
            <thead>
              <tr className={section.kind === 'runs' ? 'day-print-band day-print-band-runs' : 'day-print-band'}>
                <th colSpan={4}>{section.kind === 'runs' ? `${section.label} · passeggeri in ordine di salita` : section.label}</th>
              </tr>
              <tr className="day-print-columns">
                <th>Ora</th>
                <th>Attività</th>
                <th>Utenti</th>
                <th>Operatori</th>
              </tr>
            </thead>
            <tbody>
              {section.entries.map((entry) => (
                <tr key={entry.key}>
                  <td className="fw-bold">{entry.time}</td>
                  <td>
                    <strong>{entry.title}</strong>
                    {entry.detail && <div>{entry.detail}</div>}
                  </td>
                  <td>{lines(peopleLines(section, entry))}</td>
                  <td>{lines(entry.operatori)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))
      )}
    </section>
  );
}

const lines = (names: string[]) => (names.length === 0 ? '—' : names.map((name, i) => <div key={i}>{name}</div>));
